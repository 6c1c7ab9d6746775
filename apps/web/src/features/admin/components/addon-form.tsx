import { type CustomizationBody, customizationBody, MAX_ADDON_NAME } from "@florist/contract";
import { type FormEvent, useId, useState } from "react";
import { FormError, SubmitButton } from "../../../components/form-feedback";

interface AddOnFormProps {
  /** The add-on being edited; none to add a new one. */
  initial?: { name: string; price: number };
  submitLabel: string;
  pendingLabel: string;
  /** Saves the add-on; resolves to the server's refusal, or null when it was saved. */
  onSubmit: (body: CustomizationBody) => Promise<string | null>;
  onCancel?: () => void;
  /** Clears the fields after a save, ready for the next add-on. */
  resetOnSave?: boolean;
}

/** Name and price of an add-on, checked by the contract's rules before the server sees them. */
export function AddOnForm({ initial, submitLabel, pendingLabel, onSubmit, onCancel, resetOnSave }: AddOnFormProps) {
  const nameId = useId();
  const priceId = useId();
  const errorId = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [price, setPrice] = useState(initial ? String(initial.price) : "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = customizationBody.safeParse({ name, price: price.trim() === "" ? undefined : price });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please check the name and the price.");
      return;
    }
    setSaving(true);
    const refusal = await onSubmit(parsed.data);
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
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          className="input"
          value={name}
          maxLength={MAX_ADDON_NAME}
          onChange={(event) => setName(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          disabled={saving}
          data-autofocus
        />
      </div>
      <div className="field addon-form-price">
        <label htmlFor={priceId}>Price (IDR)</label>
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
            Cancel
          </button>
        ) : null}
      </div>
      <div className="addon-form-error">
        <FormError id={errorId} message={error} />
      </div>
    </form>
  );
}
