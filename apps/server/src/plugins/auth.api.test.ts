import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => shop.close());

describe("the session hook (a callback, not an async hook)", () => {
  it("answers the error handler's 500 when the session cannot be read, and reads it again on the next request", async () => {
    // A token no process has kept: finding it takes a query, which fails as a lost database would.
    const cookie = `florist_session=${randomBytes(32).toString("base64url")}`;
    vi.spyOn(shop.ctx.db, "executeQuery").mockRejectedValueOnce(new Error("connection terminated"));
    const failed = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });

    // The failure is not kept: the same cookie is looked up again, and is no session.
    const again = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ loggedIn: false, message: "Not logged in." });
  });
});
