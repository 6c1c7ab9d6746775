import type { Category, Product } from "@florist/contract";

/** A product is out of stock when its status says so or nothing is left (docs/rules.md, Stock). */
export function isOutOfStock(product: Pick<Product, "availabilityStatus" | "stockQuantity">): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}

/** The category column: the name looked up by id, '-' when unknown. */
export function categoryNamer(categories: readonly Category[]): (categoryId: number | null) => string {
  const names = new Map(categories.map((category) => [category.category_id, category.name]));
  return (categoryId) => (categoryId == null ? undefined : names.get(categoryId)) ?? "-";
}
