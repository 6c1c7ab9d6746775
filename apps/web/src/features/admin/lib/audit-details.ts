import type { AuditEntry } from "@florist/contract";
import { formatOrderId } from "../../../lib/format";
import { i18n } from "../../../lib/i18n";
import { wordsFor } from "./audit-actions";

/** One line of a change as the audit screen shows it: a field going from before to after, or a note. */
export type ChangeLine =
  | { kind: "change"; label: string | null; before: string; after: string }
  | { kind: "note"; label: string; value: string };

const LONG = 120;
const EMPTY = "—";
const numbers = new Intl.NumberFormat("id-ID");

/**
 * The fields the server keeps in its entries (products, colour photos, categories, occasions,
 * add-ons, posts, orders, payments, settings and the delivery schedule) by the names the admin's
 * screens give them. A field this build does not know (one a newer server records) shows as it is.
 */
const FIELD_NAMES: Record<string, () => string> = {
  accountName: () => i18n.t("Account name"),
  accountNumber: () => i18n.t("Account number"),
  active: () => i18n.t("Active"),
  availability_status: () => i18n.t("Availability"),
  bank: () => i18n.t("Bank"),
  bankAccounts: () => i18n.t("Bank accounts"),
  body: () => i18n.t("Text"),
  capacity: () => i18n.t("Capacity"),
  category_id: () => i18n.t("Category no."),
  closedDates: () => i18n.t("Closed dates"),
  color_name: () => i18n.t("Color"),
  colors: () => i18n.t("Colors"),
  customization_id: () => i18n.t("Add-on no."),
  date: () => i18n.t("Delivery date"),
  deliveryFee: () => i18n.t("Delivery fee (IDR)"),
  description: () => i18n.t("Description"),
  end: () => i18n.t("End"),
  excerpt: () => i18n.t("Excerpt"),
  featured: () => i18n.t("Featured"),
  fee: () => i18n.t("Fee"),
  image: () => i18n.t("Image no."),
  image_alt: () => i18n.t("Cover description (alt text)"),
  image_url: () => i18n.t("Image"),
  label: () => i18n.t("Label"),
  name: () => i18n.t("Name"),
  note: () => i18n.t("Note"),
  occasions: () => i18n.t("Occasions"),
  overCapacity: () => i18n.t("Over capacity"),
  payment: () => i18n.t("Payment"),
  paymentWindowMinutes: () => i18n.t("Time to pay (minutes)"),
  position: () => i18n.t("Position"),
  price: () => i18n.t("Price"),
  product_type: () => i18n.t("Product type"),
  products: () => i18n.t("Products"),
  proof: () => i18n.t("Delivery proof"),
  published_at: () => i18n.t("Published"),
  reason: () => i18n.t("Reason"),
  sameDayCutoff: () => i18n.t("Same-day cutoff"),
  sizes: () => i18n.t("Sizes"),
  slotId: () => i18n.t("Slot no."),
  slotIds: () => i18n.t("Slot nos."),
  slots: () => i18n.t("Time slots"),
  start: () => i18n.t("Start"),
  status: () => i18n.t("Status"),
  stock_quantity: () => i18n.t("Stock"),
  timezone: () => i18n.t("Time zone"),
  title: () => i18n.t("Title"),
  windowDays: () => i18n.t("Days ahead a shopper may choose"),
  zoneId: () => i18n.t("District no."),
  zones: () => i18n.t("Districts"),
};

/** A field of an entry by its name on the admin's screens, or as the server keeps it. */
export const fieldName = wordsFor(FIELD_NAMES);

/** The values the server keeps as codes, in words. */
const valueName = wordsFor({
  in_stock: () => i18n.t("Available"),
  out_of_stock: () => i18n.t("Out of Stock"),
  "base price": () => i18n.t("base price"),
});

/** A colour as the product keeps it, "Blush::#f4c2c2": its name is what the admin reads. */
const COLOUR_CODE = /::#[0-9a-f]{3,8}$/i;

/** Targets that name the whole of something (the schedule, a setting): the action already says which. */
const WHOLE = /^(?:delivery-schedule|settings:[\w-]+|category:all)$/;

/** What an entry changed: an order by its number (MB-042), anything else by its number (#12). */
export function targetName(target: string): string {
  if (WHOLE.test(target)) return "";
  const match = /^([a-z]+):(\d+)$/.exec(target);
  if (!match) return target;
  const id = Number(match[2]);
  return match[1] === "order" ? formatOrderId(id) : `#${id}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A value in words an admin reads: numbers grouped the Indonesian way, lists joined, nothing as a dash. */
export function readable(value: unknown): string {
  let text: string;
  if (value === null || value === undefined || value === "") text = EMPTY;
  else if (typeof value === "number") text = numbers.format(value);
  else if (typeof value === "boolean") text = value ? i18n.t("yes") : i18n.t("no");
  else if (typeof value === "string") text = valueName(value).replace(COLOUR_CODE, "");
  else if (Array.isArray(value)) text = value.length === 0 ? EMPTY : value.map(readable).join(", ");
  else if (isRecord(value))
    text = Object.entries(value)
      .map(([key, inner]) => `${fieldName(key)}: ${readable(inner)}`)
      .join(", ");
  else text = String(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of a record change that differ. A record made shows the fields it was made with; one
 * removed shows every field it held against a dash.
 */
function fieldChanges(before: unknown, after: unknown): ChangeLine[] {
  if ((before === null || before === undefined) && isRecord(after)) {
    return Object.entries(after).map(([key, value]) => ({
      kind: "note",
      label: fieldName(key),
      value: readable(value),
    }));
  }
  if (!isRecord(before) && !isRecord(after)) {
    return [{ kind: "change", label: null, before: readable(before), after: readable(after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => !same(was[key], now[key]))
    .map((key) => ({ kind: "change", label: fieldName(key), before: readable(was[key]), after: readable(now[key]) }));
}

/** An entry's details as lines: before → after field by field, then anything else it notes (a note, a flag). */
export function describeChange(details: AuditEntry["details"]): ChangeLine[] {
  const { before, after, ...rest } = details;
  const changes = "before" in details || "after" in details ? fieldChanges(before, after) : [];
  const notes: ChangeLine[] = Object.entries(rest).map(([key, value]) => ({
    kind: "note",
    label: fieldName(key),
    value: readable(value),
  }));
  return [...changes, ...notes];
}
