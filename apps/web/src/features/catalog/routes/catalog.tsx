import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { ALL_PILL, catalogQuery, categoryPills, filterCatalog } from "../api/catalog";
import { ProductCard } from "../components/product-card";
import "../catalog.css";

/** The pill the address names, matched however it is cased; "All" for one the shop does not have. */
function readPill(pills: readonly string[], value: string | null): string {
  return pills.find((pill) => pill.toLowerCase() === value?.toLowerCase()) ?? ALL_PILL;
}

export default function CatalogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, isPending, error } = useQuery(catalogQuery);
  const pills = categoryPills(data ?? []);
  const pill = readPill(pills, searchParams.get("category"));

  function choose(next: string) {
    setSearchParams(next === ALL_PILL ? {} : { category: next }, { replace: true, preventScrollReset: true });
  }

  let content: React.ReactNode;
  if (isPending) {
    content = <LoadingState text="Loading catalog..." />;
  } else if (error) {
    content = <ErrorState text={messageOf(error, "Gagal memuat katalog.")} />;
  } else {
    const groups = filterCatalog(data, pill);
    content =
      groups.length === 0 ? (
        <EmptyState text="There are no products currently available." />
      ) : (
        groups.map((category, groupIndex) => (
          <section
            key={category.categoryId}
            className="catalog-group"
            aria-labelledby={`category-${category.categoryId}`}
          >
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
        ))
      );
  }

  return (
    <div className="container page">
      <PageHeader
        className="catalog-header"
        eyebrow="Catalog"
        title="Our Collection"
        lead="Fresh arrangements for every moment, delivered across Bandung."
      />
      <nav className="category-pills" aria-label="Categories">
        {pills.map((name) => (
          <button
            key={name}
            type="button"
            className={name === pill ? "pill active" : "pill"}
            aria-pressed={name === pill}
            onClick={() => choose(name)}
          >
            {name}
          </button>
        ))}
      </nav>
      <div aria-live="polite">{content}</div>
    </div>
  );
}
