import type { User } from "@florist/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach } from "vitest";
import { formatRupiah } from "../src/lib/format";
import { switchLanguage } from "../src/lib/i18n";

export const shopper: User = {
  user_id: 7,
  username: "siti",
  email: "siti@example.com",
  role: "customer",
  language: "en",
};

/** A shopper whose account reads the shop in Indonesian: logging in shows it in Indonesian. */
export const indonesianShopper: User = { ...shopper, language: "id" };

/**
 * Renders the tests of the surrounding describe in Indonesian, as a reader whose browser asks for it
 * (docs/decisions/0025), and back in English after each.
 */
export function inIndonesian() {
  beforeEach(() => switchLanguage("id"));
  afterEach(() => switchLanguage("en"));
}

/** The session answer of a logged-in shopper, for fakeApi's "GET /api/users/session". */
export const loggedIn = (user: User = shopper) => ({ body: { loggedIn: true, user } });
export const loggedOut = { status: 401, body: { loggedIn: false, message: "Not logged in" } };

export interface RenderOptions {
  /** The address the screen is shown at, with its route pattern and navigation state. */
  path: string;
  at?: string;
  state?: unknown;
}

/**
 * Renders one screen as the app does: inside a QueryClient (no retries, so a failure shows at once)
 * and a router, at `at` under the route `path`. Any other address renders its path in a heading, so a
 * test can see where a button took the shopper.
 */
export function renderScreen(screen: ReactElement, { path, at = path, state }: RenderOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: "*", element: <Elsewhere /> },
    ],
    // An address with a query (/produk/3?size=M) keeps it as the location's search.
    {
      initialEntries: [
        { pathname: at.split("?")[0], search: at.includes("?") ? at.slice(at.indexOf("?")) : "", state },
      ],
    },
  );
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router, queryClient };
}

function Elsewhere() {
  const location = useLocation();
  return <h1>Now at {location.pathname}</h1>;
}

/**
 * An amount as a person reads it on screen ("Rp 150.000"). Testing Library collapses the
 * non-breaking space of the rupiah format when it matches text, so compare with this form.
 */
export function rupiah(amount: number): string {
  return formatRupiah(amount).replace(/\s+/g, " ");
}

/** The text of an element with its spaces collapsed the same way. */
export function shownText(element: Element | null | undefined): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}
