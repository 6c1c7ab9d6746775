import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { SETTING_KEYS } from "../../db/database.js";
import { getDeliveryFee, getDeliveryWindowDays, getOrderSettings, getPaymentWindowMinutes } from "./service.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("delivery fee", () => {
  it("is 50000 until an admin changes it", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/settings/delivery-fee" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deliveryFee: 50000 });
  });

  it("can be changed by an admin, and the new fee is what everyone reads", async () => {
    const { cookie } = await signedIn(shop, "admin");
    const put = await shop.app.inject({
      method: "PUT",
      url: "/api/settings/delivery-fee",
      headers: { cookie },
      payload: { deliveryFee: 35000 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ deliveryFee: 35000 });
    const get = await shop.app.inject({ method: "GET", url: "/api/settings/delivery-fee" });
    expect(get.json()).toEqual({ deliveryFee: 35000 });
  });

  it("refuses a fee that is negative, fractional or not a number", async () => {
    const { cookie } = await signedIn(shop, "admin");
    for (const deliveryFee of [-1, 1000.5, "abc", null]) {
      const res = await shop.app.inject({
        method: "PUT",
        url: "/api/settings/delivery-fee",
        headers: { cookie },
        payload: { deliveryFee },
      });
      expect(res.statusCode, `fee ${deliveryFee}`).toBe(400);
      expect(res.json().message).toMatch(/Ongkos kirim/);
    }
  });

  it("cannot be changed by a customer (403) or anonymously (401)", async () => {
    const before = (await shop.app.inject({ method: "GET", url: "/api/settings/delivery-fee" })).json();
    const { cookie } = await signedIn(shop, "customer");
    const asCustomer = await shop.app.inject({
      method: "PUT",
      url: "/api/settings/delivery-fee",
      headers: { cookie },
      payload: { deliveryFee: 1 },
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await shop.app.inject({
      method: "PUT",
      url: "/api/settings/delivery-fee",
      payload: { deliveryFee: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const after = await shop.app.inject({ method: "GET", url: "/api/settings/delivery-fee" });
    expect(after.json()).toEqual(before);
  });
});

describe("the settings a new order is placed with", () => {
  it("are read together as each alone reads: the stored value, or its default when unset or unusable", async () => {
    const db = shop.ctx.db;
    const alone = async () => ({
      deliveryFee: await getDeliveryFee(db),
      paymentWindowMinutes: await getPaymentWindowMinutes(db),
      deliveryWindowDays: await getDeliveryWindowDays(db),
    });
    const store = async (values: Record<string, string | null>) => {
      for (const [key, value] of Object.entries(values)) {
        await db.deleteFrom("settings").where("key", "=", key).execute();
        if (value !== null) await db.insertInto("settings").values({ key, value }).execute();
      }
    };
    const keys = [SETTING_KEYS.deliveryFee, SETTING_KEYS.paymentWindowMinutes, SETTING_KEYS.deliveryWindowDays];
    const cases: [string | null, string | null, string | null][] = [
      [null, null, null],
      ["27000", "0", "30"],
      ["-5", "abc", "0"],
      ["1.5", "", "999"],
    ];
    const seen = [];
    for (const values of cases) {
      await store(Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null])));
      const together = await getOrderSettings(db);
      expect(together, JSON.stringify(values)).toEqual(await alone());
      seen.push(together);
    }
    expect(seen[1]).toEqual({ deliveryFee: 27000, paymentWindowMinutes: 0, deliveryWindowDays: 30 });
    await store({
      [SETTING_KEYS.deliveryFee]: "50000",
      [SETTING_KEYS.paymentWindowMinutes]: null,
      [SETTING_KEYS.deliveryWindowDays]: null,
    });
  });
});
