import type { SearchAnswer, SearchSort } from "@florist/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { idFromParam } from "../../../lib/occasions";

/** The orders the results can come in, as GET /api/search names them (contract §7.7). */
export const SORTS: readonly SearchSort[] = ["relevance", "price_asc", "price_desc", "newest"];

/** As many characters as the server takes in a search. */
export const MAX_QUERY_LENGTH = 100;

/** Twelve cards fill whole rows of two, three and four. */
export const RESULTS_PER_PAGE = 12;

/** What the address of the search page asks for (`/cari?q=mawar&occasion=2&category=1&sort=newest&page=2`). */
export interface SearchRequest {
  q: string;
  occasion: number | null;
  category: number | null;
  sort: SearchSort;
  page: number;
}

/** The search the address asks for; a value the server would refuse is read as not given. */
export function readSearch(params: URLSearchParams): SearchRequest {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    occasion: idFromParam(params.get("occasion")),
    category: idFromParam(params.get("category")),
    sort: SORTS.find((known) => known === sort) ?? "relevance",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a search: only what differs from the defaults, so a shared link stays short. */
export function searchParamsOf(request: SearchRequest): Record<string, string> {
  const params: Record<string, string> = {};
  if (request.q) params.q = request.q;
  if (request.occasion !== null) params.occasion = String(request.occasion);
  if (request.category !== null) params.category = String(request.category);
  if (request.sort !== "relevance") params.sort = request.sort;
  if (request.page > 1) params.page = String(request.page);
  return params;
}

/** Whether there is anything to search for: words, or an occasion or a category to browse. */
export function canSearch(request: SearchRequest): boolean {
  return request.q !== "" || request.occasion !== null || request.category !== null;
}

/** One page of results; the page shown stays while the next one loads. */
export const searchResultsQuery = (request: SearchRequest) =>
  queryOptions({
    queryKey: ["search", request],
    queryFn: ({ signal }) =>
      api.get<SearchAnswer>(
        "/search",
        {
          q: request.q || undefined,
          occasion: request.occasion ?? undefined,
          category: request.category ?? undefined,
          sort: request.sort,
          page: request.page,
          limit: RESULTS_PER_PAGE,
        },
        signal,
      ),
    enabled: canSearch(request),
    placeholderData: keepPreviousData,
  });
