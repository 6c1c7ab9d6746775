import type { CartItem, StockCheck } from "@florist/contract";
import { api } from "../../../lib/api-client";

/** Spec §7: the price sent is the unit price times the new quantity; the server prices the line itself. */
export function changeQuantity(item: CartItem, quantity: number) {
  return api.put<CartItem>(`/cartitem/${item.cartItemId}`, { quantity, price: item.unitPrice * quantity });
}

export function removeItem(cartItemId: number) {
  return api.delete(`/cartitem/${cartItemId}`);
}

export function checkStock(cartId: number) {
  return api.get<StockCheck>(`/cart/${cartId}/check-stock`);
}
