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

/** How the database defines index `name`, as written by the migrations; undefined when there is none. */
async function indexDefinition(shop: TestShop, name: string) {
  const query =
    shop.ctx.dialect === "postgres"
      ? sql<{ d: string }>`select indexdef as d from pg_indexes where indexname = ${name}`
      : sql<{ d: string }>`select sql as d from sqlite_master where type = 'index' and name = ${name}`;
  return (await query.execute(shop.ctx.db)).rows[0]?.d;
}

/** An index that holds only the rows with a value: its definition ends in `where … is not null`. */
const ONLY_WITH_A_VALUE = /where\s+\(?"?\w+"?\s+is not null\)?$/i;

/**
 * The plan of `select … from table where column = value`, planned once for any value as the shop's
 * prepared statements are.
 */
async function planOfLookup(shop: TestShop, table: string, column: string): Promise<string> {
  const integer = column.endsWith("_id");
  if (shop.ctx.dialect === "postgres") {
    // A plan for any parameter (the shop prepares its statements once, docs/decisions/0013), on a
    // table too small for PostgreSQL to prefer an index unless a scan is ruled out.
    // The connection goes back to the shop's pool: its settings are reset and the statement dropped
    // whatever happens (outside a transaction, a failed statement leaves the next one free to run).
    return shop.ctx.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
      try {
        const type = integer ? "integer" : "text";
        await sql.raw(`prepare by_value(${type}) as select 1 from ${table} where ${column} = $1`).execute(connection);
        try {
          const explained = sql<{ "QUERY PLAN": string }>`explain execute by_value(${sql.raw(integer ? "1" : "'x'")})`;
          return (await explained.execute(connection)).rows.map((row) => row["QUERY PLAN"]).join("\n");
        } finally {
          await sql`deallocate by_value`.execute(connection);
        }
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset plan_cache_mode`.execute(connection);
      }
    });
  }
  const rows = await sql<{ detail: string }>`explain query plan select 1 from ${sql.table(table)} where ${sql.ref(
    column,
  )} = ${integer ? 1 : "x"}`.execute(shop.ctx.db);
  return rows.rows.map((row) => row.detail).join("\n");
}

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
      expect(await indexDefinition(shop, index), index).toMatch(ONLY_WITH_A_VALUE);
    }
  });

  it("still serve a lookup by a value, planned once for any value as the shop's prepared statements are", async () => {
    for (const { index, column } of LOOKUPS) {
      const plan = await planOfLookup(shop, "orders", column);
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

describe("the lines of an order (migration 20261208100000)", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  it("are found by the index of order and line number, the one index of order_id left", async () => {
    expect(await indexDefinition(shop, "order_items_order_id")).toBeUndefined();
    expect(await planOfLookup(shop, "order_items", "order_id")).toContain("order_items_order_line");
  });
});
