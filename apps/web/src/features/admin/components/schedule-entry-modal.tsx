import { type ReactNode, useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";
import { useTranslation } from "../../../lib/i18n";

/**
 * The dialog a slot or a district is added or edited in. Apply only changes the screen's copy of the
 * schedule; nothing is sent until the schedule is saved.
 */
export function ScheduleEntryModal({
  title,
  problem,
  onApply,
  onClose,
  children,
}: {
  title: string;
  problem: string | null;
  onApply: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="medium"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn-primary">
            {t("Apply")}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form schedule-entry-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        {children}
        <FormError message={problem} />
      </form>
    </Modal>
  );
}

/** A whole number of a slot or district (capacity, fee), with the hint under it. */
export function ScheduleNumberField({
  id,
  label,
  value,
  step,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  step: number;
  hint: ReactNode;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input schedule-number"
        type="number"
        inputMode="numeric"
        min={0}
        step={step}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
