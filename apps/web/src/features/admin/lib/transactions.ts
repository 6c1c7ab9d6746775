import type { AdminTransaction } from "@florist/contract";
import { ORDER_STATUSES, orderStatusOf } from "@florist/contract/rules";

export type SortMode = "status" | "newest";

/** By status, orders follow their life: Order Received, In Delivery, Finished, Denied; unknown ones last. */
function statusRank(status: string): number {
  const known = orderStatusOf(status);
  return known ? ORDER_STATUSES.indexOf(known) : ORDER_STATUSES.length;
}

function time(value: string): number {
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? 0 : t;
}

/** Newest first; by status, the work still to do comes first and the newest leads within a status. */
export function sortTransactions(rows: readonly AdminTransaction[], mode: SortMode): AdminTransaction[] {
  const byNewest = (a: AdminTransaction, b: AdminTransaction) =>
    time(b.order_date) - time(a.order_date) || b.order_id - a.order_id;
  if (mode === "newest") return [...rows].sort(byNewest);
  return [...rows].sort((a, b) => statusRank(a.order_status) - statusRank(b.order_status) || byNewest(a, b));
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
