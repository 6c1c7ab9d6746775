import type { SearchAnswer } from "@florist/contract";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";
import { useTranslation } from "../../../lib/i18n";

/** Previous and next page of the results, with where the shopper stands; nothing for a single page. */
export function SearchPager({
  pagination,
  onPage,
}: {
  pagination: SearchAnswer["pagination"];
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));
  if (pages <= 1 && pagination.page <= 1) return null;
  return (
    <nav className="search-pager" aria-label={t("Result pages")}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={pagination.page <= 1}
        onClick={() => onPage(pagination.page - 1)}
      >
        <ChevronLeftIcon size={18} /> {t("Previous")}
      </button>
      <span className="search-pager-place">{t("Page {{page}} of {{pages}}", { page: pagination.page, pages })}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!pagination.hasNext}
        onClick={() => onPage(pagination.page + 1)}
      >
        {t("Next")} <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
