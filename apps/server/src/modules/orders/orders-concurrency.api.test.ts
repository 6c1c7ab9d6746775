import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("orders placed at the same moment", () => {
  it("taking stock of the same products in opposite orders all get an answer, and stock adds up", async () => {
    const roses = await createProduct(shop, { name: "Roses", stock: 100, sizes: [], colors: [] });
    const lilies = await createProduct(shop, { name: "Lilies", stock: 100, sizes: [], colors: [] });
    const customers = await Promise.all(Array.from({ length: 12 }, () => signedIn(shop)));
    const answers = await Promise.all(
      customers.map(({ user, cookie }, i) => {
        const items = [
          { product_id: roses.product_id, quantity: 2 },
          { product_id: lilies.product_id, quantity: 3 },
        ];
        return shop.app.inject({
          method: "POST",
          url: "/api/order",
          headers: { cookie },
          payload: {
            user_id: user.user_id,
            shipping_address: "Sari\nJl. Braga 1\nBandung\nEmail: s@example.com\nTelepon: 0812",
            items: i % 2 === 0 ? items : items.reverse(),
          },
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const stock = await shop.ctx.db
      .selectFrom("products")
      .select(["name", "stock_quantity"])
      .where("product_id", "in", [roses.product_id, lilies.product_id])
      .orderBy("name")
      .execute();
    expect(stock).toEqual([
      { name: "Lilies", stock_quantity: 100 - 12 * 3 },
      { name: "Roses", stock_quantity: 100 - 12 * 2 },
    ]);
  });
});
