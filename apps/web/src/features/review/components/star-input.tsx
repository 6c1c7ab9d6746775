import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";

/** A 1–5 star choice built from radio buttons, so arrow keys and screen readers work as usual. */
export function StarInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const LABELS = [t("Poor"), t("Fair"), t("Good"), t("Very good"), t("Excellent")];
  return (
    <div className="star-input">
      {LABELS.map((label, index) => {
        const rating = index + 1;
        return (
          <label key={label} className={rating <= value ? "star-choice on" : "star-choice"} title={label}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z" />
            </svg>
            <span className="visually-hidden">{t("{{count}} stars, {{label}}", { count: rating, label })}</span>
          </label>
        );
      })}
      <span className="star-input-label" aria-hidden="true">
        {value > 0 ? LABELS[value - 1] : ""}
      </span>
    </div>
  );
}
