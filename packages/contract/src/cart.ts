import { z } from "zod";
import { id, int, quantity, unavailableItemSchema } from "./common.js";

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

export const ensureCartAnswerSchema = z.object({ cartId: int });
export type EnsureCartAnswer = z.infer<typeof ensureCartAnswerSchema>;

export const cartCustomizationSchema = z.object({
  customization_id: int,
  name: z.string(),
  price: int,
  quantity: int,
});
export type CartCustomization = z.infer<typeof cartCustomizationSchema>;

/** The answer of POST /api/cartItemCustomization: the customization as the line now holds it. */
export const cartItemCustomizationAnswerSchema = cartCustomizationSchema.extend({ cart_item_id: int });
export type CartItemCustomizationAnswer = z.infer<typeof cartItemCustomizationAnswerSchema>;

/**
 * One cart line, priced by the server. `sizeAvailable` and `colorAvailable` are the product's offered
 * sizes and colours, comma-joined as the product form sends them (colours as "label" or "label::#hex"),
 * so a screen can tell whether the chosen size and colour are still offered. `stockQuantity` is what can
 * still be bought: 0 when the product is out of stock or no longer sold.
 */
export const cartItemSchema = z.object({
  cartItemId: int,
  productId: int,
  productName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: int,
  unitPrice: int,
  linePrice: int,
  selectedSize: z.string(),
  sizeAvailable: z.string(),
  selectedColor: z.string(),
  selectedColorHex: z.string(),
  colorAvailable: z.string(),
  stockQuantity: int,
  customizations: z.array(cartCustomizationSchema),
  customizationTotal: int,
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({ cartId: int, items: z.array(cartItemSchema) });
export type Cart = z.infer<typeof cartSchema>;

export const stockCheckSchema = z.object({ unavailableItems: z.array(unavailableItemSchema) });
export type StockCheck = z.infer<typeof stockCheckSchema>;
