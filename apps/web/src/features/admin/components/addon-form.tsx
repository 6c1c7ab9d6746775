import { type FormEvent, useId, useState } from "react";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { useTranslation } from "../../../lib/i18n";
import type { AddOnBody } from "../api/addons";

interface AddOnFormProps {
  /** The add-on being edited; none to add a new one. */
  initial?: { name: string; price: number };
  submitLabel: string;
  pendingLabel: string;
  /** Saves the add-on; resolves to the server's refusal, or null when it was saved. */
  onSubmit: (body: AddOnBody) => Promise<string | null>;
  onCancel?: () => void;
  /** Clears the fields after a save, ready for the next add-on. */
  resetOnSave?: boolean;
}

/** Name and price of an add-on; the server checks them, and its message is shown beside the fields. */
export function AddOnForm({ initial, submitLabel, pendingLabel, onSubmit, onCancel, resetOnSave }: AddOnFormProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const priceId = useId();
  const errorId = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [price, setPrice] = useState(initial ? String(initial.price) : "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    // A blank price is sent as missing: as a number it would read as 0.
    const refusal = await onSubmit({ name, price: price.trim() === "" ? undefined : price });
    setSaving(false);
    setError(refusal);
    if (!refusal && resetOnSave) {
      setName("");
      setPrice("");
    }
  }

  return (
    <form className="addon-form" onSubmit={submit} noValidate>
      <div className="field addon-form-name">
        <label htmlFor={nameId}>{t("Name")}</label>
        <input
          id={nameId}
          className="input"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          disabled={saving}
          data-autofocus
        />
      </div>
      <div className="field addon-form-price">
        <label htmlFor={priceId}>{t("Price (IDR)")}</label>
        <input
          id={priceId}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          disabled={saving}
        />
      </div>
      <div className="addon-form-actions">
        <SubmitButton pending={saving} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
            {t("Cancel")}
          </button>
        ) : null}
      </div>
      <div className="addon-form-error">
        <FormError id={errorId} message={error} />
      </div>
    </form>
  );
}
