import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestShop, createUser, login, settled, type TestShop } from "../../test/harness.js";
import { hashToken } from "../lib/secrets.js";
import { availability } from "../modules/delivery/service.js";
import { shopMailLanguage } from "../modules/notifications/service.js";
import { putSetting } from "../modules/settings/repository.js";
import { getOrderSettings, keptBankAccounts } from "../modules/settings/service.js";
import { changeWatchOf } from "./changes.js";
import { openDatabase } from "./connection.js";
import { type Database, SETTING_KEYS } from "./database.js";

const feeOf = async (db: Kysely<Database>) => (await getOrderSettings(db)).deliveryFee;

/**
 * PostgreSQL only (vitest.config.ts): the notifications that reach another process. What both
 * databases do is in kept-reads.api.test.ts. `other` is a second process's view of the same
 * database: its own pool and its own listener.
 */
describe("the settings every order reads, kept in memory on PostgreSQL", () => {
  let shop: TestShop;
  let other: Kysely<Database>;
  beforeAll(async () => {
    shop = await createTestShop();
    other = openDatabase(shop.ctx.config.databaseUrl).db;
  });
  beforeEach(async () => {
    // Both listen before the first change: until then nothing is kept.
    await vi.waitFor(() => expect(changeWatchOf(shop.ctx.db)?.settingsToken()).toBeDefined());
    await vi.waitFor(() => expect(changeWatchOf(other)?.settingsToken()).toBeDefined());
    // The notifications of the last test's writes have all arrived: a late one would move the token
    // in the middle of this test, and what it checks is kept would be read again.
    await settled(shop.ctx.db);
  });
  afterAll(async () => {
    await other.destroy();
    await shop.close();
  });

  it("are read once while nothing changes them, and again once another process does", async () => {
    const before = changeWatchOf(shop.ctx.db)?.settingsToken();
    await sql`update settings set value = '30000' where key = ${SETTING_KEYS.deliveryFee}`.execute(other);
    // Heard of: the notification has moved this process's token.
    await vi.waitFor(() => expect(changeWatchOf(shop.ctx.db)?.settingsToken()).not.toBe(before));
    expect(await feeOf(shop.ctx.db)).toBe(30_000);
    // A write no trigger sees (a replica's session) is not heard of: the value kept is answered.
    await other.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await sql`update settings set value = '99000' where key = ${SETTING_KEYS.deliveryFee}`.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });
    expect(await feeOf(shop.ctx.db)).toBe(30_000);
    // Another process's committed change is heard of, and read again.
    await sql`update settings set value = '45000' where key = ${SETTING_KEYS.deliveryFee}`.execute(other);
    await expect.poll(() => feeOf(shop.ctx.db)).toBe(45_000);
  });

  it("are heard of, once caught up, for every change another process committed before", async () => {
    const watch = changeWatchOf(shop.ctx.db);
    for (const fee of ["31000", "32000", "33000"]) {
      const before = watch?.settingsToken();
      await sql`update settings set value = ${fee} where key = ${SETTING_KEYS.deliveryFee}`.execute(other);
      // No waiting for time to pass: caughtUp answers once the change's notification is in.
      await watch?.caughtUp?.();
      expect(watch?.settingsToken()).not.toBe(before);
      expect(await feeOf(shop.ctx.db)).toBe(Number(fee));
    }
  });

  it("stay kept when the connection that wrote a setting on its own later commits a transaction that writes none", async () => {
    const watch = changeWatchOf(shop.ctx.db);
    // One connection of the pool, as an admin's save and then a shopper's order may get in turn.
    await shop.ctx.db.connection().execute(async (connection) => {
      await putSetting(connection, SETTING_KEYS.deliveryFee, "34000");
      await watch?.caughtUp?.();
      expect(await feeOf(shop.ctx.db)).toBe(34_000);
      const kept = watch?.settingsToken();
      await connection.transaction().execute(async (trx) => {
        await sql`update orders set order_status = order_status where order_id = 0`.execute(trx);
      });
      await watch?.caughtUp?.();
      expect(watch?.settingsToken()).toBe(kept);
    });
  });

  it("include the bank accounts, which another process's save reaches", async () => {
    const banks = async () => (await keptBankAccounts(shop.ctx.db)).map((account) => account.bank);
    const before = changeWatchOf(shop.ctx.db)?.settingsToken();
    await sql`insert into bank_accounts (position, bank, account_number, account_name)
      values (0, 'BCA', '1234567890', 'Toko Bunga Bandung')`.execute(other);
    // Heard of: the notification has moved this process's token.
    await vi.waitFor(() => expect(changeWatchOf(shop.ctx.db)?.settingsToken()).not.toBe(before));
    expect(await banks()).toEqual(["BCA"]);
    // Kept: a write no trigger sees is not read.
    await other.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await sql`update bank_accounts set bank = 'Unseen'`.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });
    expect(await banks()).toEqual(["BCA"]);
    await sql`update bank_accounts set bank = 'Mandiri'`.execute(other);
    await expect.poll(banks).toEqual(["Mandiri"]);
    await sql`delete from bank_accounts`.execute(other);
    await expect.poll(banks).toEqual([]);
  });

  it("include the language of the shop's own mails, which another process's change of the account reaches", async () => {
    const address = shop.ctx.config.notifyEmail;
    const language = () => shopMailLanguage(shop.ctx, shop.ctx.db);
    const setLanguage = (to: string) =>
      sql`update users set language = ${to} where email_key = ${address}`.execute(other);
    // No account reads the shop's mails yet: they are in English.
    expect(await language()).toBe("en");
    await sql`insert into users (username, username_key, email, email_key, password_hash, role, created_at, language)
      values ('Florist', 'florist', ${address}, ${address}, 'x', 'admin', '2026-12-01T03:00:00.000Z', 'id')`.execute(
      other,
    );
    await expect.poll(language).toBe("id");
    await settled(shop.ctx.db);
    // Kept: a write no trigger sees is not read.
    await other.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await sql`update users set language = 'en' where email_key = ${address}`.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });
    expect(await language()).toBe("id");
    // Another change of an account (its password) is not heard of: nothing kept is read again.
    const before = changeWatchOf(shop.ctx.db)?.settingsToken();
    await sql`update users set password_hash = password_hash where email_key = ${address}`.execute(other);
    await settled(shop.ctx.db);
    expect(changeWatchOf(shop.ctx.db)?.settingsToken()).toBe(before);
    expect(await language()).toBe("id");
    await setLanguage("en");
    await expect.poll(language).toBe("en");
    await setLanguage("id");
    await expect.poll(language).toBe("id");
    await sql`delete from users where email_key = ${address}`.execute(other);
    await expect.poll(language).toBe("en");
  });

  it("include the sessions, which another process's logout or change of the account reaches", async () => {
    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    const sessionHash = hashToken(cookie.slice(cookie.indexOf("=") + 1));
    const whoIs = async () => {
      const answer = await shop.app.inject({ method: "GET", url: "/api/users/session", headers: { cookie } });
      return answer.statusCode === 200 ? answer.json().user.role : answer.statusCode;
    };
    expect(await whoIs()).toBe("customer");
    await settled(shop.ctx.db);
    // A new session (another shopper's login) is nobody's kept answer: it notifies nothing.
    const before = changeWatchOf(shop.ctx.db)?.settingsToken();
    await sql`insert into sessions (session_hash, user_id, created_at, expires_at)
      values ('another-login', ${user.user_id}, '2026-12-01T03:00:00.000Z', '2099-01-01T00:00:00.000Z')`.execute(other);
    await settled(shop.ctx.db);
    expect(changeWatchOf(shop.ctx.db)?.settingsToken()).toBe(before);
    // Kept: a write no trigger sees is not read.
    await other.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection);
      await sql`update users set role = 'admin' where user_id = ${user.user_id}`.execute(connection);
      await sql`set session_replication_role = origin`.execute(connection);
    });
    expect(await whoIs()).toBe("customer");
    await sql`update users set role = 'admin' where user_id = ${user.user_id}`.execute(other);
    await expect.poll(whoIs).toBe("admin");
    // Another process's logout.
    await sql`delete from sessions where session_hash = ${sessionHash}`.execute(other);
    await expect.poll(whoIs).toBe(401);
  });

  it("include the bookable slots and closed dates, which another process's schedule changes reach", async () => {
    const today = (await availability(shop.ctx, { days: 1 }))[0];
    const slot = today?.slots[0];
    if (!today || !slot) throw new Error("The demo schedule has no slot today.");
    await sql`insert into closed_dates (date, slot_id, reason) values (${today.date}, null, 'Stock take')`.execute(
      other,
    );
    await expect
      .poll(async () => (await availability(shop.ctx, { days: 1 }))[0]?.slots.map((s) => s.reason))
      .toEqual(today.slots.map(() => "closed"));
    await sql`update delivery_slots set active = 0 where slot_id = ${slot.slotId}`.execute(other);
    await expect
      .poll(async () => (await availability(shop.ctx, { days: 1 }))[0]?.slots.map((s) => s.slotId))
      .not.toContain(slot.slotId);
  });
});

