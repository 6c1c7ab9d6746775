import { useId, useState } from "react";
import { Navigate } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { messageOf } from "../../../lib/api-client";
import { useRegister } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { AuthCard } from "../components/auth-card";
import { EmailField, NewPasswordField, PasswordField, TextField } from "../components/auth-fields";
import { AuthSwitch, useAuthReturn } from "../components/auth-return";
import { meetsAllChecks } from "../password-rules";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SignupPage() {
  const { t } = useTranslation();
  const id = useId();
  const register = useRegister();
  const { carry, destination } = useAuthReturn();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (destination) return <Navigate to={destination} replace />;

  const mismatch = confirmation !== "" && confirmation !== password;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!username.trim() || !email.trim() || !password || !confirmation) {
      setError(t("Please fill in all fields."));
      return;
    }
    if (!EMAIL.test(email.trim())) {
      setError(t("Email is not a valid address."));
      return;
    }
    if (!meetsAllChecks(password)) {
      setError(t("Password harus memenuhi semua kriteria keamanan."));
      return;
    }
    if (password !== confirmation) {
      setError(t("Konfirmasi password tidak sesuai"));
      return;
    }
    setError(null);
    register.mutate(
      { username: username.trim(), email: email.trim(), password },
      {
        onError: (err) => setError(messageOf(err, t("Registrasi gagal. Mohon coba lagi."))),
      },
    );
  }

  return (
    <AuthCard
      title={t("Create an account")}
      subtitle={t("Save your cart, check out faster and follow your orders.")}
      footer={<AuthSwitch question={t("Already have an account?")} to="/login" label={t("Login")} carry={carry} />}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          id={`${id}-username`}
          label={t("Username")}
          name="username"
          autoComplete="username"
          required
          maxLength={40}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <EmailField id={`${id}-email`} value={email} onChange={(event) => setEmail(event.target.value)} />
        <NewPasswordField
          id={`${id}-password`}
          label={t("Password")}
          name="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          id={`${id}-confirmation`}
          label={t("Confirm password")}
          name="confirmation"
          autoComplete="new-password"
          required
          aria-invalid={mismatch ? true : undefined}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        >
          {mismatch ? (
            <p className="field-error" id={`${id}-mismatch`} aria-live="polite">
              {t("Password tidak cocok")}
            </p>
          ) : null}
        </PasswordField>
        <FormError message={error} />
        <SubmitButton pending={register.isPending} pendingLabel={t("Creating account...")}>
          {t("Sign Up")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
