import { useTranslation } from "../../../lib/i18n";
import type { PageRange } from "../lib/transactions";

export interface TransactionsPaginationProps {
  range: PageRange;
  canGoBack: boolean;
  canGoOn: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** What the pages are of, for screen readers. */
  label?: string;
}

/** 'Showing X-Y of N' with Previous and Next. */
export function TransactionsPagination({
  range,
  canGoBack,
  canGoOn,
  onPrevious,
  onNext,
  label,
}: TransactionsPaginationProps) {
  const { t } = useTranslation();
  return (
    <nav className="admin-pagination" aria-label={label ?? t("Transactions pages")}>
      <p className="admin-muted" aria-live="polite">
        {t("Showing {{from}}-{{to}} of {{total}}", { from: range.from, to: range.to, total: range.total })}
      </p>
      <div className="admin-pagination-buttons">
        <button type="button" className="btn btn-secondary btn-small" onClick={onPrevious} disabled={!canGoBack}>
          {t("Previous")}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onNext} disabled={!canGoOn}>
          {t("Next")}
        </button>
      </div>
    </nav>
  );
}
