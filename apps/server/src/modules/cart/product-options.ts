import type { CartCustomization } from "@florist/contract";
import { badRequest } from "../../errors.js";

/**
 * The rules for buying a product, shared by the cart and by order creation: which sizes and
 * colours it offers, what one unit costs in a size, and how many can still be bought.
 */
export interface SellableProduct {
  name: string;
  price: number;
  stock_quantity: number;
  availability_status: "in_stock" | "out_of_stock";
  archived_at: string | null;
  size_options: string;
  color_options: string;
}

export interface SizeOption {
  label: string;
  price: number | null;
}

export interface ColorOption {
  label: string;
  /** "#rrggbb" or "#rgb" when the option carries a valid hex, else "". */
  hex: string;
  raw: string;
}

const COLOR_SEPARATOR = "::";
const HEX = /^#?[0-9a-f]{3,6}$/i;

function parseJsonList(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function sizeOptions(product: Pick<SellableProduct, "size_options">): SizeOption[] {
  return parseJsonList(product.size_options).flatMap((entry): SizeOption[] => {
    if (typeof entry === "string") return entry.trim() ? [{ label: entry.trim(), price: null }] : [];
    if (typeof entry !== "object" || entry === null) return [];
    const { label, price } = entry as { label?: unknown; price?: unknown };
    if (typeof label !== "string" || !label.trim()) return [];
    return [
      { label: label.trim(), price: Number.isInteger(price) && (price as number) >= 0 ? (price as number) : null },
    ];
  });
}

export function parseColorOption(raw: string): ColorOption {
  const at = raw.indexOf(COLOR_SEPARATOR);
  const label = (at >= 0 ? raw.slice(0, at) : raw).trim();
  const hexPart = at >= 0 ? raw.slice(at + COLOR_SEPARATOR.length).trim() : "";
  const hex = HEX.test(hexPart) ? `#${hexPart.replace(/^#/, "").toLowerCase()}` : "";
  return { label, hex, raw };
}

export function colorOptions(product: Pick<SellableProduct, "color_options">): ColorOption[] {
  return parseJsonList(product.color_options)
    .filter((entry): entry is string => typeof entry === "string")
    .map(parseColorOption)
    .filter((option) => option.label.length > 0);
}

/** How many units can still be bought: none when the product is marked out of stock or no longer sold. */
export function availableStock(product: SellableProduct): number {
  if (product.archived_at !== null || product.availability_status !== "in_stock") return 0;
  return Math.max(0, product.stock_quantity);
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The size as the product spells it, or undefined when the product does not offer it. An empty size fits a product without sizes. */
export function findSize(product: SellableProduct, size: string): SizeOption | undefined {
  const sizes = sizeOptions(product);
  if (!size) return sizes.length === 0 ? { label: "", price: null } : undefined;
  return sizes.find((option) => sameLabel(option.label, size));
}

/** The colour as the product stores it; a client may send the label alone or the stored "label::#hex". */
export function findColor(product: SellableProduct, color: string): ColorOption | undefined {
  const colors = colorOptions(product);
  if (!color) return colors.length === 0 ? { label: "", hex: "", raw: "" } : undefined;
  const label = parseColorOption(color).label;
  return colors.find((option) => sameLabel(option.label, label));
}

export function unitPrice(product: SellableProduct, size: SizeOption): number {
  return size.price ?? product.price;
}

/** The size and colour a shopper picked, checked against what the product offers (400 otherwise). */
export function chooseOptions(product: SellableProduct, size: string, color: string) {
  const chosenSize = findSize(product, size);
  if (!chosenSize) {
    throw badRequest(
      size ? `${product.name} does not come in size ${size}.` : "Please select a size first.",
      "SIZE_NOT_OFFERED",
    );
  }
  const chosenColor = findColor(product, color);
  if (!chosenColor) {
    throw badRequest(
      color ? `${product.name} does not come in the colour ${color}.` : "Please select a color first.",
      "COLOR_NOT_OFFERED",
    );
  }
  return { size: chosenSize, color: chosenColor };
}

export function customizationTotal(customizations: readonly Pick<CartCustomization, "price" | "quantity">[]): number {
  return customizations.reduce((sum, c) => sum + c.price * c.quantity, 0);
}
