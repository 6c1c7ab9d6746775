import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { ApiError } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { resetPassword } from "../api/password";
import { AuthCard } from "../components/auth-card";
import { NewPasswordField, PasswordField } from "../components/auth-fields";
import { meetsAllChecks } from "../password-rules";

const REDIRECT_DELAY_MS = 2000;

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const { resetToken = "" } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [linkExpired, setLinkExpired] = useState(false);
  const reset = useMutation({ mutationFn: (newPassword: string) => resetPassword(resetToken, newPassword) });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      setError(t("Password dan konfirmasi password tidak sama."));
      return;
    }
    if (!meetsAllChecks(password)) {
      setError(t("Password harus memenuhi semua kriteria keamanan."));
      return;
    }
    setError(null);
    setLinkExpired(false);
    reset.mutate(password, {
      onError: (err) => {
        // The spec's text alone, in the screen's language; a 400 means the link itself is spent
        // (unknown, used or older than an hour), which a new link fixes.
        setError(t("Terjadi kesalahan saat mengubah password. Silakan coba lagi."));
        setLinkExpired(err instanceof ApiError && err.status === 400);
      },
    });
  }

  return (
    <AuthCard
      title={t("Reset password")}
      subtitle={t("Choose a new password for your account.")}
      footer={
        <p>
          <Link to="/login">{t("Back to login")}</Link>
        </p>
      }
    >
      {reset.isSuccess ? (
        <p className="alert alert-success" role="status">
          {t("Password berhasil diubah! Silakan login kembali.")}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <NewPasswordField
            id={`${id}-password`}
            label={t("New password")}
            name="newPassword"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            id={`${id}-confirmation`}
            label={t("Confirm new password")}
            name="confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <FormError message={error} />
          {linkExpired ? (
            <p className="field-hint">
              {t("Tautan ini sudah tidak berlaku.")} <Link to="/forgot-password">{t("Minta tautan baru")}</Link>
            </p>
          ) : null}
          <SubmitButton pending={reset.isPending} pendingLabel={t("Saving...")}>
            {t("Change Password")}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
