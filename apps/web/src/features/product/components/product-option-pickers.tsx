import type { Customization } from "@florist/contract";
import { ColorChip } from "../../../components/color-chip";
import { Currency } from "../../../components/currency";
import { QuantityStepper } from "../../../components/quantity-stepper";
import type { ColorOption } from "../../../lib/colors";
import { useTranslation } from "../../../lib/i18n";

export function SizePicker({
  sizes,
  value,
  onChange,
}: {
  sizes: string[];
  value: string;
  onChange: (size: string) => void;
}) {
  const { t } = useTranslation();
  if (sizes.length === 0) return null;
  return (
    <fieldset className="option-group">
      <legend>{t("Size")}</legend>
      <div className="option-buttons">
        {sizes.map((option) => (
          <label key={option} className="option-button">
            <input
              type="radio"
              name="size"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ColorPicker({
  colors,
  value,
  onChange,
}: {
  colors: ColorOption[];
  /** The chosen option as stored (its raw text). */
  value: string;
  onChange: (raw: string) => void;
}) {
  const { t } = useTranslation();
  if (colors.length === 0) return null;
  const current = colors.find((option) => option.raw === value);
  return (
    <fieldset className="option-group">
      <legend>
        {t("Color")}
        {current ? <span className="option-current">: {current.label}</span> : null}
      </legend>
      <div className="option-buttons">
        {colors.map((option) => (
          <label key={option.raw} className="option-button color-option">
            <input
              type="radio"
              name="color"
              value={option.raw}
              checked={value === option.raw}
              onChange={() => onChange(option.raw)}
            />
            <span>
              <ColorChip hex={option.hex} />
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The add-ons on offer; a chosen one gets its own quantity (1 to 99). */
export function CustomizationPicker({
  customizations,
  chosen,
  onToggle,
  onQuantity,
}: {
  customizations: Customization[];
  /** Chosen customizations by id, with their quantity. */
  chosen: Record<number, number>;
  onToggle: (customization: Customization, checked: boolean) => void;
  onQuantity: (customization: Customization, quantity: number) => void;
}) {
  const { t } = useTranslation();
  if (customizations.length === 0) return null;
  return (
    <fieldset className="option-group">
      <legend>{t("Customization")}</legend>
      <ul className="customization-list">
        {customizations.map((customization) => {
          const selected = chosen[customization.customization_id];
          return (
            <li key={customization.customization_id} className={selected ? "customization selected" : "customization"}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={selected !== undefined}
                  onChange={(event) => onToggle(customization, event.target.checked)}
                />
                <span className="customization-name">{customization.name}</span>
              </label>
              <span className="customization-price">
                +<Currency amount={customization.price} />
              </span>
              {selected !== undefined ? (
                <QuantityStepper
                  size="small"
                  label={t("{{name}} quantity", { name: customization.name })}
                  value={selected}
                  max={99}
                  onChange={(value) => onQuantity(customization, value)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
