import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingState } from "../../components/page-state";
import { type LoginRedirectState, useAuth } from "../../lib/auth";

/** The login guard (spec §2): wait for the session, send visitors to /login with the way back. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <LoadingState text="Sedang memuat..." />;
  if (!user) {
    const state: LoginRedirectState = { redirectTo: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
