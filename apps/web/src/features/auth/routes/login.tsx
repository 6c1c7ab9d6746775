import { useId, useState } from "react";
import { Link, Navigate } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { messageOf } from "../../../lib/api-client";
import { useLogin } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { AuthCard } from "../components/auth-card";
import { PasswordField, TextField } from "../components/auth-fields";
import { AuthSwitch, useAuthReturn } from "../components/auth-return";

export default function LoginPage() {
  const { t } = useTranslation();
  const id = useId();
  const login = useLogin();
  const { carry, destination } = useAuthReturn();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  // Logged in (just now or already): go back to where the visitor came from, else their home.
  if (destination) return <Navigate to={destination} replace />;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!identifier.trim()) {
      setError(t("Username or email is required."));
      return;
    }
    if (!password) {
      setError(t("Password is required."));
      return;
    }
    setError(null);
    login.mutate(
      { identifier: identifier.trim(), password },
      {
        onError: (err) => setError(messageOf(err, t("Login gagal. Mohon coba lagi."))),
      },
    );
  }

  return (
    <AuthCard
      title={t("Welcome back")}
      subtitle={t("Log in to order, follow your deliveries and write reviews.")}
      footer={
        <>
          <AuthSwitch question={t("Don't have an account?")} to="/signup" label={t("Sign up")} carry={carry} />
          <p>
            <Link to="/">{t("Back to the shop")}</Link>
          </p>
        </>
      }
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          id={`${id}-identifier`}
          label={t("Username or email")}
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <PasswordField
          id={`${id}-password`}
          label={t("Password")}
          aside={<Link to="/forgot-password">{t("Forgot password?")}</Link>}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton pending={login.isPending} pendingLabel={t("Logging in...")}>
          {t("Login")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
