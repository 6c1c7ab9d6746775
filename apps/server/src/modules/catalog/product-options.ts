import type { AvailabilityStatus } from "@florist/contract";
import { formatColorOption, parseColorOption as splitColorOption } from "@florist/contract/rules";
import { badRequest, msg } from "../../errors.js";

/**
 * A product's sizes and colours and the rules for buying it: the one place that reads
 * products.size_options and products.color_options, checks what an admin or a shopper sends
 * against them, and says how much of a product can be bought. The catalogue, product
 * management, the cart and orders all go through here, so they cannot disagree.
 */

/** A size as stored in products.size_options: its own price, or null to use the product's price. */
export interface SizeOption {
  label: string;
  price: number | null;
}

/** A colour as stored in products.color_options: "label" or "label::#hex". */
export interface ColorOption {
  label: string;
  /** The hex exactly as stored ("#c0392b", "#FFF"), or null when the option has no valid one. */
  hex: string | null;
  /** The option exactly as stored. */
  raw: string;
}

const MAX_OPTIONS = 30;
const MAX_SIZE_LABEL = 60;
const MAX_COLOUR_LABEL = 80;

// A damaged list in one row must not take the whole catalogue down; it reads as empty instead.
function parseJsonList(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Sizes are compared the way people type them: "Large" and " large" are one size. */
const optionKey = (label: string) => label.trim().toLowerCase();

export function parseSizeOptions(json: string): SizeOption[] {
  return parseJsonList(json).flatMap((entry): SizeOption[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const { label, price } = entry as { label?: unknown; price?: unknown };
    if (typeof label !== "string" || label.trim() === "") return [];
    return [
      { label: label.trim(), price: Number.isInteger(price) && (price as number) >= 0 ? (price as number) : null },
    ];
  });
}

/**
 * Splits "label" or "label::#hex" by the shared rule (a hex without "#" counts as absent, on the way
 * in as on the way out, so what the admin form stores is exactly what every reader accepts).
 */
export function parseColorOption(raw: string): ColorOption {
  return { ...splitColorOption(raw), raw };
}

export function parseColorOptions(json: string): ColorOption[] {
  return parseJsonList(json)
    .filter((entry): entry is string => typeof entry === "string")
    .map(parseColorOption)
    .filter((option) => option.label !== "");
}

/**
 * The size a shopper picked as the product offers it, matched ignoring case and surrounding spaces.
 * An empty size means "none chosen", which only fits a product that offers no sizes.
 */
export function findSize(sizes: SizeOption[], size: string): SizeOption | undefined {
  if (size.trim() === "") return sizes.length === 0 ? { label: "", price: null } : undefined;
  return sizes.find((option) => optionKey(option.label) === optionKey(size));
}

/** Like findSize; a client may send the label alone or the stored "label::#hex". */
export function findColor(colors: ColorOption[], color: string): ColorOption | undefined {
  if (color.trim() === "") return colors.length === 0 ? { label: "", hex: null, raw: "" } : undefined;
  const wanted = optionKey(parseColorOption(color).label);
  return colors.find((option) => optionKey(option.label) === wanted);
}

/** One unit in a size: the size's own price, else the product's (also for a size no longer offered). */
export function unitPrice(product: { price: number }, size: SizeOption | undefined): number {
  return size?.price ?? product.price;
}

/** What decides whether a product can be bought; archived_at is absent where only products on sale are read. */
export interface StockState {
  stock_quantity: number;
  availability_status: AvailabilityStatus;
  archived_at?: string | null;
}

/** How many units can still be bought: none when the product is marked out of stock or no longer sold. */
export function availableStock(product: StockState): number {
  if (product.archived_at || product.availability_status !== "in_stock") return 0;
  return Math.max(0, product.stock_quantity);
}

/** Out of stock when the admin says so or when nothing is left (docs/rules.md, Stock). */
export function effectiveStatus(product: StockState): AvailabilityStatus {
  return availableStock(product) > 0 ? "in_stock" : "out_of_stock";
}

/** What the cart and orders read of a product to check and price a line. */
export interface SellableProduct extends StockState {
  name: string;
  price: number;
  size_options: string;
  color_options: string;
}

/** The size and colour as the product offers them; undefined where it does not (or no longer does). */
export function matchOptions(
  product: Pick<SellableProduct, "size_options" | "color_options">,
  size: string,
  color: string,
) {
  return {
    size: findSize(parseSizeOptions(product.size_options), size),
    color: findColor(parseColorOptions(product.color_options), color),
  };
}

/** The size and colour a shopper picked, checked against what the product offers (400 otherwise). */
export function chooseOptions(product: SellableProduct, size: string, color: string) {
  const chosen = matchOptions(product, size, color);
  if (!chosen.size) {
    throw badRequest(
      size
        ? msg("{{product}} does not come in size {{size}}.", { product: product.name, size })
        : "Please select a size first.",
      "SIZE_NOT_OFFERED",
    );
  }
  if (!chosen.color) {
    throw badRequest(
      color
        ? msg("{{product}} does not come in the colour {{color}}.", { product: product.name, color })
        : "Please select a color first.",
      "COLOR_NOT_OFFERED",
    );
  }
  return { size: chosen.size, color: chosen.color };
}

/**
 * The sizes as the admin listed them, trimmed, in order and without repeats, with their prices.
 * When `ownPrices` is sent it says every size's price: a size it names costs that, any other size
 * follows the product's price (null), and a name that is none of the sizes is refused. When it is
 * not sent, a size that stays keeps its own price and a new one follows the product's price.
 */
export function normalizeSizes(
  labels: string[],
  previous: SizeOption[] = [],
  ownPrices?: Record<string, number>,
): SizeOption[] {
  const seen = new Set<string>();
  const sizes: SizeOption[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    if (label === "" || seen.has(optionKey(label))) continue;
    if (label.length > MAX_SIZE_LABEL)
      throw badRequest(msg("A size name is at most {{max}} characters.", { max: MAX_SIZE_LABEL }));
    seen.add(optionKey(label));
    sizes.push({ label, price: ownPrices ? null : (findSize(previous, label)?.price ?? null) });
  }
  if (sizes.length > MAX_OPTIONS) throw badRequest(msg("A product has at most {{max}} sizes.", { max: MAX_OPTIONS }));
  for (const [name, price] of Object.entries(ownPrices ?? {})) {
    const size = name.trim() === "" ? undefined : findSize(sizes, name);
    if (!size)
      throw badRequest(msg('size_prices names "{{name}}", which is not one of the product\'s sizes.', { name }));
    size.price = price;
  }
  return sizes;
}

/** Every size's price (its own, else the product's), and the sizes that have their own. */
export function sizePrices(product: { price: number }, sizes: SizeOption[]) {
  return {
    sizePrices: Object.fromEntries(sizes.map((size) => [size.label, unitPrice(product, size)])),
    ownSizePrices: Object.fromEntries(sizes.flatMap((size) => (size.price === null ? [] : [[size.label, size.price]]))),
  };
}

/** "label::#hex" is kept as sent when the hex is valid; otherwise only the label is kept. */
export function normalizeColors(entries: string[]): string[] {
  const seen = new Set<string>();
  const colors: string[] = [];
  for (const entry of entries) {
    const { label, hex } = parseColorOption(entry);
    if (label === "" || seen.has(optionKey(label))) continue;
    if (label.length > MAX_COLOUR_LABEL)
      throw badRequest(msg("A colour name is at most {{max}} characters.", { max: MAX_COLOUR_LABEL }));
    seen.add(optionKey(label));
    colors.push(formatColorOption(label, hex));
  }
  if (colors.length > MAX_OPTIONS)
    throw badRequest(msg("A product has at most {{max}} colours.", { max: MAX_OPTIONS }));
  return colors;
}
