import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";

export interface AdminSearchProps {
  /** What is searched, for screen readers ("Search products"). */
  label: string;
  placeholder: string;
  value: string;
  onInput: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** A list's search box: typed, then applied with Search; Reset empties it. */
export function AdminSearch({ label, placeholder, value, onInput, onSearch, onReset }: AdminSearchProps) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <search className="admin-search">
      <form
        className="admin-search-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          className="input"
          placeholder={placeholder}
          maxLength={100}
          value={value}
          onChange={(event) => onInput(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-small">
          {t("Search")}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={onReset}>
          {t("Reset")}
        </button>
      </form>
    </search>
  );
}
