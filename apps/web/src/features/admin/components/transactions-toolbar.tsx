import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { SortMode } from "../lib/transactions";
import { AdminSearch } from "./admin-search";

export interface TransactionsToolbarProps {
  searchInput: string;
  /** The menu's choice, or undefined while a column header sorts the table another way. */
  sort: SortMode | undefined;
  onSearchInput: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  onSort: (sort: SortMode) => void;
}

/** Search by order id or customer, Reset, and Sort by status or newest. */
export function TransactionsToolbar({
  searchInput,
  sort,
  onSearchInput,
  onSearch,
  onReset,
  onSort,
}: TransactionsToolbarProps) {
  const { t } = useTranslation();
  const sortId = useId();

  return (
    <div className="admin-toolbar">
      <AdminSearch
        label={t("Search transactions")}
        placeholder={t("Order ID or customer")}
        value={searchInput}
        onInput={onSearchInput}
        onSearch={onSearch}
        onReset={onReset}
      />
      <div className="admin-sort">
        <label htmlFor={sortId}>{t("Sort by")}</label>
        <select
          id={sortId}
          className="select select-compact"
          value={sort ?? "column"}
          onChange={(event) => onSort(event.target.value as SortMode)}
        >
          {sort ? null : (
            <option value="column" disabled>
              {t("Column")}
            </option>
          )}
          <option value="status">{t("Status")}</option>
          <option value="newest">{t("Newest")}</option>
        </select>
      </div>
    </div>
  );
}
