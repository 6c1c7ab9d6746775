import type { AdminTransaction } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { pageRange, sortTransactions } from "./transactions";

const row = (order_id: number, order_status: string, order_date: string): AdminTransaction => ({
  order_id,
  customer_name: `customer${order_id}`,
  payment_status: "Pending",
  phone: null,
  order_date,
  total_price: order_id * 1000,
  order_status,
});

const rows = [
  row(1, "Finished", "2025-03-01T08:00:00.000Z"),
  row(2, "Denied", "2025-03-05T08:00:00.000Z"),
  row(3, "Order Received", "2025-03-02T08:00:00.000Z"),
  row(4, "In Delivery", "2025-03-04T08:00:00.000Z"),
  row(5, "order received ", "2025-03-06T08:00:00.000Z"),
  row(6, "Something else", "2025-03-07T08:00:00.000Z"),
];

describe("sorting the transactions", () => {
  it("by status puts Order Received first, then In Delivery, Finished, Denied, newest first within each", () => {
    expect(sortTransactions(rows, "status").map((r) => r.order_id)).toEqual([5, 3, 4, 1, 2, 6]);
  });

  it("by newest puts the latest order date first", () => {
    expect(sortTransactions(rows, "newest").map((r) => r.order_id)).toEqual([6, 5, 2, 4, 3, 1]);
  });

  it("leaves the rows it was given untouched", () => {
    const before = rows.map((r) => r.order_id);
    sortTransactions(rows, "status");
    expect(rows.map((r) => r.order_id)).toEqual(before);
  });
});

describe("'Showing X-Y of N'", () => {
  it("counts the rows of the current page", () => {
    expect(pageRange(1, 10, 10, 23)).toEqual({ from: 1, to: 10, total: 23 });
    expect(pageRange(3, 10, 3, 23)).toEqual({ from: 21, to: 23, total: 23 });
  });

  it("shows zeros when there is nothing", () => {
    expect(pageRange(1, 10, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
