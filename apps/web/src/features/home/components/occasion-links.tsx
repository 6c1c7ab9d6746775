import type { CatalogCategory, Occasion } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";
import { ProductImage } from "../../../components/product-image";
import { catalogQuery } from "../../../lib/catalog";
import { useTranslation } from "../../../lib/i18n";
import { occasionsQuery } from "../../../lib/occasions";

/** Two cards a row on a phone, four in the 1200 px container. */
const CARD_SIZES = "(min-width: 900px) 280px, 50vw";

interface OccasionCard {
  occasion: Occasion;
  imageUrl: string | null;
}

/**
 * Each occasion with products on sale, with the photo of one of its products: the first in the
 * catalogue's order whose photo no earlier occasion shows, so the cards do not repeat a bouquet.
 */
export function occasionCards(occasions: readonly Occasion[], catalog: readonly CatalogCategory[]): OccasionCard[] {
  const products = catalog.flatMap((category) => category.products).filter((product) => product.imageUrl);
  const used = new Set<string>();
  return occasions
    .filter((occasion) => occasion.productCount > 0)
    .map((occasion) => {
      const tagged = products.filter((product) => product.occasionIds.includes(occasion.occasionId));
      const photo = tagged.find((product) => !used.has(product.imageUrl ?? "")) ?? tagged[0];
      if (photo?.imageUrl) used.add(photo.imageUrl);
      return { occasion, imageUrl: photo?.imageUrl ?? null };
    });
}

/** Shop by occasion: a photo card per occasion, each opening the catalogue filtered to it. */
export function OccasionLinks() {
  const { t } = useTranslation();
  const occasions = useQuery(occasionsQuery);
  const catalog = useQuery(catalogQuery);
  const cards = occasionCards(occasions.data ?? [], catalog.data ?? []);
  // A shop without occasions (or whose occasions hold nothing yet) shows no empty section.
  if (occasions.isSuccess && cards.length === 0) return null;
  return (
    <section className="occasion-links" aria-labelledby="occasion-links-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">{t("Shop by occasion")}</span>
          <h2 id="occasion-links-title">{t("Flowers for every moment")}</h2>
          <p>{t("Birthdays, weddings, a get-well wish: start from the moment you are celebrating.")}</p>
        </div>
        <ul className="occasion-grid" aria-busy={occasions.isPending || catalog.isPending}>
          {cards.map(({ occasion, imageUrl }) => (
            <li key={occasion.occasionId} className="link-card occasion-card">
              <ProductImage src={imageUrl} alt="" width={400} height={500} sizes={CARD_SIZES} />
              <div className="occasion-card-body">
                <h3>
                  <Link to={`/katalog?occasion=${occasion.occasionId}`} className="stretched-link">
                    {occasion.name}
                  </Link>
                </h3>
                <span className="occasion-card-count">
                  {t("{{count}} gifts", { count: occasion.productCount })}
                  <ArrowRightIcon size={16} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
