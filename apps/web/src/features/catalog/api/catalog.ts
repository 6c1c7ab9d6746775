import type { CatalogCategory, CatalogProduct } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const catalogQuery = queryOptions({
  queryKey: ["catalog"],
  queryFn: ({ signal }) => api.get<CatalogCategory[]>("/catalog", undefined, signal),
});

export const CATEGORY_PILLS = ["All", "Bouquets", "Baskets", "Vases", "Box"] as const;
export type CategoryPill = (typeof CATEGORY_PILLS)[number];

export function filterCatalog(categories: readonly CatalogCategory[], pill: CategoryPill): CatalogCategory[] {
  const withProducts = categories.filter((category) => category.products.length > 0);
  if (pill === "All") return withProducts;
  return withProducts.filter((category) => category.name.trim().toLowerCase() === pill.toLowerCase());
}

export function isOutOfStock(product: Pick<CatalogProduct, "availabilityStatus" | "stockQuantity">): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}
