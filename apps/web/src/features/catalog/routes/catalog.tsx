import type { CatalogCategory, Occasion } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { ProductCard } from "../../../components/product-card";
import { messageOf } from "../../../lib/api-client";
import { catalogQuery, occasionCatalogQuery } from "../../../lib/catalog";
import { useTranslation } from "../../../lib/i18n";
import { idFromParam, occasionsQuery } from "../../../lib/occasions";
import { ALL_PILL, categoryPills, filterCatalog } from "../api/catalog";
import { OccasionChips } from "../components/occasion-chips";
import "../catalog.css";

/** The pill the address names, matched however it is cased; "All" for one the shop does not have. */
function readPill(pills: readonly string[], value: string | null): string {
  return pills.find((pill) => pill.toLowerCase() === value?.toLowerCase()) ?? ALL_PILL;
}

/**
 * The catalogue, grouped by category, filtered by a category pill and an occasion chip; both live in
 * the address (`?category=Bouquets&occasion=3`), so a filtered catalogue can be shared.
 */
export default function CatalogPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const occasionId = idFromParam(searchParams.get("occasion"));
  const whole = useQuery(catalogQuery);
  const ofOccasion = useQuery({ ...occasionCatalogQuery(occasionId ?? 0), enabled: occasionId !== null });
  const occasions = useQuery(occasionsQuery);
  // The pills stay those of the whole catalogue, so choosing an occasion does not move them.
  const pills = categoryPills(whole.data ?? []);
  const pill = readPill(pills, searchParams.get("category"));
  const occasion = occasions.data?.find((o) => o.occasionId === occasionId) ?? null;
  const shown = occasionId === null ? whole : ofOccasion;

  function filter(next: { category?: string; occasion?: number | null }) {
    const category = next.category ?? pill;
    const chosen = next.occasion === undefined ? occasionId : next.occasion;
    const params: Record<string, string> = {};
    if (category !== ALL_PILL) params.category = category;
    if (chosen !== null) params.occasion = String(chosen);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  let content: React.ReactNode;
  if (shown.isPending || whole.isPending) {
    content = <LoadingState text={t("Loading catalog...")} />;
  } else if (shown.error || whole.error) {
    content = <ErrorState text={messageOf(shown.error ?? whole.error, t("Gagal memuat katalog."))} />;
  } else {
    const groups = filterCatalog(shown.data, pill);
    content =
      groups.length === 0 ? (
        <NothingFound occasion={occasion} filtered={occasionId !== null} onShowAll={() => filter({ occasion: null })} />
      ) : (
        <CatalogGroups groups={groups} />
      );
  }

  return (
    <div className="container page">
      <PageHeader
        className="catalog-header"
        eyebrow={t("Catalog")}
        title={t("Our Collection")}
        lead={t("Fresh arrangements for every moment, delivered across Bandung.")}
      />
      <nav className="category-pills" aria-label={t("Categories")}>
        {pills.map((name) => (
          <button
            key={name}
            type="button"
            className={name === pill ? "pill active" : "pill"}
            aria-pressed={name === pill}
            onClick={() => filter({ category: name })}
          >
            {name === ALL_PILL ? t("All") : name}
          </button>
        ))}
      </nav>
      <OccasionChips
        occasions={occasions.data ?? []}
        chosen={occasionId}
        onChoose={(next) => filter({ occasion: next })}
      />
      <div aria-live="polite">{content}</div>
    </div>
  );
}

function CatalogGroups({ groups }: { groups: CatalogCategory[] }) {
  return groups.map((category, groupIndex) => (
    <section key={category.categoryId} className="catalog-group" aria-labelledby={`category-${category.categoryId}`}>
      <h2 id={`category-${category.categoryId}`} className="catalog-group-title">
        {category.name}
        <span className="catalog-group-count">{category.products.length}</span>
      </h2>
      <div className="product-grid">
        {category.products.map((product, index) => (
          <ProductCard key={product.productId} product={product} eager={groupIndex === 0 && index < 4} />
        ))}
      </div>
    </section>
  ));
}

/** Nothing to show: the spec's words for an empty shop, or a way out of a filter that holds nothing. */
function NothingFound({
  occasion,
  filtered,
  onShowAll,
}: {
  occasion: Occasion | null;
  filtered: boolean;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  if (!filtered) return <EmptyState text={t("There are no products currently available.")} />;
  return (
    <EmptyState
      text={
        occasion
          ? t("No flowers for {{occasion}} here yet.", { occasion: occasion.name })
          : t("No flowers for this occasion here yet.")
      }
    >
      <button type="button" className="btn btn-secondary" onClick={onShowAll}>
        {t("Show every occasion")}
      </button>
    </EmptyState>
  );
}