describe("catching up with the changes on PostgreSQL", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
    await vi.waitFor(() => expect(changeWatchOf(shop.ctx.db)?.settingsToken()).toBeDefined());
  });
  afterAll(() => shop.close());

  it("does not wait for a listener that is lost, and works again once it listens", async () => {
    const watch = changeWatchOf(shop.ctx.db);
    // The listener's session ends, as when PostgreSQL restarts or a proxy drops the connection.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen %'`.execute(shop.ctx.db);
    await expect(watch?.caughtUp?.()).resolves.toBeUndefined();
    // Listening again (after a second): a change another connection commits is heard once caught up.
    await vi.waitFor(() => expect(watch?.settingsToken()).toBeDefined(), { timeout: 5000 });
    const before = watch?.settingsToken();
    // Written through a pool of its own, which this process's watch does not see write.
    const other = openDatabase(shop.ctx.config.databaseUrl).db;
    try {
      await sql`update settings set value = '36000' where key = ${SETTING_KEYS.deliveryFee}`.execute(other);
    } finally {
      await other.destroy();
    }
    await watch?.caughtUp?.();
    expect(watch?.settingsToken()).not.toBe(before);
  });

  it("answers a wait still open when the watch closes, as the shop shuts down", async () => {
    const watch = changeWatchOf(shop.ctx.db);
    const waiting = watch?.caughtUp?.();
    await watch?.close();
    await expect(waiting).resolves.toBeUndefined();
  });
});
