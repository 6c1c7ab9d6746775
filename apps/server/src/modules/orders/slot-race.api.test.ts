import { addDays } from "@florist/contract/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookPlaces, createSlot } from "../../../test/delivery-fixtures.js";
import { createProduct, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { shopToday } from "../../lib/time.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("customers racing for a slot's last place", () => {
  it("exactly one gets it; the others get a 409 and keep their stock", async () => {
    const date = addDays(shopToday(), 2);
    const slotId = await createSlot(shop, { label: "Last place", capacity: 3 });
    const holder = await signedIn(shop);
    await bookPlaces(shop, holder.user.user_id, { date, slotId, count: 2 });
    // Each customer buys a product of their own, so nothing but the slot makes them wait for each other.
    const buyers = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => ({
        ...(await signedIn(shop)),
        product: await createProduct(shop, { name: `Race bouquet ${i}`, stock: 1, sizes: [], colors: [] }),
      })),
    );
    const answers = await Promise.all(
      buyers.map(({ cookie, product }) =>
        shop.app.inject({
          method: "POST",
          url: "/api/order",
          headers: { cookie },
          payload: {
            shipping_address: SHIPPING_ADDRESS,
            items: [{ product_id: product.product_id, quantity: 1 }],
            delivery_date: date,
            delivery_slot_id: slotId,
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: "SLOT_FULL", message: expect.stringMatching(/is full/) });
    }

    const held = await shop.ctx.db
      .selectFrom("orders")
      .select("order_id")
      .where("delivery_day", "=", date)
      .where("delivery_slot_id", "=", slotId)
      .execute();
    expect(held).toHaveLength(3);
    const stock = await shop.ctx.db
      .selectFrom("products")
      .select("stock_quantity")
      .where(
        "product_id",
        "in",
        buyers.map((b) => b.product.product_id),
      )
      .execute();
    expect(stock.map((p) => p.stock_quantity).sort()).toEqual([0, ...Array(15).fill(1)]);
  });
});
