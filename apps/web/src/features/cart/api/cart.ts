import type { CartItem, StockCheck, updateCartItemBody } from "@florist/contract";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

/** The price sent (unit price × new quantity) is only informative: the server prices the line itself. */
export function changeQuantity(item: CartItem, quantity: number) {
  const body: z.input<typeof updateCartItemBody> = { quantity, price: item.unitPrice * quantity };
  return api.put<CartItem>(`/cartitem/${item.cartItemId}`, body);
}

export function removeItem(cartItemId: number) {
  return api.delete(`/cartitem/${cartItemId}`);
}

export function checkStock(cartId: number) {
  return api.get<StockCheck>(`/cart/${cartId}/check-stock`);
}
