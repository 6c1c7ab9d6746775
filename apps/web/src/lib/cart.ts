import type { Cart, CartItem } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { COLOR_SEPARATOR, parseColorOption } from "./colors";
import type { CheckoutItem } from "./pricing";

/** The shopper's cart is shared by the product page, the cart, checkout and the navigation badge. */
export const cartKey = (userId: number) => ["cart", userId] as const;

export async function fetchCart(userId: number): Promise<Cart> {
  await api.post<{ cartId: number }>(`/cart/user/${userId}/ensure`);
  return api.get<Cart>(`/cart/user/${userId}/full`);
}

export const cartQuery = (userId: number) =>
  queryOptions({ queryKey: cartKey(userId), queryFn: () => fetchCart(userId), staleTime: 30_000 });

/** The delivery fee is read with the cart and changed by the admin settings; both refresh this key. */
export const deliveryFeeKey = ["delivery-fee"] as const;

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
