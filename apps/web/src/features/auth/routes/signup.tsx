import { useId, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { ApiError } from "../../../lib/api-client";
import { afterLogin, type LoginRedirectState, safeRedirect, useAuth, useRegister } from "../../../lib/auth";
import { AuthCard } from "../components/auth-card";
import { EmailField, NewPasswordField, PasswordField, TextField } from "../components/auth-fields";
import { meetsAllChecks } from "../password-rules";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SignupPage() {
  const id = useId();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const register = useRegister();
  const redirectTo = safeRedirect((location.state as LoginRedirectState | null)?.redirectTo);
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (!isLoading && user) return <Navigate to={afterLogin(user, redirectTo)} replace />;

  const mismatch = confirmation !== "" && confirmation !== password;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!username.trim() || !email.trim() || !password || !confirmation) {
      setError("Please fill in all fields.");
      return;
    }
    if (!EMAIL.test(email.trim())) {
      setError("Email is not a valid address.");
      return;
    }
    if (!meetsAllChecks(password)) {
      setError("Password harus memenuhi semua kriteria keamanan.");
      return;
    }
    if (password !== confirmation) {
      setError("Konfirmasi password tidak sesuai");
      return;
    }
    setError(null);
    register.mutate(
      { username: username.trim(), email: email.trim(), password },
      {
        onError: (err) =>
          setError(
            err instanceof ApiError && err.serverMessage ? err.serverMessage : "Registrasi gagal. Mohon coba lagi.",
          ),
      },
    );
  }

  const carry: LoginRedirectState | undefined = redirectTo ? { redirectTo } : undefined;

  return (
    <AuthCard
      title="Create an account"
      subtitle="Save your cart, check out faster and follow your orders."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" state={carry}>
            Login
          </Link>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          id={`${id}-username`}
          label="Username"
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
          label="Password"
          name="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          id={`${id}-confirmation`}
          label="Confirm password"
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
              Password tidak cocok
            </p>
          ) : null}
        </PasswordField>
        <FormError message={error} />
        <SubmitButton pending={register.isPending} pendingLabel="Creating account...">
          Sign Up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
