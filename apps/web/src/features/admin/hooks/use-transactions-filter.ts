import type { OverviewSort } from "@florist/contract";
import { useState } from "react";
import { type OverviewParams, PAGE_SIZE } from "../api/orders";
import { currentMonthAndYear } from "../lib/months";
import { orderAfterClick, orderOfMode, type SortMode, type TransactionsOrder } from "../lib/transactions";

/**
 * What the dashboard shows: the month of the income card, the page, the search (typed, then
 * applied) and the order the server sorts in. A new search, a reset or a new order goes back to
 * the first page.
 */
export function useTransactionsFilter() {
  const [{ month, year }, setPeriod] = useState(currentMonthAndYear);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [order, setOrder] = useState<TransactionsOrder>(() => orderOfMode("status"));

  const params: OverviewParams = { page, limit: PAGE_SIZE, search, month, year, ...order };

  function sortBy(next: TransactionsOrder) {
    setOrder(next);
    setPage(1);
  }

  return {
    params,
    searchInput,
    order,
    setSearchInput,
    setSort: (mode: SortMode) => sortBy(orderOfMode(mode)),
    sortByColumn: (column: OverviewSort) => sortBy(orderAfterClick(order, column)),
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
