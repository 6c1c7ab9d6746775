import type { AdminTransaction } from "@florist/contract";
import { normalizeStatus } from "@florist/contract/rules";

export type SortMode = "status" | "newest";

/** Spec §4: by status the order is Order Received, In Delivery, Finished, Denied. */
export const STATUS_ORDER = ["order received", "in delivery", "finished", "denied"];

function statusRank(status: string): number {
  const rank = STATUS_ORDER.indexOf(normalizeStatus(status));
  return rank === -1 ? STATUS_ORDER.length : rank;
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

export type StatusAction = "start-delivery" | "reject" | "finish";

/** Spec §4: Order Received → In Delivery or Denied; In Delivery → Finished; Finished and Denied are final. */
export function statusActions(status: string): StatusAction[] {
  switch (normalizeStatus(status)) {
    case "order received":
      return ["start-delivery", "reject"];
    case "in delivery":
      return ["finish"];
    default:
      return [];
  }
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
