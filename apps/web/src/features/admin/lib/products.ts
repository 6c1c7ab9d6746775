import type { Category, Product } from "@florist/contract";

/** Spec §4: out of stock when the status says so or nothing is left. */
export function isOutOfStock(product: Pick<Product, "availabilityStatus" | "stockQuantity">): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}

/** The category column: the name looked up by id, '-' when unknown (spec §2). */
export function categoryNamer(categories: readonly Category[]): (categoryId: number | null) => string {
  const names = new Map(categories.map((category) => [category.category_id, category.name]));
  return (categoryId) => (categoryId == null ? undefined : names.get(categoryId)) ?? "-";
}
