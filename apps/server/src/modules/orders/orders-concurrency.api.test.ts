import type { OrderDetail } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { withAdminClient } from "../../../test/postgres.js";

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

/**
 * How many deadlocks PostgreSQL detected in the shop's database. A backend reports its statistics
 * when it exits, so the shop's connections are closed first and the count read once they are gone.
 */
async function deadlocksAfterClosing(own: TestShop): Promise<number> {
  const name = new URL(own.ctx.config.databaseUrl).pathname.slice(1);
  await own.ctx.db.destroy();
  return withAdminClient(async (client) => {
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rows } = await client.query("select deadlocks from pg_stat_database where datname = $1", [name]);
    return Number(rows[0]?.deadlocks ?? 0);
  });
}

describe("32 buyers each taking 3 of 4 shared products, in different orders, while an admin denies orders", () => {
  it("all get 201 or 409, without a deadlock; stock never goes below 0 and falls by exactly what was kept", async () => {
    // A shop of its own, so the database's deadlock count covers this burst alone.
    const own = await createTestShop();
    try {
      const STOCK = 100;
      const ROUNDS = 4;
      const products = [];
      for (const name of ["Shared Roses", "Shared Lilies", "Shared Tulips", "Shared Orchids"]) {
        products.push(await createProduct(own, { name, stock: STOCK, sizes: [], colors: [] }));
      }
      const ids = products.map((p) => p.product_id);
      const buyers = await Promise.all(Array.from({ length: 32 }, () => signedIn(own)));
      const admin = await signedIn(own, "admin");
      // Earlier orders of all four products, denied during the burst: denying returns stock under the same locks.
      const earlier: number[] = [];
      for (const { cookie } of buyers.slice(0, 8)) {
        const placed = await own.app.inject({
          method: "POST",
          url: "/api/order",
          headers: { cookie },
          payload: {
            shipping_address: SHIPPING_ADDRESS,
            items: ids.map((product_id) => ({ product_id, quantity: 1 })),
          },
        });
        expect(placed.statusCode).toBe(201);
        earlier.push((placed.json() as OrderDetail).orderId);
      }
      const denials = Promise.all(
        earlier.map((orderId) =>
          own.app.inject({
            method: "PATCH",
            url: `/api/order/${orderId}/status`,
            headers: { cookie: admin.cookie },
            payload: { status: "Denied" },
          }),
        ),
      );
      // Each buyer orders ROUNDS times in a row, so orders keep overlapping while the rows are rewritten.
      const answers = (
        await Promise.all(
          buyers.map(async ({ cookie }, i) => {
            const mine = [];
            for (let round = 0; round < ROUNDS; round++) {
              const n = i + round;
              // Leave out one product and list the other three rotated and, every other time, reversed.
              const three = ids.filter((_, k) => k !== n % 4);
              const rotated = [...three.slice(n % 3), ...three.slice(0, n % 3)];
              const listed = n % 2 === 0 ? rotated : rotated.reverse();
              mine.push(
                await own.app.inject({
                  method: "POST",
                  url: "/api/order",
                  headers: { cookie },
                  payload: {
                    shipping_address: SHIPPING_ADDRESS,
                    items: listed.map((product_id, k) => ({ product_id, quantity: 1 + ((n + k) % 2) })),
                  },
                }),
              );
            }
            return mine;
          }),
        )
      ).flat();
      expect((await denials).map((d) => d.statusCode)).toEqual(Array(earlier.length).fill(200));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      // The stock is short on purpose: some orders must lose, so the guard is what kept it whole.
      expect(statuses).toContain(201);
      expect(statuses).toContain(409);

      const ordered = new Map<number | null, number>();
      for (const answer of answers.filter((a) => a.statusCode === 201)) {
        for (const item of (answer.json() as OrderDetail).items) {
          ordered.set(item.productId, (ordered.get(item.productId) ?? 0) + item.quantity);
        }
      }
      const stock = await own.ctx.db
        .selectFrom("products")
        .select(["product_id", "stock_quantity"])
        .where("product_id", "in", ids)
        .execute();
      for (const row of stock) {
        expect(row.stock_quantity).toBeGreaterThanOrEqual(0);
        expect(STOCK - row.stock_quantity).toBe(ordered.get(row.product_id) ?? 0);
      }
      if (own.ctx.dialect === "postgres") expect(await deadlocksAfterClosing(own)).toBe(0);
    } finally {
      await own.close();
    }
  });
});
