import type { AdminTransaction } from "@florist/contract";
import { formatOrderId } from "../../../lib/format";
import { i18n } from "../../../lib/i18n";
import { formatAdminDate } from "./format";
import { monthName } from "./months";

export const EXPORT_LIMIT = 10;
export const EXPORT_SHEET_NAME = "Recent Transactions";
export const EXPORT_COLUMNS = ["Order ID", "Customer", "Date", "Total", "Status"] as const;
export const EXPORT_COLUMN_WIDTH = 15;

/** The sheet's column headers in the admin's language; the spec's English names are the default. */
function columnHeader(column: (typeof EXPORT_COLUMNS)[number]): string {
  const headers: Record<(typeof EXPORT_COLUMNS)[number], string> = {
    "Order ID": i18n.t("Order ID"),
    Customer: i18n.t("Customer"),
    Date: i18n.t("Date"),
    Total: i18n.t("Total"),
    Status: i18n.t("Status"),
  };
  return headers[column];
}

export type ExportRow = [orderId: string, customer: string, date: string, total: number, status: string];

/** The 10 most recent transactions, newest first. Totals stay numbers so the sheet can sum them. */
export function exportRows(transactions: readonly AdminTransaction[]): ExportRow[] {
  return [...transactions]
    .sort((a, b) => new Date(b.order_date).getTime() - new Date(a.order_date).getTime() || b.order_id - a.order_id)
    .slice(0, EXPORT_LIMIT)
    .map((row) => [
      formatOrderId(row.order_id),
      row.customer_name,
      formatAdminDate(row.order_date),
      row.total_price,
      row.order_status,
    ]);
}

/** The file is named for the chosen month and year, e.g. "transaksi-Desember-2025.xlsx". */
export function exportFileName(month: number, year: number): string {
  return `transaksi-${monthName(month)}-${year}.xlsx`;
}

/**
 * Builds the workbook. The spreadsheet library is large, so it is fetched only when an admin
 * actually exports.
 */
export async function buildWorkbook(rows: readonly ExportRow[]): Promise<Blob> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(i18n.t("Recent Transactions"));
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ header: columnHeader(column), width: EXPORT_COLUMN_WIDTH }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.getColumn(4).numFmt = '"Rp" #,##0';
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
