import type {
  AddCartItemBody,
  Cart,
  Customization,
  cartItemCustomizationBody,
  Product,
  SizePrice,
} from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

export const productQuery = (productId: number) =>
  queryOptions({
    queryKey: ["product", productId],
    queryFn: ({ signal }) => api.get<Product>(`/products/${productId}`, undefined, signal),
  });

export const customizationsQuery = queryOptions({
  queryKey: ["customizations"],
  queryFn: ({ signal }) => api.get<Customization[]>("/customization", undefined, signal),
  staleTime: 10 * 60_000,
});

/** The price of a size; a failure is only logged and the product's own price stays. */
export const sizePriceQuery = (productId: number, size: string) =>
  queryOptions({
    queryKey: ["size-price", productId, size],
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<SizePrice>(`/products/price/${encodeURIComponent(size)}`, { productId }, signal);
        return Number.isFinite(answer.price) ? answer.price : null;
      } catch (error) {
        console.warn("Price for size unavailable.", error);
        return null;
      }
    },
    enabled: size !== "",
  });

export interface AddToCartInput {
  userId: number;
  productId: number;
  quantity: number;
  unitPrice: number;
  size: string;
  color: string;
  colorHex: string;
  customizations: { customization_id: number; quantity: number }[];
}

/**
 * Create the item, find it, find it in the returned cart by product, size and colour, then attach
 * one customization per choice. A customization that fails is logged and the item stays.
 */
export async function addToCart(input: AddToCartInput): Promise<number | null> {
  const line: AddCartItemBody = {
    productId: input.productId,
    quantity: input.quantity,
    unitPrice: input.unitPrice,
    size: input.size,
    color: input.color,
    colorHex: input.colorHex,
  };
  const cart = await api.post<Cart>(`/cart/user/${input.userId}/items`, line);
  const item = cart.items.find(
    (line) =>
      line.productId === input.productId &&
      (line.selectedSize ?? "") === input.size &&
      (line.selectedColor ?? "") === input.color,
  );
  if (!item) return null;
  for (const customization of input.customizations) {
    try {
      const attach: z.input<typeof cartItemCustomizationBody> = {
        cart_item_id: item.cartItemId,
        customization_id: customization.customization_id,
        quantity: customization.quantity,
      };
      await api.post("/cartItemCustomization", attach);
    } catch (error) {
      console.warn("A customization could not be attached to the cart item.", error);
    }
  }
  return item.cartItemId;
}
