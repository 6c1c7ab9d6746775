import type { BankAccount, PaymentSettings } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { messageOf } from "../../../lib/api-client";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { paymentSettingsQuery } from "../api/payments";
import { type AccountDraft, usePaymentSettingsForm } from "../hooks/use-payment-settings-form";
import { paymentWindowText } from "../lib/payments";

function accountFields(
  t: TFunction,
): { field: keyof BankAccount; label: string; placeholder: string; numeric?: boolean }[] {
  return [
    { field: "bank", label: t("Bank"), placeholder: "BCA" },
    { field: "accountNumber", label: t("Nomor rekening"), placeholder: "1234567890", numeric: true },
    { field: "accountName", label: t("Atas nama"), placeholder: "Bandung Florist" },
  ];
}

/** Where shoppers transfer to, and how long an unpaid order keeps its flowers and its slot. */
export function PaymentSettingsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, error, isPending } = useQuery(paymentSettingsQuery);
  let body: React.ReactNode;
  if (isPending) body = <p className="admin-muted">{t("Memuat pengaturan pembayaran...")}</p>;
  // Without the stored accounts the form would save over them, so it is not offered.
  else if (error || !data)
    body = <p className="alert alert-error">{messageOf(error, t("Gagal memuat pengaturan pembayaran."))}</p>;
  else body = <PaymentSettingsForm current={data} />;
  return (
    <section className="card admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card-title">
        {t("Pembayaran")}
      </h2>
      <p className="admin-muted">
        {t(
          "Rekening tujuan transfer yang dilihat pembeli, dan batas waktu membayar sebelum pesanan dibatalkan otomatis. Batas waktu berlaku untuk pesanan baru.",
        )}
      </p>
      {body}
    </section>
  );
}

function PaymentSettingsForm({ current }: { current: PaymentSettings }) {
  const { t } = useTranslation();
  const windowId = useId();
  const windowHintId = useId();
  const form = usePaymentSettingsForm(current);
  const minutes = Number(form.windowInput);

  return (
    <form className="form" onSubmit={form.submit} noValidate>
      <fieldset className="form payment-settings-fieldset">
        <legend className="field-label">{t("Rekening bank")}</legend>
        {form.accounts.length === 0 ? (
          <p className="admin-muted">{t("Belum ada rekening: pembeli tidak tahu ke mana harus mentransfer.")}</p>
        ) : (
          <ol className="payment-settings-accounts">
            {form.accounts.map((account, index) => (
              <AccountRow
                key={account.key}
                account={account}
                index={index}
                invalidField={form.invalidField}
                disabled={form.saving}
                onEdit={form.edit}
                onRemove={form.remove}
              />
            ))}
          </ol>
        )}
        <div>
          <button type="button" className="btn btn-secondary btn-small" onClick={form.add} disabled={form.saving}>
            {t("Tambah Rekening")}
          </button>
        </div>
      </fieldset>

      <div className="field payment-window-field">
        <label htmlFor={windowId}>{t("Batas waktu pembayaran (menit)")}</label>
        <input
          id={windowId}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.windowInput}
          onChange={(event) => form.setWindowInput(event.target.value)}
          aria-describedby={windowHintId}
          aria-invalid={form.invalidField === "paymentWindowMinutes" ? true : undefined}
          disabled={form.saving}
        />
        <p id={windowHintId} className="field-hint">
          {form.windowInput.trim() !== "" ? `${paymentWindowText(minutes)}. ` : ""}
          {t("Isi 0 agar pesanan yang belum dibayar tidak pernah dibatalkan.")}
        </p>
      </div>

      <FormError message={form.error} />
      {form.success ? (
        <p className="alert alert-success" role="status">
          {form.success}
        </p>
      ) : null}
      <div>
        <SubmitButton pending={form.saving} pendingLabel={t("Menyimpan...")}>
          {t("Simpan Pembayaran")}
        </SubmitButton>
      </div>
    </form>
  );
}

interface AccountRowProps {
  account: AccountDraft;
  index: number;
  invalidField: string | null;
  disabled: boolean;
  onEdit: (key: number, field: keyof BankAccount, value: string) => void;
  onRemove: (key: number) => void;
}

function AccountRow({ account, index, invalidField, disabled, onEdit, onRemove }: AccountRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = t("Rekening {{number}}", { number: index + 1 });
  return (
    <li className="payment-account" aria-label={name}>
      {accountFields(t).map(({ field, label, placeholder, numeric }) => (
        <div key={field} className="field">
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <input
            id={`${id}-${field}`}
            className="input"
            value={account[field]}
            placeholder={placeholder}
            inputMode={numeric ? "numeric" : undefined}
            onChange={(event) => onEdit(account.key, field, event.target.value)}
            aria-invalid={invalidField === `bankAccounts.${index}.${field}` ? true : undefined}
            disabled={disabled}
          />
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => onRemove(account.key)}
        aria-label={t("Hapus {{account}}", { account: name })}
        disabled={disabled}
      >
        {t("Hapus")}
      </button>
    </li>
  );
}
