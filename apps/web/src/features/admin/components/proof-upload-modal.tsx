import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";
import { messageOf } from "../../../lib/api-client";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { finishWithProof } from "../api/orders";
import { imageFileProblem } from "../lib/image-file";

export interface ProofUploadModalProps {
  orderId: number;
  onClose: () => void;
  onFinished: () => void;
}

/**
 * Mark as Finished: pick the delivery proof, see it, confirm, upload it, then mark the
 * order Finished and Paid. Rendered only while open, so every opening starts empty.
 */
export function ProofUploadModal({ orderId, onClose, onFinished }: ProofUploadModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const submit = useMutation({
    mutationFn: (chosen: File) => finishWithProof(orderId, chosen),
    onSuccess: onFinished,
    onError: (failure) => {
      setConfirming(false);
      setError(messageOf(failure, t("Failed to submit proof")));
    },
  });

  function clear(input: HTMLInputElement, message: string | null) {
    input.value = "";
    setFile(null);
    setPreview(null);
    setError(message);
  }

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    setConfirming(false);
    if (!chosen) {
      clear(input, null);
      return;
    }
    const problem = imageFileProblem(chosen);
    if (problem) {
      clear(input, problem);
      return;
    }
    setError(null);
    const reader = new FileReader();
    reader.onload = () => {
      setFile(chosen);
      setPreview(typeof reader.result === "string" ? reader.result : null);
    };
    reader.onerror = () => clear(input, t("Failed to read file."));
    reader.readAsDataURL(chosen);
  }

  function requestSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t("Please select an image file (not just a preview) before submitting."));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setConfirming(true);
  }

  const busy = submit.isPending;
  const actions = confirming ? (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={busy}>
        {t("Cancel")}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => file && submit.mutate(file)}
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: the confirmation takes the place of the button just pressed.
        autoFocus
      >
        {busy ? t("Submitting...") : t("Yes, submit")}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        {t("Cancel")}
      </button>
      <button type="submit" form={formId} className="btn btn-primary">
        {t("Submit Proof")}
      </button>
    </>
  );

  return (
    <Modal
      open
      title={t("Delivery proof for {{order}}", { order: formatOrderId(orderId) })}
      onClose={busy ? () => undefined : onClose}
      size="medium"
      actions={actions}
    >
      <form id={formId} className="form proof-form" onSubmit={requestSubmit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t("Proof photo")}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="input input-file"
            onChange={choose}
            disabled={busy}
            required
          />
          <p className="field-hint">{t("A photo of the delivered order (JPG, PNG or WebP, max 5 MB).")}</p>
        </div>
        {preview ? (
          <figure className="proof-preview">
            <img src={preview} alt={t("Selected proof preview")} />
            <figcaption className="admin-muted">{file?.name}</figcaption>
          </figure>
        ) : null}
        <FormError message={error} />
        {confirming ? (
          <p className="alert alert-info" role="status">
            {t("Submit proof and mark this order as Finished?")}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
