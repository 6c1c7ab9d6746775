import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { useTranslation } from "../../../lib/i18n";
import { requestPasswordReset } from "../api/password";
import { AuthCard } from "../components/auth-card";
import { EmailField } from "../components/auth-fields";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(t("Email is required."));
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onError: () => setError(t("Terjadi kesalahan saat mengirim email reset password.")),
    });
  }

  return (
    <AuthCard
      title={t("Forgot password")}
      subtitle={t("Enter the email of your account and we will send you a link to choose a new password.")}
      footer={
        <p>
          {t("Remembered it?")} <Link to="/login">{t("Back to login")}</Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <p className="alert alert-success" role="status">
          {t("Email reset password telah dikirim. Silakan periksa inbox Anda.")}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <EmailField id={`${id}-email`} value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormError message={error} />
          <SubmitButton pending={request.isPending} pendingLabel={t("Sending...")}>
            {t("Send Reset Link")}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
