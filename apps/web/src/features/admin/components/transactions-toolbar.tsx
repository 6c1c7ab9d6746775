import { useId } from "react";
import type { SortMode } from "../lib/transactions";

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
  const searchId = useId();
  const sortId = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    onSearch();
  }

  return (
    <div className="admin-toolbar">
      <search className="admin-search">
        <form className="admin-search-form" onSubmit={submit}>
          <label htmlFor={searchId} className="visually-hidden">
            Search transactions
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Order ID or customer"
            value={searchInput}
            onChange={(event) => onSearchInput(event.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-small">
            Search
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={onReset}>
            Reset
          </button>
        </form>
      </search>
      <div className="admin-sort">
        <label htmlFor={sortId}>Sort by</label>
        <select
          id={sortId}
          className="select select-compact"
          value={sort ?? "column"}
          onChange={(event) => onSort(event.target.value as SortMode)}
        >
          {sort ? null : (
            <option value="column" disabled>
              Column
            </option>
          )}
          <option value="status">Status</option>
          <option value="newest">Newest</option>
        </select>
      </div>
    </div>
  );
}
