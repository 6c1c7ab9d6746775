import type { LoginBody, RegisterBody, SessionAnswer, User } from "@florist/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "./api-client";
import { currentLanguage, i18n, isLanguage, switchLanguage } from "./i18n";

/**
 * Auth state lives in the TanStack Query cache under one key: the session is checked
 * at start, a 401 means "nobody logged in" rather than an error.
 */
export const sessionKey = ["session"] as const;

/**
 * The server sets the readable cookie signed_in=1 beside the session cookie (HttpOnly, out of the
 * script's reach) and clears it with the session: without it nobody can be logged in, so a visitor's
 * page does not ask, and logs no 401.
 */
export function mayHaveSession(): boolean {
  return typeof document !== "undefined" && /(?:^|;\s*)signed_in=[^;]/.test(document.cookie);
}

/**
 * For the `enabled` of a query that only a signed-in user may make (their cart, the admin's queues).
 * TanStack Query calls it when it is about to fetch, not when the screen rendered: logging out clears
 * the hint with its answer, so a screen still holding the old user's options from a render just before
 * cannot send a request the server would refuse with 401.
 */
export function whileSignedIn(): boolean {
  return mayHaveSession();
}

async function fetchSession(): Promise<User | null> {
  if (!mayHaveSession()) return null;
  try {
    const answer = await api.get<SessionAnswer>("/users/session");
    if (!answer.loggedIn) return null;
    await adoptLanguage(answer.user);
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new Error(i18n.t("Failed to refresh session"));
  }
}

/**
 * A logged-in shopper reads the shop in their account's language (docs/decisions/0025), on this
 * browser from now on too: the cookie remembers it.
 */
async function adoptLanguage(user: User): Promise<void> {
  if (isLanguage(user.language) && user.language !== currentLanguage()) await switchLanguage(user.language);
}

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: fetchSession,
  staleTime: 5 * 60_000,
  retry: 1,
});

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAdmin: boolean;
  error: Error | null;
}

export function useAuth(): AuthState {
  const { data, isPending, error } = useQuery(sessionQuery);
  const user = data ?? null;
  return { user, isLoading: isPending, isAdmin: user?.role === "admin", error };
}

export type LoginInput = LoginBody;

async function login(input: LoginInput): Promise<User> {
  try {
    const answer = await api.post<{ user: User }>("/users/login", input);
    await adoptLanguage(answer.user);
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.serverMessage ?? i18n.t("Login failed"), error.status, error.body);
    throw error;
  }
}

export type RegisterInput = RegisterBody;

/**
 * Register is followed by an automatic login with the same e-mail and password, so a new customer is
 * signed in. The new account keeps the language the shop is showing.
 */
async function registerAndLogin(input: RegisterInput): Promise<User> {
  try {
    await api.post("/users/register", { language: currentLanguage(), ...input });
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.serverMessage ?? i18n.t("Registration failed"), error.status, error.body);
    throw error;
  }
  return login({ identifier: input.email, password: input.password });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Whatever another account had cached must not leak into this one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAndLogin,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, user);
    },
  });
}

/** Logout clears the user even when the call fails: the screen must never still show someone logged in. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>("/users/logout"),
    onSettled: () => {
      // Clear the user first, in the same render as the data: screens that read the cart or the
      // orders unmount instead of refetching them without a session.
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}

/** Where a protected action sends a visitor to log in, and where login brings them back. */
export interface LoginRedirectState {
  redirectTo?: string;
}

/** Only same-site paths are honoured, so a crafted link cannot send the shopper elsewhere. */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export function homeFor(user: User | null | undefined): string {
  return user?.role === "admin" ? "/admin" : "/";
}

/**
 * Where login or signup leads: back to the page that asked for it, else the user's home.
 * An admin is taken back only to admin pages; the shop's own pages are not their work place.
 */
export function afterLogin(user: User, redirectTo: string | null): string {
  if (!redirectTo) return homeFor(user);
  if (user.role === "admin" && !(redirectTo === "/admin" || redirectTo.startsWith("/admin/"))) return "/admin";
  return redirectTo;
}
