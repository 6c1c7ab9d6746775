import { useState } from "react";
import { type OverviewParams, PAGE_SIZE } from "../api/orders";
import { currentMonthAndYear } from "../lib/months";
import type { SortMode } from "../lib/transactions";

/**
 * What the dashboard shows: the month of the income card, the page, the search (typed, then
 * applied) and the sort. A new search or a reset goes back to the first page.
 */
export function useTransactionsFilter() {
  const [{ month, year }, setPeriod] = useState(currentMonthAndYear);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortMode>("status");

  const params: OverviewParams = { page, limit: PAGE_SIZE, search, month, year };

  return {
    params,
    searchInput,
    sort,
    setSearchInput,
    setSort,
    setMonth: (next: number) => setPeriod((period) => ({ ...period, month: next })),
    previousPage: () => setPage((current) => Math.max(1, current - 1)),
    nextPage: () => setPage((current) => current + 1),
    applySearch: () => {
      setSearch(searchInput.trim());
      setSearchInput((value) => value.trim());
      setPage(1);
    },
    resetSearch: () => {
      setSearchInput("");
      setSearch("");
      setPage(1);
    },
  };
}
