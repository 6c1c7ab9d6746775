import { useId, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { ApiError } from "../../../lib/api-client";
import { afterLogin, type LoginRedirectState, safeRedirect, useAuth, useLogin } from "../../../lib/auth";
import { AuthCard } from "../components/auth-card";
import { PasswordField, TextField } from "../components/auth-fields";

export default function LoginPage() {
  const id = useId();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const login = useLogin();
  const redirectTo = safeRedirect((location.state as LoginRedirectState | null)?.redirectTo);
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  // Logged in (just now or already): go back to where the visitor came from, else their home.
  if (!isLoading && user) return <Navigate to={afterLogin(user, redirectTo)} replace />;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!identifier.trim()) {
      setError("Username or email is required.");
      return;
    }
    if (!password) {
      setError("Password is required.");
      return;
    }
    setError(null);
    login.mutate(
      { identifier: identifier.trim(), password },
      {
        onError: (err) =>
          setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : "Login gagal. Mohon coba lagi."),
      },
    );
  }

  const carry: LoginRedirectState | undefined = redirectTo ? { redirectTo } : undefined;

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to order, follow your deliveries and write reviews."
      footer={
        <>
          <p>
            Don't have an account?{" "}
            <Link to="/signup" state={carry}>
              Sign up
            </Link>
          </p>
          <p>
            <Link to="/">Back to the shop</Link>
          </p>
        </>
      }
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          id={`${id}-identifier`}
          label="Username or email"
          name="identifier"
          autoComplete="username"
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <PasswordField
          id={`${id}-password`}
          label="Password"
          aside={<Link to="/forgot-password">Forgot password?</Link>}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <SubmitButton pending={login.isPending} pendingLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
