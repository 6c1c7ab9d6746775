import { useId } from "react";
import { newSize, type SizeEntry } from "../lib/product-form";

/** The size list of the product form: a text field per size, Remove, Add Size. */
export function SizeOptionsField({ sizes, onChange }: { sizes: SizeEntry[]; onChange: (sizes: SizeEntry[]) => void }) {
  const legendId = useId();
  return (
    <fieldset className="form-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        Sizes
      </legend>
      <ul className="option-list">
        {sizes.map((entry, index) => (
          <li key={entry.key} className="size-row">
            <input
              type="text"
              className="input"
              aria-label={`Size ${index + 1}`}
              placeholder="e.g. Medium"
              value={entry.size}
              maxLength={60}
              onChange={(event) =>
                onChange(sizes.map((s) => (s.key === entry.key ? { ...s, size: event.target.value } : s)))
              }
            />
            <button
              type="button"
              className="btn btn-ghost btn-small btn-ghost-danger"
              onClick={() => onChange(sizes.filter((s) => s.key !== entry.key))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange([...sizes, newSize()])}>
        Add Size
      </button>
    </fieldset>
  );
}
