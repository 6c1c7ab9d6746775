import type { SortDirection } from "@florist/contract";

export interface SortableHeaderProps<C extends string> {
  column: C;
  label: string;
  /** The column the server sorts by now, if any, and its direction. */
  order: { sort: C | null; dir: SortDirection };
  onSort: (column: C) => void;
  className?: string | undefined;
}

/** A column header that sorts by its column; the arrow (drawn by CSS from aria-sort) shows the direction. */
export function SortableHeader<C extends string>({ column, label, order, onSort, className }: SortableHeaderProps<C>) {
  const active = order.sort === column;
  const direction = order.dir === "asc" ? "ascending" : "descending";
  return (
    <th scope="col" className={className} aria-sort={active ? direction : undefined}>
      <button type="button" className="sort-header" onClick={() => onSort(column)}>
        {label}
      </button>
    </th>
  );
}
