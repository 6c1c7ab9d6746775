import { type FormEvent, useId, useState } from "react";
import { SearchIcon } from "../../../components/icons";
import { useTranslation } from "../../../lib/i18n";
import { MAX_QUERY_LENGTH } from "../api/search";

/** The words to search for; keyed by the address's words, so a search from the header refills it. */
export function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet a landmark to every screen reader; a form with role search is.
    <form className="search-form" role="search" aria-label={t("Search flowers")} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={inputId}>
        {t("Search flowers")}
      </label>
      <span className="search-form-field">
        <SearchIcon size={20} />
        <input
          id={inputId}
          className="input"
          type="search"
          name="q"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t("Roses, sunflowers, a birthday basket…")}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </span>
      <button type="submit" className="btn btn-primary">
        {t("Search")}
      </button>
    </form>
  );
}
