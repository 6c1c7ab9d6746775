import { vi } from "vitest";

/** What a fake route answers: a status, a JSON body (204 and undefined send no body) and headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Headers of the answer beside its Content-Type, such as X-Total-Count. */
  headers?: Record<string, string>;
}

export type FakeHandler = (request: { url: URL; method: string; body: unknown }) => FakeAnswer | Promise<FakeAnswer>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Sets or removes the readable signed_in cookie the server sends beside the session cookie, as a
 * browser holds it after a login (true) or on a first visit or after a logout (false).
 */
export function setSessionHint(signedIn: boolean): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this stands in for the server's Set-Cookie.
  document.cookie = signedIn ? "signed_in=1; path=/" : "signed_in=; path=/; max-age=0";
}

/**
 * Replaces the network: `globalThis.fetch` answers from a table of routes keyed "METHOD /api/path"
 * (the path without its query string), so components run through the app's real API client. Every
 * call is recorded; a call to a route the test did not expect fails loudly with a 599.
 */
export function fakeApi(routes: Record<string, FakeHandler | FakeAnswer>) {
  // A browser that has signed in before holds the session hint, so the app asks who is logged in and
  // the table's GET /api/users/session answers (a test of a first visit removes it).
  setSessionHint(true);
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      return new Response(JSON.stringify({ message: `No fake for ${method} ${url.pathname}` }), { status: 599 });
    }
    const answer = typeof route === "function" ? await route({ url, method, body }) : route;
    const status = answer.status ?? 200;
    if (status === 204 || answer.body === undefined)
      return new Response(null, { status: status === 200 ? 204 : status });
    return new Response(JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    /** The calls made to one route, e.g. "POST /api/order". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
