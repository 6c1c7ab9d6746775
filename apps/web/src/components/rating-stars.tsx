import { dateLocale, useTranslation } from "../lib/i18n";
import "./rating-stars.css";

const STAR_PATH = "M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z";

function StarRow({ className, size }: { className: string; size: number }) {
  return (
    <span className={className}>
      {[1, 2, 3, 4, 5].map((place) => (
        <svg key={place} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** The average as a person reads it: one decimal, in the language's own way ("4.5", "4,5"). */
export function useRatingNumber() {
  const { language } = useTranslation();
  const locale = dateLocale(language);
  return (average: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/**
 * A product's rating: five stars filled as far as the average reaches (4.5 fills four and a half),
 * then, unless `withNumbers` is false, the average and how many reviews. One image to a screen reader:
 * "Rated 4.5 out of 5, 12 reviews".
 */
export function RatingStars({
  average,
  count,
  size = 16,
  withNumbers = true,
}: {
  average: number;
  count: number;
  size?: number;
  withNumbers?: boolean;
}) {
  const { t } = useTranslation();
  const number = useRatingNumber();
  const shown = number(average);
  const filled = `${Math.max(0, Math.min(100, (average / 5) * 100))}%`;
  return (
    <span
      className="rating-stars"
      role="img"
      aria-label={t("Rated {{average}} out of 5, {{count}} reviews", { average: shown, count })}
    >
      <span className="rating-stars-track">
        <StarRow className="rating-stars-empty" size={size} />
        <span className="rating-stars-fill" style={{ width: filled }}>
          <StarRow className="rating-stars-full" size={size} />
        </span>
      </span>
      {withNumbers ? (
        <span className="rating-stars-numbers" aria-hidden="true">
          <span className="rating-stars-number">{shown}</span> <span className="rating-stars-count">({count})</span>
        </span>
      ) : null}
    </span>
  );
}
