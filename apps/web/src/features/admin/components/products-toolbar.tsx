import type { AvailabilityStatus, Category, ProductSort, SortDirection } from "@florist/contract";
import { useId } from "react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { ProductListParams } from "../api/products";
import { AdminSearch } from "./admin-search";

/** The orders the Sort by menu offers; a column header can ask for the others. */
interface SortChoice {
  value: string;
  label: string;
  sort: ProductSort | null;
  dir: SortDirection;
}

function sortChoices(t: TFunction): SortChoice[] {
  return [
    { value: "", label: t("Category"), sort: null, dir: "asc" },
    { value: "newest-desc", label: t("Newest"), sort: "newest", dir: "desc" },
    { value: "name-asc", label: t("Name A–Z"), sort: "name", dir: "asc" },
    { value: "price-asc", label: t("Price: low to high"), sort: "price", dir: "asc" },
    { value: "price-desc", label: t("Price: high to low"), sort: "price", dir: "desc" },
    { value: "stock-asc", label: t("Stock: lowest first"), sort: "stock", dir: "asc" },
  ];
}

export interface ProductsToolbarProps {
  params: ProductListParams;
  categories: readonly Category[];
  searchInput: string;
  onSearchInput: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  onCategory: (categoryId: number | null) => void;
  onAvailability: (availability: AvailabilityStatus | null) => void;
  onSort: (sort: ProductSort | null, dir: SortDirection) => void;
}

/** Search products by name, filter by category and availability, and Sort by. */
export function ProductsToolbar(props: ProductsToolbarProps) {
  const { t } = useTranslation();
  const { params, categories } = props;
  const SORT_CHOICES = sortChoices(t);
  const ids = { category: useId(), availability: useId(), sort: useId() };
  const sortValue = params.sort ? `${params.sort}-${params.dir}` : "";
  const known = SORT_CHOICES.some((choice) => choice.value === sortValue);

  return (
    <div className="admin-toolbar products-toolbar">
      <AdminSearch
        label={t("Search products")}
        placeholder={t("Product name")}
        value={props.searchInput}
        onInput={props.onSearchInput}
        onSearch={props.onSearch}
        onReset={props.onReset}
      />
      <div className="products-filters">
        <div className="admin-sort">
          <label htmlFor={ids.category}>{t("Category")}</label>
          <select
            id={ids.category}
            className="select select-compact"
            value={params.categoryId ?? ""}
            onChange={(event) => props.onCategory(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t("All")}</option>
            {categories.map((category) => (
              <option key={category.category_id} value={category.category_id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-sort">
          <label htmlFor={ids.availability}>{t("Status")}</label>
          <select
            id={ids.availability}
            className="select select-compact"
            value={params.availability ?? ""}
            onChange={(event) => props.onAvailability((event.target.value || null) as AvailabilityStatus | null)}
          >
            <option value="">{t("All")}</option>
            <option value="in_stock">{t("Available")}</option>
            <option value="out_of_stock">{t("Out of Stock")}</option>
          </select>
        </div>
        <div className="admin-sort">
          <label htmlFor={ids.sort}>{t("Sort by")}</label>
          <select
            id={ids.sort}
            className="select select-compact"
            value={known ? sortValue : "column"}
            onChange={(event) => {
              const choice = SORT_CHOICES.find((candidate) => candidate.value === event.target.value);
              if (choice) props.onSort(choice.sort, choice.dir);
            }}
          >
            {known ? null : (
              <option value="column" disabled>
                {t("Column")}
              </option>
            )}
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
