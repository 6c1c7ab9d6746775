import { z } from "zod";
import { id, quantity } from "./common.js";

const optionText = z
  .string()
  .trim()
  .max(80)
  .nullish()
  .transform((v) => v ?? "");

/** unitPrice is accepted for compatibility with the storefront's payload, but the server prices the line itself. */
export const addCartItemBody = z.object({
  productId: id,
  quantity,
  unitPrice: z.unknown().optional(),
  size: optionText,
  color: optionText,
  colorHex: optionText,
});
export type AddCartItemBody = z.input<typeof addCartItemBody>;

/** price is ignored: the line price is computed from the server's catalogue. */
export const updateCartItemBody = z.object({ quantity, price: z.unknown().optional() });

export const cartItemCustomizationBody = z.object({
  cart_item_id: id,
  customization_id: id,
  quantity: quantity.default(1),
});

export const cartOrderCustomizationBody = z.object({ order_id: id });

export const cartItemIdParam = z.object({ cartItemId: id });

export interface EnsureCartAnswer {
  cartId: number;
}

export interface CartCustomization {
  customization_id: number;
  name: string;
  price: number;
  quantity: number;
}

/**
 * One cart line, priced by the server. `sizeAvailable` and `colorAvailable` are the product's offered
 * sizes and colours, comma-joined as the product form sends them (colours as "label" or "label::#hex"),
 * so a screen can tell whether the chosen size and colour are still offered. `stockQuantity` is what can
 * still be bought: 0 when the product is out of stock or no longer sold.
 */
export interface CartItem {
  cartItemId: number;
  productId: number;
  productName: string;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  linePrice: number;
  selectedSize: string;
  sizeAvailable: string;
  selectedColor: string;
  selectedColorHex: string;
  colorAvailable: string;
  stockQuantity: number;
  customizations: CartCustomization[];
  customizationTotal: number;
}

export interface Cart {
  cartId: number;
  items: CartItem[];
}

export interface UnavailableItem {
  name: string;
  availableStock: number;
  requestedStock: number;
}

export interface StockCheck {
  unavailableItems: UnavailableItem[];
}
