import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorState, LoadingState } from "../../components/page-state";
import { type LoginRedirectState, useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";

/** The login guard: wait for the session, send visitors to /login with the way back (docs/rules.md). */
export function RequireAuth() {
  const { t } = useTranslation();
  const { user, isLoading, error } = useAuth();
  const location = useLocation();
  if (isLoading) return <LoadingState text={t("Sedang memuat...")} />;
  // The session could not be checked (server unreachable): say so instead of asking for a login.
  if (error && !user)
    return (
      <ErrorState text={error.message}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("Try again")}
        </button>
      </ErrorState>
    );
  if (!user) {
    const state: LoginRedirectState = { redirectTo: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
