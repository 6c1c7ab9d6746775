import type { OrderDetail } from "@florist/contract";
import { useId, useState } from "react";
import { Currency } from "../../../components/currency";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";
import { messageOf } from "../../../lib/api-client";
import { formatOrderId } from "../../../lib/format";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { usePaymentDecision } from "../hooks/use-payment-decision";

/** The two decisions that need the admin's words: why a receipt is refused, or how the money was seen. */
export type NoteDecision = "reject" | "paid";

interface NoteTexts {
  title: string;
  label: string;
  hint: string;
  confirm: string;
  missing: string;
}

function noteTexts(t: TFunction, decision: NoteDecision): NoteTexts {
  if (decision === "reject")
    return {
      title: t("Reject receipt"),
      label: t("Reason for the customer"),
      hint: t("The customer sees this note and can send another receipt."),
      confirm: t("Reject receipt"),
      missing: t("Write why the receipt is rejected."),
    };
  return {
    title: t("Mark paid"),
    label: t("How was it paid?"),
    hint: t("For example: seen in the BCA statement on 24 Nov, paid in cash, confirmed on WhatsApp."),
    confirm: t("Mark paid"),
    missing: t("Write how the payment was seen."),
  };
}

export interface PaymentNoteTarget {
  orderId: number;
  customer: string;
  amount: number;
}

export interface PaymentNoteModalProps {
  decision: NoteDecision;
  /** The order decided on; the dialog is closed while null. */
  target: PaymentNoteTarget | null;
  onClose: () => void;
  onDecided: (order: OrderDetail) => void;
}

/** A decision with a required note. The note is checked here before anything is sent. */
export function PaymentNoteModal({ decision, target, onClose, onDecided }: PaymentNoteModalProps) {
  return target ? (
    <NoteForm key={target.orderId} decision={decision} target={target} onClose={onClose} onDecided={onDecided} />
  ) : null;
}

function NoteForm({ decision, target, onClose, onDecided }: PaymentNoteModalProps & { target: PaymentNoteTarget }) {
  const { t } = useTranslation();
  const texts = noteTexts(t, decision);
  const formId = useId();
  const noteId = useId();
  const hintId = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const decide = usePaymentDecision((order) => onDecided(order));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (note.trim() === "") {
      setError(texts.missing);
      return;
    }
    setError(null);
    decide.mutate(
      { orderId: target.orderId, body: { decision, note: note.trim() } },
      { onError: (failure) => setError(messageOf(failure, t("The payment could not be saved."))) },
    );
  }

  const busy = decide.isPending;
  return (
    <Modal
      open
      title={`${texts.title} · ${formatOrderId(target.orderId)}`}
      onClose={busy ? () => undefined : onClose}
      size="medium"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t("Cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${decision === "reject" ? "btn-danger" : "btn-primary"}`}
            disabled={busy}
          >
            {busy ? t("Saving...") : texts.confirm}
          </button>
        </>
      }
    >
      <form id={formId} className="form payment-note-form" onSubmit={submit} noValidate>
        <p className="admin-muted">
          {target.customer} · <Currency amount={target.amount} />
        </p>
        <div className="field">
          <label htmlFor={noteId}>{texts.label}</label>
          <textarea
            id={noteId}
            className="textarea"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              // The "write a note" message has done its work once the admin writes.
              if (error === texts.missing) setError(null);
            }}
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            aria-required="true"
            disabled={busy}
            data-autofocus
          />
          <p id={hintId} className="field-hint">
            {texts.hint}
          </p>
        </div>
        <FormError message={error} />
      </form>
    </Modal>
  );
}
