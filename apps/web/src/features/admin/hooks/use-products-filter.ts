import type { AvailabilityStatus, ProductSort, SortDirection } from "@florist/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { ProductListParams } from "../api/products";

const SORTS: readonly ProductSort[] = ["name", "price", "stock", "newest"];
const AVAILABILITIES: readonly AvailabilityStatus[] = ["in_stock", "out_of_stock"];

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return options.find((option) => option === value) ?? null;
}

function positive(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** The list's filters as the address bar holds them, so a reload or a shared link shows the same list. */
export function paramsOf(search: URLSearchParams): ProductListParams {
  const sort = oneOf(SORTS, search.get("sort"));
  const dir = oneOf(["asc", "desc"], search.get("dir"));
  return {
    q: (search.get("q") ?? "").trim(),
    categoryId: positive(search.get("category")),
    availability: oneOf(AVAILABILITIES, search.get("availability")),
    sort,
    dir: dir ?? (sort === "newest" ? "desc" : "asc"),
    page: positive(search.get("page")) ?? 1,
  };
}

function searchOf(params: ProductListParams): Record<string, string> {
  return {
    ...(params.q && { q: params.q }),
    ...(params.categoryId !== null && { category: String(params.categoryId) }),
    ...(params.availability && { availability: params.availability }),
    ...(params.sort && { sort: params.sort, dir: params.dir }),
    ...(params.page > 1 && { page: String(params.page) }),
  };
}

/**
 * What Manage Products lists: the search (typed, then applied), the category, the availability, the
 * order and the page, kept in the address. A new filter or order goes back to the first page.
 */
export function useProductsFilter() {
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const [searchInput, setSearchInput] = useState(params.q);

  function change(patch: Partial<ProductListParams>) {
    setSearch(searchOf({ ...params, page: 1, ...patch }), { replace: true });
  }

  return {
    params,
    searchInput,
    setSearchInput,
    applySearch: () => change({ q: searchInput.trim() }),
    resetSearch: () => {
      setSearchInput("");
      change({ q: "" });
    },
    setCategory: (categoryId: number | null) => change({ categoryId }),
    setAvailability: (availability: AvailabilityStatus | null) => change({ availability }),
    setSort: (sort: ProductSort | null, dir?: SortDirection) =>
      change({ sort, dir: dir ?? (sort === "newest" ? "desc" : "asc") }),
    /** A header click sorts by its column, or turns the direction when it already does. */
    sortByColumn: (column: ProductSort) =>
      change({ sort: column, dir: params.sort === column && params.dir === "asc" ? "desc" : "asc" }),
    previousPage: () => change({ page: Math.max(1, params.page - 1) }),
    nextPage: () => change({ page: params.page + 1 }),
  };
}
