import { type ReactNode, useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";

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
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary">
            Apply
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
