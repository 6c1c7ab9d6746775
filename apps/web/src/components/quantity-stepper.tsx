import { useTranslation } from "../lib/i18n";
export interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
  size?: "small" | "normal";
}

/** A -/+ selector whose value never leaves min..max. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  disabled = false,
  size = "normal",
}: QuantityStepperProps) {
  const { t } = useTranslation();
  const upper = Math.max(min, max);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would break the compact inline layout; role=group gives the same name to assistive tech.
    <div className={`stepper stepper-${size}`} role="group" aria-label={label}>
      <button
        type="button"
        className="stepper-button"
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={disabled || value <= min}
        aria-label={t("Decrease {{label}}", { label })}
      >
        −
      </button>
      <output className="stepper-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper-button"
        onClick={() => onChange(Math.min(upper, value + 1))}
        disabled={disabled || value >= upper}
        aria-label={t("Increase {{label}}", { label })}
      >
        +
      </button>
    </div>
  );
}
