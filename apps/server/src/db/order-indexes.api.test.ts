import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder } from "../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../test/harness.js";

/** The lookups by a value the partial indexes of migration 20261207100000 serve, each with its index. */
const LOOKUPS = [
  { index: "orders_order_proof", column: "order_proof" },
  { index: "orders_payment_proof", column: "payment_proof" },
  { index: "orders_reminder_token", column: "reminder_token_hash" },
] as const;

describe("the indexes of what a new order leaves empty (delivery proof, payment proof, reminder link)", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it("hold only the orders that have one", async () => {
    for (const { index } of LOOKUPS) {
      const definition =
        shop.ctx.dialect === "postgres"
          ? (
              await sql<{ d: string }>`select indexdef as d from pg_indexes where indexname = ${index}`.execute(
                shop.ctx.db,
              )
            ).rows[0]?.d
          : (await sql<{ d: string }>`select sql as d from sqlite_master where name = ${index}`.execute(shop.ctx.db))
              .rows[0]?.d;
      expect(definition, index).toMatch(/where\s+\(?"?\w+"?\s+is not null\)?$/i);
    }
  });

  it("still serve a lookup by a value, planned once for any value as the shop's prepared statements are", async () => {
    for (const { index, column } of LOOKUPS) {
      let plan: string;
      if (shop.ctx.dialect === "postgres") {
        // A plan for any parameter (the shop prepares its statements once, docs/decisions/0013), on a
        // table too small for PostgreSQL to prefer an index unless a scan is ruled out.
        // The connection goes back to the shop's pool: its settings are reset and the statement dropped
        // whatever happens (outside a transaction, a failed statement leaves the next one free to run).
        plan = await shop.ctx.db.connection().execute(async (connection) => {
          await sql`set enable_seqscan = off`.execute(connection);
          await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
          try {
            await sql
              .raw(`prepare by_value(text) as select order_id from orders where ${column} = $1`)
              .execute(connection);
            try {
              const explained = sql<{ "QUERY PLAN": string }>`explain execute by_value('x')`;
              return (await explained.execute(connection)).rows.map((row) => row["QUERY PLAN"]).join("\n");
            } finally {
              await sql`deallocate by_value`.execute(connection);
            }
          } finally {
            await sql`reset enable_seqscan`.execute(connection);
            await sql`reset plan_cache_mode`.execute(connection);
          }
        });
      } else {
        const rows = await sql<{ detail: string }>`explain query plan select order_id from orders where ${sql.ref(
          column,
        )} = ${"x"}`.execute(shop.ctx.db);
        plan = rows.rows.map((row) => row.detail).join("\n");
      }
      expect(plan, column).toContain(index);
    }
  });

  it("keep a reminder link unique", async () => {
    const customer = await signedIn(shop);
    const product = await createProduct(shop, { name: "Indexed Peonies", stock: 5 });
    const orderIds: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await placeOrder(shop, customer.cookie, [{ product_id: product.product_id }]);
      expect(res.statusCode, res.body).toBe(201);
      orderIds.push(res.json().orderId);
    }
    const [first, second] = orderIds as [number, number];
    const setLink = (orderId: number) =>
      shop.ctx.db
        .updateTable("orders")
        .set({ reminder_token_hash: "same-link" })
        .where("order_id", "=", orderId)
        .execute();
    await setLink(first);
    await expect(setLink(second)).rejects.toThrow(/unique/i);
    const found = await shop.ctx.db
      .selectFrom("orders")
      .select("order_id")
      .where("reminder_token_hash", "=", "same-link")
      .execute();
    expect(found.map((row) => row.order_id)).toEqual([first]);
  });
});
