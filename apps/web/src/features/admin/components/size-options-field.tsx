import { useId } from "react";
import { formatRupiah } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { newSize, type ProductFormValues, type SizeEntry } from "../lib/product-form";
import { removeSize, renameSize } from "../lib/size-prices";

type SizeState = Pick<ProductFormValues, "sizes" | "removedSizePrices">;

export interface SizeOptionsFieldProps extends SizeState {
  /** The base price as typed in the form, shown on the sizes that follow it. */
  basePrice: string;
  onChange: (state: SizeState) => void;
}

/** The size list of the product form: per size its name, its own price or the base price it follows, Remove; Add Size. */
export function SizeOptionsField({ sizes, removedSizePrices, basePrice, onChange }: SizeOptionsFieldProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const state = { sizes, removedSizePrices };
  const update = (key: string, patch: Partial<SizeEntry>) =>
    onChange({ ...state, sizes: sizes.map((s) => (s.key === key ? { ...s, ...patch } : s)) });
  const base = Number(basePrice);
  const baseText = basePrice.trim() !== "" && Number.isFinite(base) && base > 0 ? ` (${formatRupiah(base)})` : "";

  return (
    <fieldset className="form-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        {t("Sizes")}
      </legend>
      <ul className="option-list">
        {sizes.map((entry, index) => {
          const n = index + 1;
          return (
            <li key={entry.key} className="size-row" data-size={entry.size}>
              <div className="size-row-main">
                <input
                  type="text"
                  className="input"
                  aria-label={t("Size {{number}}", { number: n })}
                  placeholder={t("e.g. Medium")}
                  value={entry.size}
                  maxLength={60}
                  onChange={(event) => onChange(renameSize(state, entry.key, event.target.value))}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-small btn-ghost-danger"
                  onClick={() => onChange(removeSize(state, entry.key))}
                >
                  {t("Remove")}
                </button>
              </div>
              <div className="size-row-price">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    aria-label={t("Size {{number}} own price", { number: n })}
                    checked={entry.ownPrice}
                    onChange={(event) =>
                      update(entry.key, {
                        ownPrice: event.target.checked,
                        // Ticking an empty price starts from the base price, for the admin to change.
                        ...(event.target.checked && entry.price === "" && baseText ? { price: String(base) } : {}),
                      })
                    }
                  />
                  {t("Own price")}
                </label>
                {entry.ownPrice ? (
                  <input
                    type="number"
                    className="input size-price"
                    aria-label={t("Size {{number}} price", { number: n })}
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={entry.price}
                    onChange={(event) => update(entry.key, { price: event.target.value })}
                  />
                ) : (
                  <span className="size-follows">
                    {t("follows the base price")}
                    {baseText}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => onChange({ ...state, sizes: [...sizes, newSize()] })}
      >
        {t("Add Size")}
      </button>
    </fieldset>
  );
}
