import type { OverviewSort, SortDirection } from "@florist/contract";

/** The sort menu's choices (spec: Status, with Order Received first; or Newest date). */
export type SortMode = "status" | "newest";

/** The order the server lists the transactions in, across all pages. */
export interface TransactionsOrder {
  sort: OverviewSort;
  dir: SortDirection;
}

const MODE_ORDERS: Record<SortMode, TransactionsOrder> = {
  status: { sort: "status", dir: "asc" },
  newest: { sort: "date", dir: "desc" },
};

export function orderOfMode(mode: SortMode): TransactionsOrder {
  return MODE_ORDERS[mode];
}

/** The menu choice an order stands for, or undefined when a column header asked for another one. */
export function modeOfOrder(order: TransactionsOrder): SortMode | undefined {
  return (Object.keys(MODE_ORDERS) as SortMode[]).find(
    (mode) => MODE_ORDERS[mode].sort === order.sort && MODE_ORDERS[mode].dir === order.dir,
  );
}

/** Text columns start A to Z; dates and totals start with the newest and the largest. */
const FIRST_DIRECTION: Record<OverviewSort, SortDirection> = {
  customer: "asc",
  status: "asc",
  date: "desc",
  total: "desc",
};

/** A click on a column header: the same column turns around, another one starts in its first direction. */
export function orderAfterClick(current: TransactionsOrder, column: OverviewSort): TransactionsOrder {
  if (current.sort === column) return { sort: column, dir: current.dir === "asc" ? "desc" : "asc" };
  return { sort: column, dir: FIRST_DIRECTION[column] };
}

export interface PageRange {
  from: number;
  to: number;
  total: number;
}

/** The numbers of 'Showing X-Y of N'. */
export function pageRange(page: number, limit: number, rowsOnPage: number, total: number): PageRange {
  if (total <= 0 || rowsOnPage <= 0) return { from: 0, to: 0, total: Math.max(0, total) };
  const from = (page - 1) * limit + 1;
  return { from, to: Math.min(total, from + rowsOnPage - 1), total };
}
