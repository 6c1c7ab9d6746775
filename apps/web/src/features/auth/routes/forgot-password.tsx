import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { requestPasswordReset } from "../api/password";
import { AuthCard } from "../components/auth-card";

export default function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError("Email is required.");
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onError: () => setError("Terjadi kesalahan saat mengirim email reset password."),
    });
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <p className="alert alert-success" role="status">
          Email reset password telah dikirim. Silakan periksa inbox Anda.
        </p>
      ) : (
        <form className="form" noValidate onSubmit={handleSubmit}>
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
          {error ? (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send Reset Link"}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
