// zod may not probe for eval under the shop's Content-Security-Policy: configured before the contract loads.
import "../lib/schedule-zod-config";
import { type CategoryBody, categoryBody, MAX_CATEGORY_NAME } from "@florist/contract";
import { type FormEvent, useId, useState } from "react";
import { FormError } from "../../../components/form-feedback";
import { useTranslation } from "../../../lib/i18n";

interface CategoryNameFormProps {
  /** The name being changed; empty to add a category. */
  initialName?: string;
  /** Names the field for screen readers, since the inline form shows no label. */
  label: string;
  submitLabel: string;
  /** An example name in the empty field. */
  placeholder?: string;
  /** Saves the name; resolves to the server's refusal, or null once saved. */
  onSubmit: (body: CategoryBody) => Promise<string | null>;
  onCancel?: () => void;
}

/** One name field and its button; the contract's rule speaks before the server is asked. */
export function CategoryNameForm({
  initialName = "",
  label,
  submitLabel,
  placeholder,
  onSubmit,
  onCancel,
}: CategoryNameFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = categoryBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("Please check the name."));
      return;
    }
    setSaving(true);
    const refusal = await onSubmit(parsed.data);
    setSaving(false);
    setError(refusal);
    if (!refusal && !onCancel) setName("");
  }

  return (
    <form className="category-form" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        value={name}
        placeholder={placeholder ?? t("e.g. Wedding Flowers")}
        maxLength={MAX_CATEGORY_NAME}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && onCancel?.()}
        aria-describedby={error ? errorId : undefined}
        disabled={saving}
        // biome-ignore lint/a11y/noAutofocus: the inline rename opens on request and takes the typing at once
        autoFocus={Boolean(onCancel)}
      />
      <span className="category-form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={saving}>
          {saving ? t("Saving...") : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={onCancel} disabled={saving}>
            {t("Cancel")}
          </button>
        ) : null}
      </span>
      <div className="category-form-error">
        <FormError message={error} id={errorId} />
      </div>
    </form>
  );
}
