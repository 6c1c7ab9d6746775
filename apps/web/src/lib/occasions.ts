import type { Occasion } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/**
 * The occasions shoppers choose a gift by, in the admin's order, each with how many products on
 * sale carry it. Read by the home page, the catalogue's filter and the search page.
 */
export const occasionsQuery = queryOptions({
  queryKey: ["occasions"],
  queryFn: ({ signal }) => api.get<Occasion[]>("/occasions", undefined, signal),
  staleTime: 5 * 60_000,
});

/** An id read from an address (`?occasion=3`, `?category=1`), or null for none or nonsense. */
export function idFromParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
