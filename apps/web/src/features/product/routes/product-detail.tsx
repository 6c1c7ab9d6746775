import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { ApiError } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { usePageTitle } from "../../../lib/use-page-title";
import { productQuery } from "../api/product";
import { ProductDetail } from "../components/product-detail";
import { ProductReviews } from "../components/product-reviews";
import "../product.css";

export default function ProductPage() {
  const { productId: param } = useParams();
  const productId = Number(param);
  const validId = Number.isInteger(productId) && productId > 0;
  const { data: product, isPending, error } = useQuery({ ...productQuery(productId), enabled: validId });
  const notFound = !validId || (error instanceof ApiError && error.status === 404);
  const { t } = useTranslation();
  usePageTitle(product ? product.name : notFound ? t("Product Not Found") : undefined);

  let content: React.ReactNode;
  if (notFound) {
    content = <ErrorState text={t("Produk tidak ditemukan.")} />;
  } else if (error) {
    content = <ErrorState text={t("Gagal memuat detail produk.")} />;
  } else if (isPending) {
    content = <LoadingState text={t("Loading product...")} />;
  } else {
    // Keyed by product so every product starts from its first size and colour, quantity 1.
    content = <ProductDetail key={product.productId} product={product} />;
  }

  return (
    <div className="container page">
      <Link to="/katalog" className="back-link">
        <ArrowLeftIcon size={18} /> {t("Back to Catalog")}
      </Link>
      {content}
      {product ? <ProductReviews productId={product.productId} /> : null}
    </div>
  );
}
