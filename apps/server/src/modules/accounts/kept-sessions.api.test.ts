import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  closeShop,
  createUser,
  login,
  openShopOnClock,
  runningClock,
  settled,
  signedIn,
  type TestShop,
  writeFromOutside,
} from "../../../test/harness.js";
import { changeWatchOf } from "../../db/changes.js";
import { hashToken, newToken } from "../../lib/secrets.js";
import { HOUR, isoIn, MINUTE, nowIso } from "../../lib/time.js";
import { SESSION_TTL_MS } from "./service.js";

let shop: TestShop;
const clock = runningClock();
beforeAll(async () => {
  shop = await openShopOnClock(clock.now);
  // PostgreSQL keeps nothing until its listener listens.
  await vi.waitFor(() => expect(changeWatchOf(shop.ctx.db)?.settingsToken()).toBeDefined());
});
afterAll(() => closeShop(shop));

function whoIs(cookie: string) {
  return shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
}

function overview(cookie: string) {
  return shop.app.inject({ method: "GET", url: "/api/order/admin/overview", headers: { cookie } });
}

/**
 * Every signed-in request asks who its session belongs to; each process keeps the answer in memory
 * (accounts/service.ts keptSessions) until a session ends or an account changes. What a shopper or an
 * admin sees must not lag behind either.
 */
describe("a session kept in memory", () => {
  it("ends when its 30 days are up by the shop's clock, with nothing written", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    for (const _ of [1, 2]) expect((await whoIs(cookie)).statusCode).toBe(200);
    clock.advance(SESSION_TTL_MS - MINUTE);
    expect((await whoIs(cookie)).json()).toMatchObject({ loggedIn: true, user: { user_id: user.user_id } });
    clock.advance(MINUTE);
    const ended = await whoIs(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ loggedIn: false });
  });

  it("ends at once on logout, while the account's other sessions go on", async () => {
    const user = await createUser(shop);
    const phone = await login(shop, user.username);
    const laptop = await login(shop, user.username);
    for (const cookie of [phone, laptop]) expect((await whoIs(cookie)).statusCode).toBe(200);
    const out = await shop.app.inject({ method: "POST", url: "/api/users/logout", headers: { cookie: phone } });
    expect(out.statusCode).toBe(204);
    expect((await whoIs(phone)).statusCode).toBe(401);
    expect((await whoIs(laptop)).statusCode).toBe(200);
  });

  it("ends at once for every session of an account whose password is reset", async () => {
    const user = await createUser(shop);
    const sessions = [await login(shop, user.username), await login(shop, user.username)];
    for (const cookie of sessions) expect((await whoIs(cookie)).statusCode).toBe(200);
    const token = newToken();
    await shop.ctx.db
      .insertInto("password_resets")
      .values({ user_id: user.user_id, token_hash: hashToken(token), created_at: nowIso(), expires_at: isoIn(HOUR) })
      .execute();
    const reset = await shop.app.inject({
      method: "PATCH",
      url: `/api/users/resetpassword/${token}`,
      payload: { newPassword: "Anggrek2026" },
    });
    expect(reset.statusCode).toBe(200);
    for (const cookie of sessions) expect((await whoIs(cookie)).statusCode).toBe(401);
  });

  it("answers an admin whose role this process takes away as the customer they now are", async () => {
    const { user, cookie } = await signedIn(shop, "admin");
    expect((await overview(cookie)).statusCode).toBe(200);
    await shop.ctx.db.updateTable("users").set({ role: "customer" }).where("user_id", "=", user.user_id).execute();
    expect((await overview(cookie)).statusCode).toBe(403);
    expect((await whoIs(cookie)).json().user).toMatchObject({ role: "customer" });
  });

  it("ends when a connection the shop does not hold deletes it, or renames its account", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    expect((await whoIs(cookie)).json().user.username).toBe(user.username);
    await settled(shop.ctx.db);
    const url = shop.ctx.config.databaseUrl;
    await writeFromOutside(url, `update users set username = 'Melati Putih' where user_id = ${user.user_id}`);
    // SQLite looks for other connections' commits once a second; PostgreSQL hears of it by notification.
    await expect.poll(async () => (await whoIs(cookie)).json().user?.username, { timeout: 5_000 }).toBe("Melati Putih");
    await writeFromOutside(url, `delete from sessions where user_id = ${user.user_id}`);
    await expect.poll(async () => (await whoIs(cookie)).statusCode, { timeout: 5_000 }).toBe(401);
  });
});
