import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";
import { availability } from "../modules/delivery/service.js";
import { putSetting } from "../modules/settings/repository.js";
import { getOrderSettings, keptBankAccounts } from "../modules/settings/service.js";
import { changeWatchOf } from "./changes.js";
import { openDatabase } from "./connection.js";
import { type Database, SETTING_KEYS } from "./database.js";

const feeOf = async (db: Kysely<Database>) => (await getOrderSettings(db)).deliveryFee;

/**
 * PostgreSQL only (vitest.config.ts): SQLite reads its settings for every order. `other` is a second
 * process's view of the same database: its own pool and its own listener.
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

  it("follow this process's own writes at once, and a transaction's once it commits", async () => {
    await putSetting(shop.ctx.db, SETTING_KEYS.deliveryFee, "35000");
    expect(await feeOf(shop.ctx.db)).toBe(35_000);
    await shop.ctx.db.transaction().execute(async (trx) => {
      await putSetting(trx, SETTING_KEYS.deliveryFee, "40000");
      // Not committed yet: others read the fee as it was, and may keep it until the commit.
      expect(await feeOf(shop.ctx.db)).toBe(35_000);
      expect(await feeOf(trx as unknown as Kysely<Database>)).toBe(40_000);
    });
    expect(await feeOf(shop.ctx.db)).toBe(40_000);
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
