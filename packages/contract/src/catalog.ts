import { z } from "zod";
import { id, int } from "./common.js";

export const availabilityStatusSchema = z.enum(["in_stock", "out_of_stock"]);
export type AvailabilityStatus = z.infer<typeof availabilityStatusSchema>;

/** `position` is the category's place in the catalogue and its pills, smallest first. */
export const categorySchema = z.object({ category_id: int, name: z.string(), position: int });
export type Category = z.infer<typeof categorySchema>;

/** What the reviews of the orders holding a product add up to (average to one decimal); null before the first. */
export const productRatingSchema = z.object({ average: z.number(), count: int }).nullable();
export type ProductRating = z.infer<typeof productRatingSchema>;

export const catalogProductSchema = z.object({
  productId: int,
  name: z.string(),
  description: z.string(),
  price: int,
  imageUrl: z.string().nullable(),
  stockQuantity: int,
  availabilityStatus: availabilityStatusSchema,
  occasionIds: z.array(int),
  rating: productRatingSchema,
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const catalogCategorySchema = z.object({
  categoryId: int,
  name: z.string(),
  products: z.array(catalogProductSchema),
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

/** GET /api/catalog?occasion={id}: the same answer, holding only that occasion's products. */
export const catalogQuery = z.object({ occasion: id.optional() });
export type CatalogQuery = z.output<typeof catalogQuery>;

export const productImageSchema = z.object({
  imageId: int,
  color_name: z.string(),
  image_url: z.string(),
  stockQuantity: int,
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * `colorOptions` are "label" or "label::#hex". `sizePrices` is what each size costs (its own price,
 * else the product's); `ownSizePrices` holds only the sizes that have a price of their own, so an
 * editor can tell a size that follows the base price from one that happens to cost the same.
 */
export const productSchema = z.object({
  productId: int,
  categoryId: int.nullable(),
  name: z.string(),
  description: z.string(),
  price: int,
  stockQuantity: int,
  imageUrl: z.string().nullable(),
  availabilityStatus: availabilityStatusSchema,
  sizeOptions: z.array(z.string()),
  sizePrices: z.record(z.string(), int),
  ownSizePrices: z.record(z.string(), int),
  colorOptions: z.array(z.string()),
  productType: z.string(),
  images: z.array(productImageSchema),
  occasionIds: z.array(int),
  rating: productRatingSchema,
});
export type Product = z.infer<typeof productSchema>;

export const customizationSchema = z.object({ customization_id: int, name: z.string(), price: int });
export type Customization = z.infer<typeof customizationSchema>;

export const sizePriceParams = z.object({ size: z.string().trim().min(1, "Size is required.").max(60) });
export const sizePriceQuery = z.object({ productId: id });

export const sizePriceSchema = z.object({ productId: int, size: z.string(), price: int });
export type SizePrice = z.infer<typeof sizePriceSchema>;
