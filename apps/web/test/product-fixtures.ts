import type { Product } from "@florist/contract";
import { emptyProductForm, newColor, newSize, type ProductFormValues } from "../src/features/admin/lib/product-form";

/** An image file as the product form's picker holds it. */
export const image = (name = "rose.png", size = 1024, type = "image/png") =>
  new File([new Uint8Array(size)], name, { type });

/** A complete add form, with untrimmed text as an admin types it; `overrides` breaks one rule at a time. */
export function validForm(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    categoryId: "2",
    name: "  Pink Peony Bouquet ",
    description: " Soft pink peonies. ",
    price: "350000",
    stock: "8",
    imageFile: image(),
    colors: [newColor({ name: "Pink", color: "#f7c6d7" }), newColor({ name: "White", color: "#f8fafc" })],
    sizes: [newSize("Small"), newSize("Large")],
    ...overrides,
  };
}

/** A stored product with a colour whose hex is broken and per-colour images, as the edit form loads it. */
export const product: Product = {
  productId: 7,
  categoryId: 2,
  name: "Rose Box",
  description: "Roses in a box.",
  price: 420000,
  stockQuantity: 5,
  imageUrl: "/uploads/products/cover.webp",
  availabilityStatus: "in_stock",
  sizeOptions: ["Medium", "Large"],
  sizePrices: { Medium: 420000, Large: 520000 },
  ownSizePrices: { Large: 520000 },
  colorOptions: ["Rose Gold::#f2c6b6", "Blue", "Mystery::zzz"],
  productType: "real",
  images: [
    { imageId: 31, color_name: "rose gold", image_url: "/uploads/products/rg.webp", stockQuantity: 2 },
    { imageId: 32, color_name: "Red", image_url: "/uploads/products/red.webp", stockQuantity: 0 },
  ],
  occasionIds: [],
  rating: null,
};
