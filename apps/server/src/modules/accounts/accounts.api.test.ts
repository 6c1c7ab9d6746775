import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestShop,
  createUser,
  lastMail,
  login,
  PASSWORD,
  sessionCookie,
  signedIn,
  type TestShop,
} from "../../../test/harness.js";
import { MINUTE, setClock } from "../../lib/time.js";
import { backgroundSettled } from "./service.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: "POST", url, payload: payload as object, headers });
}

function patch(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: "PATCH", url, payload: payload as object, headers });
}

/** The reset link of the newest mail in the outbox, as the mail shows it, once the mail has gone out. */
async function mailedResetToken(): Promise<string> {
  await backgroundSettled();
  const mail = (await lastMail(shop)).replace(/=\r?\n/g, "");
  const match = /http:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`No reset link in mail:\n${mail}`);
  return match[1];
}

describe("registering", () => {
  it("creates a customer, answers 201 with the user and starts a session", async () => {
    const res = await post("/api/users/register", {
      username: "Sari",
      email: "Sari@Example.com",
      password: "Melati2025",
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      user_id: expect.any(Number),
      username: "Sari",
      email: "sari@example.com",
      role: "customer",
      language: "en",
    });
    expect(JSON.stringify(res.json())).not.toMatch(/hash|scrypt/);
    const cookie = res.cookies.find((c) => c.name === "florist_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const session = await shop.app.inject({
      method: "GET",
      url: "/api/users/session",
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.json()).toEqual({ loggedIn: true, user });
  });

  it("refuses a taken username or e-mail with 409, ignoring case", async () => {
    await post("/api/users/register", { username: "Budi", email: "budi@example.com", password: "Mawar2025" });
    const sameName = await post("/api/users/register", {
      username: "budi",
      email: "other@example.com",
      password: "Mawar2025",
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe("Username is already taken.");
    const sameEmail = await post("/api/users/register", {
      username: "Budi2",
      email: "BUDI@example.com",
      password: "Mawar2025",
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe("Email is already registered.");
  });

  it("refuses a password without 8 characters, an uppercase letter and a digit", async () => {
    for (const password of ["Short1A", "alllowercase1", "NoDigitsHere"]) {
      const res = await post("/api/users/register", {
        username: `weak${password}`,
        email: `${password}@example.com`,
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe("Password harus memenuhi semua kriteria keamanan.");
    }
  });

  it("refuses missing fields and a malformed e-mail with a readable 400", async () => {
    const noEmail = await post("/api/users/register", { username: "Tono", password: "Mawar2025" });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe("Email is required.");
    const badEmail = await post("/api/users/register", { username: "Tono", email: "tono", password: "Mawar2025" });
    expect(badEmail.json().message).toBe("Email is not a valid address.");
  });
});

describe("logging in and out", () => {
  it("accepts the username or the e-mail, in any case", async () => {
    const user = await createUser(shop, { username: "Dewi" });
    for (const identifier of ["Dewi", "dewi", "DEWI@example.com"]) {
      const res = await post("/api/users/login", { identifier, password: PASSWORD });
      expect(res.statusCode, identifier).toBe(200);
      expect(res.json().user).toEqual(user);
    }
  });

  it("answers 401 with a message for a wrong password or an unknown user", async () => {
    await createUser(shop, { username: "Rina" });
    const wrong = await post("/api/users/login", { identifier: "Rina", password: "Wrong12345" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Username/email or password is incorrect.");
    const unknown = await post("/api/users/login", { identifier: "nobody", password: PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("answers 429 with Retry-After after five failures for one account, even with the right password, until the window passes", async () => {
    // The clock stands still, so Retry-After is exact however slowly the machine runs the test.
    const start = Date.now();
    setClock(() => start);
    try {
      await createUser(shop, { username: "Agus" });
      for (let i = 0; i < 5; i++) {
        expect((await post("/api/users/login", { identifier: "Agus", password: "Wrong12345" })).statusCode).toBe(401);
      }
      const blocked = await post("/api/users/login", { identifier: "agus", password: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
      expect(blocked.headers["retry-after"]).toBe("900");
      // The count lives in the database, so it holds for every process; once the window has passed the account is free.
      setClock(() => start + 15 * MINUTE + 1000);
      expect((await post("/api/users/login", { identifier: "Agus", password: PASSWORD })).statusCode).toBe(200);
    } finally {
      setClock(null);
    }
  });

  it("answers 429 after fifty failures from one address across accounts", async () => {
    const from = (remoteAddress: string, identifier: string, password: string) =>
      shop.app.inject({ method: "POST", url: "/api/users/login", payload: { identifier, password }, remoteAddress });
    const start = Date.now();
    setClock(() => start);
    try {
      for (let i = 0; i < 50; i++) await from("203.0.113.9", `guess${i}`, "Wrong12345");
      const user = await createUser(shop);
      const blocked = await from("203.0.113.9", user.username, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBe("900");
      expect((await from("198.51.100.4", user.username, PASSWORD)).statusCode).toBe(200);
    } finally {
      setClock(null);
    }
  });

  it("does not let a client choose its address with X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const attempts = (headers: Record<string, string>) =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          shop.app.inject({
            method: "POST",
            url: "/api/users/login",
            payload: { identifier: `forged${i}`, password: "Wrong12345" },
            remoteAddress: "192.0.2.7",
            headers,
          }),
        ),
      );
    await attempts({ "x-forwarded-for": "198.51.100.99" });
    const user = await createUser(shop);
    const again = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { identifier: user.username, password: PASSWORD },
      remoteAddress: "192.0.2.7",
      headers: { "x-forwarded-for": "198.51.100.100" },
    });
    expect(again.statusCode).toBe(429);
  });

  it("requires both fields", async () => {
    const res = await post("/api/users/login", { identifier: "  ", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Username or email is required.");
  });

  it("renews the session on login and destroys it on logout", async () => {
    const user = await createUser(shop);
    const first = await login(shop, user.username);
    const second = sessionCookie(
      await post("/api/users/login", { identifier: user.username, password: PASSWORD }, { cookie: first }),
    );
    expect(second).not.toBe(first);
    const old = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
    const out = await post("/api/users/logout", undefined, { cookie: second });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    const after = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie: second } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ loggedIn: false, message: "Not logged in." });
  });
});

describe("resetting a forgotten password", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const user = await createUser(shop);
    const known = await post("/api/users/forgotpassword", { email: user.email });
    const unknown = await post("/api/users/forgotpassword", { email: "stranger@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await backgroundSettled();
    expect(await lastMail(shop)).toContain(`To: ${user.email}`);
  });

  it("sets a new password through the mailed link once, and ends every session of the user", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    await post("/api/users/forgotpassword", { email: user.email.toUpperCase() });
    const token = await mailedResetToken();

    const weak = await patch(`/api/users/resetpassword/${token}`, { newPassword: "weak" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe("Password harus memenuhi semua kriteria keamanan.");

    const reset = await patch(`/api/users/resetpassword/${token}`, { newPassword: "Anggrek2026" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Password berhasil diubah! Silakan login kembali.");
    const session = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
    expect(session.statusCode).toBe(401);
    expect((await post("/api/users/login", { identifier: user.username, password: PASSWORD })).statusCode).toBe(401);
    expect((await post("/api/users/login", { identifier: user.username, password: "Anggrek2026" })).statusCode).toBe(
      200,
    );

    const reused = await patch(`/api/users/resetpassword/${token}`, { newPassword: "Anggrek2027" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
  });

  it("refuses an unknown token and one older than an hour", async () => {
    const unknown = await patch("/api/users/resetpassword/not-a-token", { newPassword: "Anggrek2026" });
    expect(unknown.statusCode).toBe(400);
    const user = await createUser(shop);
    await post("/api/users/forgotpassword", { email: user.email });
    const token = await mailedResetToken();
    await shop.ctx.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.user_id)
      .execute();
    const expired = await patch(`/api/users/resetpassword/${token}`, { newPassword: "Anggrek2026" });
    expect(expired.statusCode).toBe(400);
    expect((await post("/api/users/login", { identifier: user.username, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe("the profile", () => {
  it("changes the user's own username, trimmed", async () => {
    const { user, cookie } = await signedIn(shop);
    const res = await patch(`/api/users/${user.user_id}/profile`, { username: "  Mawar Merah " }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ ...user, username: "Mawar Merah" });
    const session = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
    expect(session.json().user.username).toBe("Mawar Merah");
  });

  it("refuses a username another account has (409), an empty one (400), anonymous (401) and someone else's profile (404)", async () => {
    const other = await createUser(shop, { username: "Kenanga" });
    const { user, cookie } = await signedIn(shop);
    expect((await patch(`/api/users/${user.user_id}/profile`, { username: "kenanga" }, { cookie })).statusCode).toBe(
      409,
    );
    expect((await patch(`/api/users/${user.user_id}/profile`, { username: "  " }, { cookie })).statusCode).toBe(400);
    expect((await patch(`/api/users/${user.user_id}/profile`, { username: "Anon" })).statusCode).toBe(401);
    expect((await patch(`/api/users/${other.user_id}/profile`, { username: "Stolen" }, { cookie })).statusCode).toBe(
      404,
    );
  });
});

describe("requests from other sites and bad requests", () => {
  it("refuses a state-changing request with a foreign Origin (403) and accepts the shop's own", async () => {
    const user = await createUser(shop);
    const foreign = await post(
      "/api/users/login",
      { identifier: user.username, password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Requests from other sites are not accepted.");
    const own = await post(
      "/api/users/login",
      { identifier: user.username, password: PASSWORD },
      { origin: "http://shop.test" },
    );
    expect(own.statusCode).toBe(200);
    const sameHost = await post(
      "/api/users/login",
      { identifier: user.username, password: PASSWORD },
      { origin: "http://localhost:80", host: "localhost:80" },
    );
    expect(sameHost.statusCode).toBe(200);
  });

  it("answers malformed JSON with 400 and an unknown API path with a JSON 404", async () => {
    const malformed = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: '{"identifier": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("The request body is not valid JSON.");
    const unknown = await shop.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No such endpoint/);
  });

  it("reports health once the database answers", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
});
