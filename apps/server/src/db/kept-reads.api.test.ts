import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProduct, placeOrder } from "../../test/fixtures.js";
import { createTestShop, settled, signedIn, type TestShop, writeFromOutside } from "../../test/harness.js";
import { putSetting } from "../modules/settings/repository.js";
import { getOrderSettings } from "../modules/settings/service.js";
import { changeWatchOf } from "./changes.js";
import { type Database, SETTING_KEYS } from "./database.js";

const feeOf = async (db: Kysely<Database>) => (await getOrderSettings(db)).deliveryFee;

/** The settings every order reads (the fee, the window, the slots, the bank accounts), on both databases. */
describe("the settings every order reads, kept in memory", () => {
  let shop: TestShop;
  const token = () => changeWatchOf(shop.ctx.db)?.settingsToken();
  beforeAll(async () => {
    shop = await createTestShop();
    // PostgreSQL keeps nothing until its listener listens.
    await vi.waitFor(() => expect(token()).toBeDefined());
  });
  afterAll(() => shop.close());

  it("stay kept while orders are placed, and follow this process's own settings write at once", async () => {
    const customer = await signedIn(shop, "customer");
    const product = await createProduct(shop);
    await putSetting(shop.ctx.db, SETTING_KEYS.deliveryFee, "25000");
    expect(await feeOf(shop.ctx.db)).toBe(25_000);
    await settled(shop.ctx.db);
    const kept = token();
    for (const _ of [1, 2]) {
      const res = await placeOrder(shop, customer.cookie, [{ product_id: product.product_id }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ shippingCost: 25_000 });
    }
    // An order writes orders, lines, stock, jobs and mails, no setting: what is kept stays kept.
    expect(token()).toBe(kept);
    await putSetting(shop.ctx.db, SETTING_KEYS.deliveryFee, "35000");
    expect(token()).not.toBe(kept);
    expect(await feeOf(shop.ctx.db)).toBe(35_000);
  });

  it("follow a transaction's settings write once it commits", async () => {
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

  it("reach a change that a connection the shop does not hold commits", async () => {
    expect(await feeOf(shop.ctx.db)).toBe(40_000);
    await writeFromOutside(
      shop.ctx.config.databaseUrl,
      `update settings set value = '45000' where key = '${SETTING_KEYS.deliveryFee}'`,
    );
    // SQLite looks for other connections' commits once a second; PostgreSQL hears of it by notification.
    await expect.poll(() => feeOf(shop.ctx.db), { timeout: 5_000 }).toBe(45_000);
  });
});
