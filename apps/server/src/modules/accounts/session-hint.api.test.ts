import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, createUser, login, PASSWORD, sessionCookie, type TestShop } from "../../../test/harness.js";
import { DAY, setClock } from "../../lib/time.js";
import { SESSION_TTL_MS } from "./service.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => {
  setClock(null);
  return shop.close();
});

function hintOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === "signed_in");
}

function sessionOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === "florist_session");
}

/** A Set-Cookie that removes the cookie: empty and already expired. */
function expectCleared(cookie: ReturnType<typeof hintOf>) {
  expect(cookie?.value).toBe("");
  expect(cookie?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
}

describe("the signed_in hint beside the session cookie", () => {
  it("is set by register and login for as long as the session, readable by scripts", async () => {
    const registered = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { username: "Hinted", email: "hinted@example.com", password: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const user = await createUser(shop);
    const loggedIn = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: user.username, password: PASSWORD },
    });
    for (const answer of [registered, loggedIn]) {
      const hint = hintOf(answer);
      expect(hint).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge: SESSION_TTL_MS / 1000 });
      expect(hint?.httpOnly).toBeUndefined();
      expect(hint?.maxAge).toBe(sessionOf(answer)?.maxAge);
    }
  });

  it("is not set by a refused login", async () => {
    const user = await createUser(shop);
    const refused = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: user.username, password: "Wrong2025" },
    });
    expect(refused.statusCode).toBe(401);
    expect(hintOf(refused)).toBeUndefined();
  });

  it("is cleared by logout, and the session check still answers 401 without a session", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    const out = await shop.app.inject({
      method: "POST",
      url: "/api/users/logout",
      headers: { cookie: `${cookie}; signed_in=1` },
    });
    expect(out.statusCode).toBe(204);
    expectCleared(hintOf(out));
    expectCleared(sessionOf(out));
    const session = await shop.app.inject({ method: "GET", url: "/api/users/session" });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ loggedIn: false, message: "Not logged in." });
  });

  it("is cleared by the next request once the session has expired, and kept while it lives", async () => {
    const start = Date.now();
    setClock(() => start);
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    const headers = { cookie: `${cookie}; signed_in=1` };

    const alive = await shop.app.inject({ method: "GET", url: "/api/users/session", headers });
    expect(alive.statusCode).toBe(200);
    expect(hintOf(alive)).toBeUndefined();

    setClock(() => start + SESSION_TTL_MS + DAY);
    const expired = await shop.app.inject({ method: "GET", url: "/api/catalog", headers });
    expect(expired.statusCode).toBe(200);
    expectCleared(hintOf(expired));
    setClock(null);
  });

  it("is given back to a live session that comes without it, such as one begun before the hint existed", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    const page = await shop.app.inject({ method: "GET", url: "/api/catalog", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)).toMatchObject({ value: "1", path: "/", maxAge: SESSION_TTL_MS / 1000 });
    expect(hintOf(page)?.httpOnly).toBeUndefined();
  });

  it("is cleared when it comes without any session cookie", async () => {
    const answer = await shop.app.inject({
      method: "GET",
      url: "/api/users/session",
      headers: { cookie: "signed_in=1" },
    });
    expect(answer.statusCode).toBe(401);
    expectCleared(hintOf(answer));
  });

  it("the session cookie taken from a login still signs in (the hint is no key)", async () => {
    const user = await createUser(shop);
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: user.username, password: PASSWORD },
    });
    const hintOnly = await shop.app.inject({
      method: "GET",
      url: "/api/users/session",
      headers: { cookie: `signed_in=${hintOf(login)?.value}` },
    });
    expect(hintOnly.statusCode).toBe(401);
    const withSession = await shop.app.inject({
      method: "GET",
      url: "/api/users/session",
      headers: { cookie: sessionCookie(login) },
    });
    expect(withSession.json().user.username).toBe(user.username);
  });
});
