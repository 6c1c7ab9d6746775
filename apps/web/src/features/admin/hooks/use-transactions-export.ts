import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { adminKeys, fetchOverview } from "../api/orders";
import { buildWorkbook, downloadBlob, EXPORT_LIMIT, exportFileName, exportRows } from "../lib/export";

export interface ExportFilter {
  search: string;
  month: number;
  year: number;
}

/**
 * Export to Excel: reads the latest transactions of the current search afresh, then downloads
 * them as a workbook, or says there is nothing to export.
 */
export function useTransactionsExport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; body: string } | null>(null);

  async function exportExcel({ search, month, year }: ExportFilter) {
    setNotice(null);
    setExporting(true);
    try {
      const latest = await queryClient.fetchQuery({
        queryKey: [...adminKeys.overview(), "export", { search, month, year }],
        // The export is the most recent transactions whatever order the table shows (spec: by date, newest first).
        queryFn: () => fetchOverview({ page: 1, limit: EXPORT_LIMIT, search, month, year, sort: "date", dir: "desc" }),
        staleTime: 0,
      });
      const exported = exportRows(latest.transactions);
      if (exported.length === 0) {
        setNotice(t("No data to export."));
        return;
      }
      downloadBlob(await buildWorkbook(exported), exportFileName(month, year));
    } catch (err) {
      setFailure({ title: t("Export failed"), body: messageOf(err, t("The spreadsheet could not be created.")) });
    } finally {
      setExporting(false);
    }
  }

  return { exporting, notice, failure, exportExcel, dismissFailure: () => setFailure(null) };
}
