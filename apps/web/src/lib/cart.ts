import type { Cart } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { whileSignedIn } from "./auth";

/** The shopper's cart is shared by the product page, the cart, checkout and the navigation badge. */
export const cartKey = (userId: number) => ["cart", userId] as const;

export async function fetchCart(userId: number): Promise<Cart> {
  await api.post<{ cartId: number }>(`/cart/user/${userId}/ensure`);
  return api.get<Cart>(`/cart/user/${userId}/full`);
}

export const cartQuery = (userId: number) =>
  queryOptions({
    queryKey: cartKey(userId),
    queryFn: () => fetchCart(userId),
    staleTime: 30_000,
    enabled: whileSignedIn,
  });

/** The delivery fee is read with the cart and changed by the admin settings; both refresh this key. */
export const deliveryFeeKey = ["delivery-fee"] as const;
