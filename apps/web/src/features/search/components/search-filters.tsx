import type { CatalogCategory, Occasion, SearchSort } from "@florist/contract";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { type SearchRequest, SORTS } from "../api/search";

type Change = Partial<Pick<SearchRequest, "occasion" | "category" | "sort">>;

interface Choice {
  value: string;
  label: string;
}

/** One labelled select of the filter bar. */
function FilterSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const idOf = (value: string) => (value === "" ? null : Number(value));

/** Occasion, category and order of the results: each change searches again from the first page. */
export function SearchFilters({
  request,
  occasions,
  categories,
  onChange,
}: {
  request: SearchRequest;
  occasions: readonly Occasion[];
  categories: readonly CatalogCategory[];
  onChange: (change: Change) => void;
}) {
  const { t } = useTranslation();
  const sortLabels: Record<SearchSort, string> = {
    relevance: t("Best match"),
    price_asc: t("Price: low to high"),
    price_desc: t("Price: high to low"),
    newest: t("Newest"),
  };
  return (
    <div className="search-filters">
      <FilterSelect
        label={t("Occasion")}
        value={String(request.occasion ?? "")}
        choices={[
          { value: "", label: t("Any occasion") },
          ...occasions.map((o) => ({ value: String(o.occasionId), label: o.name })),
        ]}
        onChange={(value) => onChange({ occasion: idOf(value) })}
      />
      <FilterSelect
        label={t("Category")}
        value={String(request.category ?? "")}
        choices={[
          { value: "", label: t("Any category") },
          ...categories.map((c) => ({ value: String(c.categoryId), label: c.name })),
        ]}
        onChange={(value) => onChange({ category: idOf(value) })}
      />
      <FilterSelect
        label={t("Sort by")}
        value={request.sort}
        choices={SORTS.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        onChange={(value) => onChange({ sort: SORTS.find((sort) => sort === value) ?? "relevance" })}
      />
    </div>
  );
}
