import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SearchIcon } from "../../components/icons";
import { useTranslation } from "../../lib/i18n";

export const SEARCH_PATH = "/cari";
/** The longest query GET /api/search takes (contract §7.7). */
const MAX_QUERY = 100;

/**
 * The shop's search in the header: inline beside the links on a wide screen, at the top of the menu on
 * a phone. It only leads to /cari?q=…, where the results are; an empty search goes nowhere.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [text, setText] = useState("");

  // On the results page the field holds what was searched for, so it can be refined.
  useEffect(() => {
    if (pathname === SEARCH_PATH) setText(new URLSearchParams(search).get("q") ?? "");
  }, [pathname, search]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: query })}`);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet a landmark to every screen reader; a form with role search is.
    <form className="navbar-search" role="search" aria-label={t("Search the shop")} onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t("Search flowers")}
      </label>
      <input
        id={`${id}-q`}
        className="navbar-search-input"
        type="search"
        name="q"
        placeholder={t("Search flowers…")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="navbar-search-button" aria-label={t("Search")}>
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
