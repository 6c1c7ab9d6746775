import type { CatalogCategory, CatalogProduct } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const catalogQuery = queryOptions({
  queryKey: ["catalog"],
  queryFn: ({ signal }) => api.get<CatalogCategory[]>("/catalog", undefined, signal),
});

export const ALL_PILL = "All";

/** "All", then a pill per category with products, in the order the admin gave the categories. */
export function categoryPills(categories: readonly CatalogCategory[]): string[] {
  return [ALL_PILL, ...categories.filter((category) => category.products.length > 0).map((category) => category.name)];
}

export function filterCatalog(categories: readonly CatalogCategory[], pill: string): CatalogCategory[] {
  const withProducts = categories.filter((category) => category.products.length > 0);
  if (pill === ALL_PILL) return withProducts;
  return withProducts.filter((category) => category.name.trim().toLowerCase() === pill.toLowerCase());
}

export function isOutOfStock(product: Pick<CatalogProduct, "availabilityStatus" | "stockQuantity">): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}
