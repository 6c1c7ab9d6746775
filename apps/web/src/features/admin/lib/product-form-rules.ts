import { COLOR_SEPARATOR, isHexColor } from "@florist/contract/rules";
import { i18n } from "../../../lib/i18n";
import { DEFAULT_COLOR } from "./color-presets";
import { type ColorEntry, type FormMode, type ProductFormValues, type SizeEntry, sameName } from "./product-form";

/**
 * What the product form accepts, checked in the browser before anything is sent so the admin sees
 * the first problem at once, and the lists of sizes and colours as the server stores them.
 */

/** Commas separate list entries on the wire, so they cannot stay inside one. */
export function listEntry(value: string): string {
  return value.replace(/,/g, " ").replace(/\s+/g, " ").trim();
}

/** A colour's name as stored: no list commas and no "label::hex" separator inside it. */
export function colorLabel(entry: Pick<ColorEntry, "name">): string {
  return listEntry(entry.name.replaceAll(COLOR_SEPARATOR, " "));
}

/** Each named size once, as the server stores it, with the entry that names it first. */
export function namedSizes(sizes: readonly SizeEntry[]): [string, SizeEntry][] {
  const named: [string, SizeEntry][] = [];
  for (const entry of sizes) {
    const label = listEntry(entry.size);
    if (label && !named.some(([existing]) => sameName(existing, label))) named.push([label, entry]);
  }
  return named;
}

/** Sizes: trimmed, empty entries dropped, each once. */
export function cleanSizes(sizes: readonly SizeEntry[]): string[] {
  return namedSizes(sizes).map(([label]) => label);
}

/** A size's own price as whole rupiah, NaN when it is not a number. */
export function ownPriceOf(entry: SizeEntry): number {
  return entry.price.trim() === "" ? Number.NaN : Math.round(Number(entry.price));
}

/** The first size whose own price cannot be saved, as a message, or null. */
function sizePriceProblem(sizes: readonly SizeEntry[]): string | null {
  for (const [label, entry] of namedSizes(sizes)) {
    const price = ownPriceOf(entry);
    if (entry.ownPrice && !(Number.isFinite(price) && price > 0)) {
      return i18n.t("The price of size {{size}} must be greater than 0.", { size: label });
    }
  }
  return null;
}

/** The shop's one hex rule: a colour without a valid "#hex" is stored with the default colour. */
function storedHex(hex: string): string {
  const value = hex.trim().toLowerCase();
  return isHexColor(value) ? value : DEFAULT_COLOR;
}

/** Colours as stored: "label::#hex", named ones only, each once; on edit only those marked available. */
export function cleanColors(colors: readonly ColorEntry[], mode: FormMode): string[] {
  const result: string[] = [];
  const labels: string[] = [];
  for (const entry of colors) {
    if (mode === "edit" && !entry.available) continue;
    const label = colorLabel(entry);
    if (!label || labels.some((existing) => sameName(existing, label))) continue;
    labels.push(label);
    result.push(`${label}${COLOR_SEPARATOR}${storedHex(entry.color)}`);
  }
  return result;
}

function toNumber(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

/** The first rule the form breaks, in the order the fields appear, or null when it can be saved. */
export function validateProductForm(values: ProductFormValues, mode: FormMode): string | null {
  if (!values.categoryId.trim()) return i18n.t("Category is required.");
  if (!values.name.trim()) return i18n.t("Product name is required.");
  if (mode === "edit" && !values.description.trim()) return i18n.t("Description is required.");
  const price = toNumber(values.price);
  if (!Number.isFinite(price) || price <= 0) return i18n.t("Price must be greater than 0.");
  const stock = toNumber(values.stock);
  if (!Number.isFinite(stock) || stock < 0) return i18n.t("Stock must be at least 0.");
  if (cleanColors(values.colors, mode).length === 0) return i18n.t("Please add at least one color option.");
  if (cleanSizes(values.sizes).length === 0) return i18n.t("Please add at least one size option.");
  const sizePrice = sizePriceProblem(values.sizes);
  if (sizePrice) return sizePrice;
  if (mode === "add" && !values.imageFile && !values.imageUrl.trim())
    return i18n.t("Please upload at least one product image.");
  return null;
}
