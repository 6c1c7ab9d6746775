import type { CatalogCategory, CatalogProduct } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * The catalogue: its categories in the admin's order, each with its products on sale. Read by the
 * catalogue and by the home page's occasions (their photos), so both share one answer.
 */
export const catalogQuery = queryOptions({
  queryKey: ["catalog"],
  queryFn: ({ signal }) => api.get<CatalogCategory[]>("/catalog", undefined, signal),
});

/** The same catalogue holding only the products of one occasion (contract §7.7). */
export const occasionCatalogQuery = (occasionId: number) =>
  queryOptions({
    queryKey: ["catalog", "occasion", occasionId],
    queryFn: ({ signal }) => api.get<CatalogCategory[]>("/catalog", { occasion: occasionId }, signal),
  });

export function isOutOfStock(product: Pick<CatalogProduct, "availabilityStatus" | "stockQuantity">): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}
