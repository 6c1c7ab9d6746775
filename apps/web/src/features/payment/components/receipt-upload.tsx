import type { OrderDetail } from "@florist/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { sendReceipt } from "../api/payment";
import { RECEIPT_ACCEPT, receiptProblem } from "../receipt-file";

export interface ReceiptUploadProps {
  orderId: number;
  onSent: (order: OrderDetail) => void;
}

/** Pick the transfer receipt, see it, send it. A file the server would refuse is never sent. */
export function ReceiptUpload({ orderId, onSent }: ReceiptUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (chosen: File) => sendReceipt(orderId, chosen),
    onSuccess: onSent,
    onError: (failure) => setError(messageOf(failure, t("Failed to send the transfer receipt."))),
  });

  // The preview is a blob URL of the picked file, released when another is picked or the form goes.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    const problem = chosen ? receiptProblem(chosen) : null;
    if (!chosen || problem) input.value = "";
    setFile(problem ? null : chosen);
    if (problem || !chosen) setPreview(null);
    setError(problem);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t("Please choose the photo of your transfer receipt."));
      return;
    }
    send.mutate(file);
  }

  return (
    <form className="form receipt-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>{t("Transfer receipt")}</label>
        <input
          id={inputId}
          type="file"
          accept={RECEIPT_ACCEPT}
          className="input input-file"
          onChange={choose}
          disabled={send.isPending}
          aria-describedby={hintId}
        />
        <p className="field-hint" id={hintId}>
          {t("A photo or screenshot of the transfer (JPG, PNG or WebP, max 5 MB).")}
        </p>
      </div>
      {preview && file ? (
        <figure className="receipt-preview">
          <img src={preview} alt={t("Preview of the transfer receipt")} />
          <figcaption>{file.name}</figcaption>
        </figure>
      ) : null}
      <FormError message={error} />
      <SubmitButton pending={send.isPending} pendingLabel={t("Sending...")}>
        {t("Send transfer receipt")}
      </SubmitButton>
    </form>
  );
}
