import type { User } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, createUser, lastMail, login, PASSWORD, type TestShop } from "../../../test/harness.js";
import { backgroundSettled } from "./service.js";

/**
 * The server speaks the request's language (docs/decisions/0025): the `lang` cookie, else the
 * signed-in account's language, else Accept-Language, else English, whose texts stay as they were.
 * An account keeps its language (PATCH /api/users/{id}/language), and its mails are written in it.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

function send(method: "GET" | "POST" | "PATCH", url: string, headers: Record<string, string> = {}, payload?: object) {
  return shop.app.inject({ method, url, headers, ...(payload && { payload }) });
}

const shortName = { username: "ab", email: "ab@example.com", password: "Melati2025" };

describe("messages in the request's language", () => {
  it("answers in English without a cookie or Accept-Language, as before", async () => {
    expect((await send("GET", "/api/products/999999")).json().message).toBe("Product not found.");
    expect((await send("POST", "/api/users/register", {}, shortName)).json().message).toBe(
      "Username must be at least 3 characters.",
    );
    expect((await send("GET", "/api/nowhere")).json().message).toBe("No such endpoint: GET /api/nowhere");
  });

  it("answers in Indonesian with the lang=id cookie: the shop's texts and the contract's", async () => {
    const id = { cookie: "lang=id" };
    expect((await send("GET", "/api/products/999999", id)).json()).toEqual({
      message: "Produk tidak ditemukan.",
      code: "NOT_FOUND",
    });
    expect((await send("POST", "/api/users/register", id, shortName)).json().message).toBe(
      "Username minimal 3 karakter.",
    );
    // A terse problem keeps its field path in front.
    const badDate = await send("GET", "/api/delivery/availability?from=2026-02-30&days=3", id);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("from: harus berupa tanggal YYYY-MM-DD");
    expect((await send("GET", "/api/nowhere", id)).json().message).toBe("Alamat API tidak ditemukan: GET /api/nowhere");
    const wrong = await send("POST", "/api/users/login", id, { identifier: "nobody-here", password: "Salah12345" });
    expect(wrong.json().message).toBe("Username/email atau password salah.");
  });

  it("answers in Indonesian when the browser asks for it first, in English when it prefers English", async () => {
    const indonesian = await send("GET", "/api/products/999999", { "accept-language": "id-ID,id;q=0.9,en;q=0.8" });
    expect(indonesian.json().message).toBe("Produk tidak ditemukan.");
    const english = await send("GET", "/api/products/999999", { "accept-language": "en-US,en;q=0.9,id;q=0.8" });
    expect(english.json().message).toBe("Product not found.");
    const weighted = await send("GET", "/api/products/999999", { "accept-language": "en;q=0.3, id;q=0.7" });
    expect(weighted.json().message).toBe("Produk tidak ditemukan.");
    const other = await send("GET", "/api/products/999999", { "accept-language": "fr-FR" });
    expect(other.json().message).toBe("Product not found.");
  });

  it("answers a signed-in account in its language unless the lang cookie says otherwise", async () => {
    const user = await createUser(shop, { language: "id" });
    const cookie = await login(shop, user.username);
    const session = await send("GET", "/api/users/session", { cookie });
    expect(session.json().user.language).toBe("id");
    expect((await send("GET", "/api/products/999999", { cookie })).json().message).toBe("Produk tidak ditemukan.");
    const chosen = await send("GET", "/api/products/999999", { cookie: `${cookie}; lang=en` });
    expect(chosen.json().message).toBe("Product not found.");
  });

  it("says the 200 answers' messages in the request's language too", async () => {
    const english = await send("POST", "/api/users/forgotpassword", {}, { email: "nobody@example.com" });
    expect(english.json().message).toBe("Email reset password telah dikirim. Silakan periksa inbox Anda.");
    const id = await send("POST", "/api/users/forgotpassword", { cookie: "lang=id" }, { email: "nobody@example.com" });
    expect(id.json().message).toBe("Email reset password telah dikirim. Silakan periksa inbox Anda.");
    const signedOut = await send("GET", "/api/users/session", { cookie: "lang=id" });
    expect(signedOut.json()).toEqual({ loggedIn: false, message: "Belum login." });
  });
});

describe("an account's language", () => {
  let owner: User;
  let cookie: string;

  beforeAll(async () => {
    owner = await createUser(shop);
    cookie = await login(shop, owner.username);
  });

  const setLanguage = (userId: number, language: unknown, headers: Record<string, string> = {}) =>
    send("PATCH", `/api/users/${userId}/language`, headers, { language } as object);

  it("starts in English, and the owner switches it; the session and later answers follow", async () => {
    expect(owner.language).toBe("en");
    const res = await setLanguage(owner.user_id, "id", { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { ...owner, language: "id" } });
    expect((await send("GET", "/api/users/session", { cookie })).json().user.language).toBe("id");
    expect((await send("GET", "/api/products/999999", { cookie })).json().message).toBe("Produk tidak ditemukan.");
    expect((await setLanguage(owner.user_id, "en", { cookie })).json().user.language).toBe("en");
  });

  it("answers 401 to a visitor and 404 for someone else's account (ids cannot be probed)", async () => {
    expect((await setLanguage(owner.user_id, "id")).statusCode).toBe(401);
    const other = await createUser(shop);
    const otherCookie = await login(shop, other.username);
    const res = await setLanguage(owner.user_id, "id", { cookie: otherCookie });
    expect(res.statusCode).toBe(404);
    expect((await send("GET", "/api/users/session", { cookie })).json().user.language).toBe("en");
  });

  it.each([["fr"], ["ID"], [""], [5], [null], [["id"]]])(
    "refuses %j with 400 and a readable message",
    async (value) => {
      const res = await setLanguage(owner.user_id, value, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "language: must be en or id", code: "INVALID_INPUT" });
      const id = await setLanguage(owner.user_id, value, { cookie: `${cookie}; lang=id` });
      expect(id.json().message).toBe("language: harus en atau id");
    },
  );

  it("refuses a body without a language", async () => {
    const res = await send("PATCH", `/api/users/${owner.user_id}/language`, { cookie }, {});
    expect(res.statusCode).toBe(400);
  });

  it("gives a new account the language its owner registered in; English when none is sent", async () => {
    const register = (username: string, language?: unknown) =>
      send(
        "POST",
        "/api/users/register",
        {},
        {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          ...(language !== undefined && { language }),
        },
      );
    expect((await register("putri", "id")).json().user.language).toBe("id");
    expect((await register("anton")).json().user.language).toBe("en");
    const bad = await register("bayu", "jv");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("language: must be en or id");
  });
});

describe("mails in the account's language", () => {
  it("sends an Indonesian account its reset link in Indonesian, and an English one in English", async () => {
    const dewi = await createUser(shop, { language: "id" });
    await send("POST", "/api/users/forgotpassword", {}, { email: dewi.email });
    await backgroundSettled();
    const mail = await lastMail(shop);
    expect(mail).toContain(`To: ${dewi.email}`);
    expect(mail).toContain("Atur ulang password Bandung Florist Anda");
    expect(mail).toContain(`Halo ${dewi.username},`);
    expect(mail).toContain("Buka tautan ini dalam satu jam");

    const tom = await createUser(shop);
    await send("POST", "/api/users/forgotpassword", {}, { email: tom.email });
    await backgroundSettled();
    const english = await lastMail(shop);
    expect(english).toContain("Reset your Bandung Florist password");
    expect(english).toContain(`Hello ${tom.username},`);
  });
});
