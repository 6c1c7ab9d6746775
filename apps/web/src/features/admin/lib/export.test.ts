import type { AdminTransaction } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { EXPORT_COLUMNS, EXPORT_SHEET_NAME, exportFileName, exportRows } from "./export";
import { formatAdminDate } from "./format";

const transaction = (order_id: number, day: number): AdminTransaction => ({
  order_id,
  customer_name: `Customer ${order_id}`,
  payment_status: "Pending",
  phone: null,
  order_date: new Date(Date.UTC(2025, 4, day, 5)).toISOString(),
  total_price: 100_000 + order_id,
  order_status: order_id % 2 ? "Finished" : "Order Received",
});

describe("the Excel export", () => {
  it("has the shop's columns and sheet name", () => {
    expect(EXPORT_COLUMNS).toEqual(["Order ID", "Customer", "Date", "Total", "Status"]);
    expect(EXPORT_SHEET_NAME).toBe("Recent Transactions");
  });

  it("keeps the 10 most recent transactions, newest first", () => {
    const twelve = Array.from({ length: 12 }, (_, index) => transaction(index + 1, index + 1));
    const rows = exportRows([...twelve].reverse());
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r[0])).toEqual([
      "MB-012",
      "MB-011",
      "MB-010",
      "MB-009",
      "MB-008",
      "MB-007",
      "MB-006",
      "MB-005",
      "MB-004",
      "MB-003",
    ]);
  });

  it("writes each row as order id, customer, Indonesian date, total as a number and status", () => {
    const one = transaction(7, 9);
    expect(exportRows([one])).toEqual([["MB-007", "Customer 7", formatAdminDate(one.order_date), 100_007, "Finished"]]);
    expect(formatAdminDate(one.order_date)).toBe("9 Mei 2025");
  });

  it("gives nothing to export for no transactions", () => {
    expect(exportRows([])).toEqual([]);
  });

  it("names the file for the chosen month and year", () => {
    expect(exportFileName(5, 2025)).toBe("transaksi-Mei-2025.xlsx");
    expect(exportFileName(12, 2026)).toBe("transaksi-Desember-2026.xlsx");
  });
});
