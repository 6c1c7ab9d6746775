import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { CATEGORY_PILLS, type CategoryPill, catalogQuery, filterCatalog } from "../api/catalog";
import { ProductCard } from "../components/product-card";
import "../catalog.css";

function readPill(value: string | null): CategoryPill {
  return CATEGORY_PILLS.find((pill) => pill.toLowerCase() === value?.toLowerCase()) ?? "All";
}

export default function CatalogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pill = readPill(searchParams.get("category"));
  const { data, isPending, error } = useQuery(catalogQuery);

  function choose(next: CategoryPill) {
    setSearchParams(next === "All" ? {} : { category: next }, { replace: true, preventScrollReset: true });
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
        {CATEGORY_PILLS.map((name) => (
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
