import type { Occasion } from "@florist/contract";
import { useTranslation } from "../../../lib/i18n";

/**
 * The occasions to narrow the catalogue to, in the admin's order: those with products on sale, and
 * the chosen one whatever it holds. One row that scrolls sideways on a phone, its height kept before
 * the occasions arrive so the products below do not move.
 */
export function OccasionChips({
  occasions,
  chosen,
  onChoose,
}: {
  occasions: readonly Occasion[];
  chosen: number | null;
  onChoose: (occasionId: number | null) => void;
}) {
  const { t } = useTranslation();
  const offered = occasions.filter((o) => o.productCount > 0 || o.occasionId === chosen);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend cannot sit in the chips' one scrolling row.
    <div className="occasion-chips" role="group" aria-label={t("Occasion")}>
      <span className="occasion-chips-label" aria-hidden="true">
        {t("Occasion")}
      </span>
      <button
        type="button"
        className={chosen === null ? "chip active" : "chip"}
        aria-pressed={chosen === null}
        onClick={() => onChoose(null)}
      >
        {t("Any occasion")}
      </button>
      {offered.map((occasion) => (
        <button
          key={occasion.occasionId}
          type="button"
          className={occasion.occasionId === chosen ? "chip active" : "chip"}
          aria-pressed={occasion.occasionId === chosen}
          onClick={() => onChoose(occasion.occasionId)}
        >
          {occasion.name}
        </button>
      ))}
    </div>
  );
}
