import { Link, useLocation } from "react-router";
import { afterLogin, type LoginRedirectState, safeRedirect, useAuth } from "../../../lib/auth";

/**
 * Where login and signup lead once someone is logged in (just now or already): back to the page that
 * sent the visitor, else their home. `carry` hands the way back on to the other screen.
 */
export function useAuthReturn() {
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const redirectTo = safeRedirect((location.state as LoginRedirectState | null)?.redirectTo);
  const carry: LoginRedirectState | undefined = redirectTo ? { redirectTo } : undefined;
  const destination = !isLoading && user ? afterLogin(user, redirectTo) : null;
  return { carry, destination };
}

/** "Don't have an account? Sign up": the way to the other account screen, keeping the way back. */
export function AuthSwitch({
  question,
  to,
  label,
  carry,
}: {
  question: string;
  to: string;
  label: string;
  carry: LoginRedirectState | undefined;
}) {
  return (
    <p>
      {question}{" "}
      <Link to={to} state={carry}>
        {label}
      </Link>
    </p>
  );
}
