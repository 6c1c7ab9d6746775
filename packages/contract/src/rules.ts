/**
 * The shop's rules that both the server and the web app apply, free of zod so that the storefront can
 * import them without downloading the schema library (import from "@florist/contract/rules").
 */

export const DEFAULT_DELIVERY_FEE = 50000;

/**
 * The largest whole number every integer column holds on both databases (PostgreSQL `integer`).
 * Ids, quantities, prices and totals are bounded by it at the edge, so SQLite and PostgreSQL answer
 * alike and an oversized value is a 400, not a database error.
 */
export const MAX_DB_INT = 2_147_483_647;

export const PASSWORD_RULE_MESSAGE = "Password harus memenuhi semua kriteria keamanan.";

/** The checks of the live password checklist (docs/rules.md, Accounts), shared by the server's rule and the signup form. */
export const passwordChecks = [
  { key: "length", label: "Minimal 8 karakter", test: (p: string) => p.length >= 8 },
  { key: "uppercase", label: "Minimal 1 huruf kapital", test: (p: string) => /[A-Z]/.test(p) },
  { key: "digit", label: "Minimal 1 angka", test: (p: string) => /[0-9]/.test(p) },
] as const;

export function isStrongPassword(password: string): boolean {
  return passwordChecks.every((check) => check.test(password));
}

export const ORDER_STATUSES = ["Order Received", "In Delivery", "Finished", "Denied", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Completed is a legacy final status that customer screens treat like Finished. */
export const REVIEWABLE_STATUSES = ["finished", "completed"];

/**
 * A status name in lower case for comparing: one of the shop's statuses however it is spelled
 * (see orderStatusOf: case and spaces do not matter) reads as its own name, "in delivery"; any
 * other name (the legacy "Completed") reads as itself, trimmed.
 */
export function normalizeStatus(status: string | null | undefined): string {
  return (orderStatusOf(status) ?? (status ?? "").trim()).toLowerCase();
}

export function isReviewable(status: string | null | undefined): boolean {
  return REVIEWABLE_STATUSES.includes(normalizeStatus(status));
}

/** Comma-joined lists as the admin form sends them: trimmed, empty entries dropped. */
export function splitList(value: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : (value ?? "").split(",");
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** Status names are matched the way admins type them: case and spaces do not matter ("in delivery", "InDelivery"). */
function statusKey(status: string | null | undefined): string {
  return (status ?? "").replace(/\s+/g, "").toLowerCase();
}

/** The shop's status a name stands for, however it is spelled, or undefined for any other name. */
export function orderStatusOf(status: string | null | undefined): OrderStatus | undefined {
  const key = statusKey(status);
  return ORDER_STATUSES.find((known) => statusKey(known) === key);
}

/**
 * Which status an admin may move an order to from each status: an order is received, then either
 * delivered and finished or denied. Finished and Denied are final.
 */
export const STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  "Order Received": ["In Delivery", "Denied"],
  "In Delivery": ["Finished"],
  Finished: [],
  Denied: [],
  // The shopper cancels, or an unpaid order lapses (contract §7.2); no admin moves an order there.
  Cancelled: [],
};

/** The statuses an order in `status` may move to; none for a final, legacy or unknown status. */
export function nextStatuses(status: string | null | undefined): readonly OrderStatus[] {
  const current = orderStatusOf(status);
  return current ? STATUS_TRANSITIONS[current] : [];
}

export function canChangeStatus(from: string | null | undefined, to: OrderStatus): boolean {
  return nextStatuses(from).includes(to);
}

/** Uploaded images (product pictures, delivery proofs) are at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface PricedCustomization {
  price: number;
  quantity: number;
}

/** What a line's customizations add to its price: each one's price times its quantity. */
export function customizationTotal(customizations: readonly PricedCustomization[] | null | undefined): number {
  return (customizations ?? []).reduce((sum, c) => sum + c.price * c.quantity, 0);
}

/** What an order line costs: the unit price times the quantity, plus its customizations. */
export function linePrice(
  unitPrice: number,
  quantity: number,
  customizations: readonly PricedCustomization[] | null | undefined,
): number {
  return unitPrice * quantity + customizationTotal(customizations);
}

/** A colour option is stored as "label" or "label::#hex". */
export const COLOR_SEPARATOR = "::";

/** A colour's hex is "#" and 3 to 6 hex digits; without "#" it does not count. */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{3,6}$/i.test(value);
}

/** Splits "label" or "label::#hex", both trimmed; a hex that breaks the rule above reads as absent (null). */
export function parseColorOption(raw: string): { label: string; hex: string | null } {
  const at = raw.indexOf(COLOR_SEPARATOR);
  if (at < 0) return { label: raw.trim(), hex: null };
  const hex = raw.slice(at + COLOR_SEPARATOR.length).trim();
  return { label: raw.slice(0, at).trim(), hex: isHexColor(hex) ? hex : null };
}

/** A colour option as it is stored: "label::#hex" when the hex is valid, otherwise the label alone. */
export function formatColorOption(label: string, hex: string | null | undefined): string {
  const name = label.trim();
  const code = hex?.trim() ?? "";
  return isHexColor(code) ? `${name}${COLOR_SEPARATOR}${code}` : name;
}

/** Whether two status names, of an order or a payment, are the same name, ignoring case and spaces. */
export function sameStatus(a: string | null | undefined, b: string | null | undefined): boolean {
  return statusKey(a) === statusKey(b);
}

/** The shop's time zone: Bandung keeps Western Indonesia Time (UTC+7, no daylight saving). */
export const SHOP_TIME_ZONE = "Asia/Jakarta";

/**
 * Orders in these statuses (compared with normalizeStatus) no longer hold their delivery slot. The
 * server's count of each place (migration 20261203100000's triggers) holds a copy: a change here
 * needs a migration that writes the triggers again.
 */
export const SLOT_RELEASING_STATUSES = ["denied", "cancelled"];

/** The most characters a gift card holds, counted by cardMessageLength. */
export const CARD_MESSAGE_MAX = 250;

/**
 * A card message's length as the shopper sees it: one per character drawn (an emoji with a skin tone
 * is one), with a line break counted once whether the browser sends "\r\n" or "\n".
 */
export function cardMessageLength(text: string): number {
  const normalized = text.replace(/\r\n/g, "\n");
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let count = 0;
  for (const _ of segmenter.segment(normalized)) count++;
  return count;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD ("2026-02-30" is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The calendar date `days` after a YYYY-MM-DD date (negative: before), across month and year ends. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Minutes since midnight of an "HH:MM" time. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * Payment states of an order (contract §7.2): waiting for the transfer, a transfer receipt sent and
 * waiting for the admin, paid, or the receipt refused (the shopper may send another).
 */
export const PAYMENT_STATUSES = ["Pending", "Awaiting Verification", "Paid", "Rejected"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment window when an admin has not set one: a day (contract §7.2). */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 1440;

/** An order's display id: MB- and the id padded with zeros to 3 digits, MB-007 (docs/rules.md). */
export function orderDisplayId(orderId: number | string): string {
  return `MB-${String(orderId).padStart(3, "0")}`;
}

const rupiahFormat = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", maximumFractionDigits: 0 });

/** Money is a whole number of rupiah, written the Indonesian way (Rp 350.000) on screens, mails and invoices. */
export function formatRupiah(amount: number | null | undefined): string {
  return rupiahFormat.format(Number.isFinite(amount) ? Number(amount) : 0);
}

/** How many posts the home page's Blog & Tips can feature at once (contract §7.4): a fourth is refused. */
export const MAX_FEATURED_POSTS = 3;
