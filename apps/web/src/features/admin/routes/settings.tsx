import { DEFAULT_DELIVERY_FEE } from "@florist/contract/rules";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Currency } from "../../../components/currency";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { adminDeliveryFeeQuery } from "../api/settings";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { PaymentSettingsCard } from "../components/payment-settings-card";
import { useDeliveryFeeForm } from "../hooks/use-delivery-fee-form";
import "../admin.css";
import "../payments.css";

export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Memuat pengaturan...")} />;
  if (!isAdmin)
    return (
      <AccessDenied text={t("Anda tidak memiliki akses ke halaman pengaturan.")} linkLabel={t("Kembali ke Beranda")} />
    );
  return <Settings />;
}

function Settings() {
  const { t } = useTranslation();
  const { data, isPending, error } = useQuery(adminDeliveryFeeQuery);
  if (isPending) return <LoadingState text={t("Memuat pengaturan...")} />;
  // When the fee cannot be read the default is offered, and the admin is told why.
  const loadError = error ? messageOf(error, t("Gagal memuat ongkos kirim.")) : null;
  const current = data?.deliveryFee ?? DEFAULT_DELIVERY_FEE;
  return (
    <div className="container page admin-page admin-page-narrow">
      <AdminHeader title={t("Settings")} subtitle={t("Pengaturan toko.")} />
      <DeliveryFeeForm current={current} loadError={loadError} />
      <PaymentSettingsCard />
    </div>
  );
}

function DeliveryFeeForm({ current, loadError }: { current: number; loadError: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const { input, setInput, error, success, saving, submit } = useDeliveryFeeForm(current, loadError);

  return (
    <section className="card admin-card" aria-labelledby={`${inputId}-section`}>
      <h2 id={`${inputId}-section`} className="admin-card-title">
        {t("Ongkos Kirim")}
      </h2>
      <p className="admin-muted">
        {t("Nilai bawaan adalah")} <Currency amount={DEFAULT_DELIVERY_FEE} />.{" "}
        {t("Perubahan berlaku untuk pesanan baru; pesanan yang sudah dibuat tetap memakai ongkos kirim saat dipesan.")}
      </p>
      <form className="form settings-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t("Ongkos kirim (IDR)")}</label>
          <input
            id={inputId}
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={hintId}
            aria-invalid={error && !loadError ? true : undefined}
            disabled={saving}
          />
          <p id={hintId} className="field-hint">
            {t("Nilai saat ini:")} <Currency amount={current} />
          </p>
        </div>
        <FormError message={error} />
        {success ? (
          <p className="alert alert-success" role="status">
            {success}
          </p>
        ) : null}
        <div>
          <SubmitButton pending={saving} pendingLabel={t("Menyimpan...")}>
            {t("Simpan Perubahan")}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
