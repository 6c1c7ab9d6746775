import { Link } from "react-router";
import heroUrl from "../../../assets/hero.svg";
import { useTranslation } from "../../../lib/i18n";

/** The first screen: the shop's promise and the two ways in (the collection, a free consultation). */
export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="hero">
      <img
        className="hero-image"
        src={heroUrl}
        alt={t("A hand-tied bouquet of red, pink and white roses wrapped in cream paper with a pink ribbon")}
        width="1600"
        height="900"
        fetchPriority="high"
      />
      <div className="container hero-inner">
        <div className="hero-copy">
          <span className="eyebrow">{t("Florist in Bandung")}</span>
          <h1>{t("Sharing Happiness and Capturing the Moment")}</h1>
          <p className="hero-lead">
            {t(
              "Hand-tied bouquets, flower baskets, vases and flower boxes, arranged fresh and delivered personally anywhere in Bandung.",
            )}
          </p>
          <div className="hero-actions">
            <Link to="/katalog" className="btn btn-primary">
              {t("Shop the Collection")}
            </Link>
            <a href="#consultation" className="btn btn-secondary">
              {t("Free Consultation")}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
