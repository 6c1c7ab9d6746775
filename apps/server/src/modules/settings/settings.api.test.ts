import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

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
