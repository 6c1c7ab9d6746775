import { useId, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { afterLogin, type LoginRedirectState, safeRedirect, useAuth, useRegister } from "../../../lib/auth";
import { AuthCard } from "../components/auth-card";
import { PasswordChecklist } from "../components/password-checklist";
import { PasswordInput } from "../components/password-input";
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
        <div className="field">
          <label htmlFor={`${id}-username`}>Username</label>
          <input
            id={`${id}-username`}
            name="username"
            className="input"
            autoComplete="username"
            required
            maxLength={40}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            className="input"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <PasswordInput
            id={`${id}-password`}
            name="password"
            autoComplete="new-password"
            required
            aria-describedby={`${id}-checklist`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordChecklist password={password} id={`${id}-checklist`} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirmation`}>Confirm password</label>
          <PasswordInput
            id={`${id}-confirmation`}
            name="confirmation"
            autoComplete="new-password"
            required
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? `${id}-mismatch` : undefined}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          {mismatch ? (
            <p className="field-error" id={`${id}-mismatch`} aria-live="polite">
              Password tidak cocok
            </p>
          ) : null}
        </div>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={register.isPending}>
          {register.isPending ? "Creating account..." : "Sign Up"}
        </button>
      </form>
    </AuthCard>
  );
}
