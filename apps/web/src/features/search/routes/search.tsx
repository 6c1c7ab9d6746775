import type { CatalogProduct } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { ProductCard } from "../../../components/product-card";
import { messageOf } from "../../../lib/api-client";
import { catalogQuery } from "../../../lib/catalog";
import { useTranslation } from "../../../lib/i18n";
import { occasionsQuery } from "../../../lib/occasions";
import { canSearch, readSearch, type SearchRequest, searchParamsOf, searchResultsQuery } from "../api/search";
import { SearchFilters } from "../components/search-filters";
import { SearchForm } from "../components/search-form";
import { SearchPager } from "../components/search-pager";
import "../search.css";

/**
 * /cari: the shop's search (contract §7.7). Everything it shows comes from its address, so a
 * search can be shared and the header's search field only has to go to `/cari?q=<words>`.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const request = readSearch(params);
  const results = useQuery(searchResultsQuery(request));
  const occasions = useQuery(occasionsQuery);
  const catalog = useQuery(catalogQuery);
  const categories = (catalog.data ?? []).filter((category) => category.products.length > 0);

  function go(change: Partial<SearchRequest>) {
    // A new search or filter starts from the first page; paging keeps the rest.
    const next = { ...request, page: 1, ...change };
    setParams(searchParamsOf(next), { preventScrollReset: true });
    if (change.page !== undefined) window.scrollTo({ top: 0, behavior: "instant" });
  }

  let content: React.ReactNode;
  if (!canSearch(request)) {
    content = (
      <EmptyState text={t("Type what you are looking for, or choose an occasion or a category.")}>
        <Link to="/katalog" className="btn btn-secondary">
          {t("Browse the catalogue")}
        </Link>
      </EmptyState>
    );
  } else if (results.isPending) {
    content = <LoadingState text={t("Searching...")} />;
  } else if (results.error) {
    content = <ErrorState text={messageOf(results.error, t("The search could not be done. Please try again."))} />;
  } else if (results.data.products.length === 0) {
    content = <NoResults request={request} onFirstPage={() => go({ page: 1 })} />;
  } else {
    const { products, pagination } = results.data;
    content = (
      <>
        <p className="search-summary">
          {request.q
            ? t("{{count}} flowers found for “{{q}}”", { count: pagination.total, q: request.q })
            : t("{{count}} flowers found", { count: pagination.total })}
        </p>
        <ResultGrid products={products} stale={results.isPlaceholderData} />
        <SearchPager pagination={pagination} onPage={(page) => go({ page })} />
      </>
    );
  }

  return (
    <div className="container page search-page">
      <PageHeader className="search-header" eyebrow={t("Find a gift")} title={t("Search the shop")} />
      <SearchForm key={request.q} initial={request.q} onSearch={(q) => go({ q })} />
      <SearchFilters
        request={request}
        occasions={occasions.data ?? []}
        categories={categories}
        onChange={(change) => go(change)}
      />
      <div aria-live="polite" aria-busy={results.isFetching}>
        {content}
      </div>
    </div>
  );
}

function ResultGrid({ products, stale }: { products: CatalogProduct[]; stale: boolean }) {
  return (
    <div className={stale ? "product-grid search-results is-stale" : "product-grid search-results"}>
      {products.map((product, index) => (
        <ProductCard key={product.productId} product={product} eager={index < 4} />
      ))}
    </div>
  );
}

/** Nothing found: says what was looked for and offers the whole catalogue (or the first page). */
function NoResults({ request, onFirstPage }: { request: SearchRequest; onFirstPage: () => void }) {
  const { t } = useTranslation();
  if (request.page > 1)
    return (
      <EmptyState text={t("This page holds no more results.")}>
        <button type="button" className="btn btn-secondary" onClick={onFirstPage}>
          {t("Back to the first page")}
        </button>
      </EmptyState>
    );
  const filtered = request.occasion !== null || request.category !== null;
  return (
    <EmptyState
      text={
        request.q
          ? t("No flowers match “{{q}}”.", { q: request.q })
          : t("No flowers match this occasion and category yet.")
      }
    >
      <p className="search-hint">
        {filtered ? t("Try other words or fewer filters.") : t("Try other or fewer words, such as “rose” or “basket”.")}
      </p>
      <Link to="/katalog" className="btn btn-secondary">
        {t("Browse the catalogue")}
      </Link>
    </EmptyState>
  );
}
