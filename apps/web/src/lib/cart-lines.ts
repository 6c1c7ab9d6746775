import type { CartItem } from "@florist/contract";
import { COLOR_SEPARATOR, parseColorOption } from "./colors";
import type { CheckoutItem } from "./pricing";

// Kept apart from ./cart, which the navigation's cart badge loads with the first page: the colour
// rules these need are only downloaded with the cart and checkout screens.

/** A cart line as checkout receives it. */
export function toCheckoutItem(item: CartItem, notes = ""): CheckoutItem {
  return {
    productId: item.productId,
    name: item.productName,
    price: item.unitPrice,
    quantity: item.quantity,
    imageUrl: item.imageUrl,
    size: item.selectedSize ?? "",
    color: item.selectedColor ?? "",
    colorHex: item.selectedColorHex || undefined,
    notes,
    customizations: item.customizations ?? [],
    cartItemId: item.cartItemId,
  };
}

/** The chip colour of a cart line: its own hex when valid, else the colour name's. */
export function cartItemColor(item: Pick<CartItem, "selectedColor" | "selectedColorHex">): string {
  const hex = item.selectedColorHex?.trim() ?? "";
  return parseColorOption(hex ? `${item.selectedColor}${COLOR_SEPARATOR}${hex}` : (item.selectedColor ?? "")).hex;
}
