import type { CatalogProduct } from "@florist/contract";
import { IMAGE_SIZES } from "@florist/contract/pages";
import { Link } from "react-router";
import { isOutOfStock } from "../lib/catalog";
import { useTranslation } from "../lib/i18n";
import { Currency } from "./currency";
import { ProductImage } from "./product-image";
import { RatingStars } from "./rating-stars";
import "./product-card.css";

/** Two cards a row on a phone, three from 700 px, four from 1080 px in the 1200 px container. */
const CARD_SIZES = IMAGE_SIZES.productCard;

/** A product in the catalogue or the search results: photo, name, stars once reviewed, the starting price. */
export function ProductCard({ product, eager = false }: { product: CatalogProduct; eager?: boolean }) {
  const { t } = useTranslation();
  const soldOut = isOutOfStock(product);
  return (
    <article className={soldOut ? "link-card product-card sold-out" : "link-card product-card"}>
      <div className="product-card-media">
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          width={400}
          height={400}
          eager={eager}
          sizes={CARD_SIZES}
        />
        {soldOut ? <span className="sold-out-badge">{t("Stok Habis")}</span> : null}
      </div>
      <div className="product-card-body">
        <h3 className="product-card-title">
          <Link to={`/produk/${product.productId}`} className="stretched-link">
            {product.name}
          </Link>
        </h3>
        {product.rating ? (
          <p className="product-card-rating">
            <RatingStars average={product.rating.average} count={product.rating.count} size={14} />
          </p>
        ) : null}
        {product.description ? <p className="product-card-text">{product.description}</p> : null}
        <p className="product-card-price">
          <span className="price-label">{t("Starting from")}</span>
          <Currency amount={product.price} />
        </p>
      </div>
    </article>
  );
}
