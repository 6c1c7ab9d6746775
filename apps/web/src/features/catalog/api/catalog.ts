import type { CatalogCategory } from "@florist/contract";

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
