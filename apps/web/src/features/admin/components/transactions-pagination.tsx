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
  label = "Transactions pages",
}: TransactionsPaginationProps) {
  return (
    <nav className="admin-pagination" aria-label={label}>
      <p className="admin-muted" aria-live="polite">
        Showing {range.from}-{range.to} of {range.total}
      </p>
      <div className="admin-pagination-buttons">
        <button type="button" className="btn btn-secondary btn-small" onClick={onPrevious} disabled={!canGoBack}>
          Previous
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onNext} disabled={!canGoOn}>
          Next
        </button>
      </div>
    </nav>
  );
}
