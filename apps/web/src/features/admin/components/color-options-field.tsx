import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { PRESET_COLORS, presetFor, sixDigitHex } from "../lib/color-presets";
import { type ColorEntry, newColor } from "../lib/product-form";
import { ImagePicker } from "./image-picker";

const CUSTOM = "custom";

export interface ColorOptionsFieldProps {
  colors: ColorEntry[];
  onChange: (colors: ColorEntry[]) => void;
  /** A colour with an image on the server was removed; its image goes with it on save. */
  onImageRemoved: (imageId: number) => void;
}

/** The colour list of the product form: swatch, name, Available, its image, Remove Color, Add Color. */
export function ColorOptionsField({ colors, onChange, onImageRemoved }: ColorOptionsFieldProps) {
  const { t } = useTranslation();
  const legendId = useId();

  function update(key: string, patch: Partial<ColorEntry>) {
    onChange(colors.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }

  function pickSwatch(entry: ColorEntry, value: string) {
    if (value === CUSTOM) return;
    const preset = PRESET_COLORS.find((candidate) => candidate.hex === value);
    const previous = presetFor(entry.color);
    // An empty name, or one that only repeated the old swatch, follows the new swatch.
    const followName = entry.name.trim() === "" || (previous && entry.name.trim() === previous.label);
    update(entry.key, { color: value, ...(followName && preset ? { name: preset.label } : {}) });
  }

  function remove(entry: ColorEntry) {
    if (entry.imageId != null) onImageRemoved(entry.imageId);
    onChange(colors.filter((candidate) => candidate.key !== entry.key));
  }

  return (
    <fieldset className="form-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        {t("Colors")}
      </legend>
      <ul className="option-list">
        {colors.map((entry, index) => {
          const preset = presetFor(entry.color);
          const n = index + 1;
          return (
            <li key={entry.key} className={entry.available ? "color-row" : "color-row is-unavailable"}>
              <div className="color-row-main">
                <span className="color-swatch" style={{ backgroundColor: entry.color }} aria-hidden="true" />
                <select
                  className="select select-compact color-select"
                  aria-label={t("Color {{number}} swatch", { number: n })}
                  value={preset ? preset.hex : CUSTOM}
                  onChange={(event) => pickSwatch(entry, event.target.value)}
                >
                  {PRESET_COLORS.map((option) => (
                    <option key={option.hex} value={option.hex}>
                      {option.label}
                    </option>
                  ))}
                  {preset ? null : <option value={CUSTOM}>{t("Custom Color")}</option>}
                </select>
                <input
                  type="color"
                  className="color-picker"
                  aria-label={t("Color {{number}} custom shade", { number: n })}
                  value={sixDigitHex(entry.color)}
                  onChange={(event) => update(entry.key, { color: event.target.value })}
                />
                <input
                  type="text"
                  className="input color-name"
                  aria-label={t("Color {{number}} name", { number: n })}
                  placeholder={t("Color name")}
                  value={entry.name}
                  maxLength={60}
                  onChange={(event) => update(entry.key, { name: event.target.value })}
                />
              </div>
              <div className="color-row-extra">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={entry.available}
                    onChange={(event) => update(entry.key, { available: event.target.checked })}
                  />
                  {t("Available")}
                </label>
                <ImagePicker
                  compact
                  label={t("Color {{number}} image", { number: n })}
                  file={entry.imageFile}
                  currentUrl={entry.imageUrl}
                  onPick={(file) => update(entry.key, { imageFile: file })}
                  onRemove={entry.imageFile ? () => update(entry.key, { imageFile: null }) : undefined}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-small btn-ghost-danger"
                  onClick={() => remove(entry)}
                >
                  {t("Remove Color")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...colors, newColor()])}>
        {t("Add Color")}
      </button>
    </fieldset>
  );
}
