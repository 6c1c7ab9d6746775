import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * `order_items_order_id` is dropped: the unique index of (order_id, line_no) starts with the order's
 * id and serves every lookup of an order's lines and the cascade when an order is deleted, so each
 * line a new order wrote also wrote this one in vain (docs/performance.md, 2026-12-02 session 10).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_items_order_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("order_items_order_id").on("order_items").column("order_id").execute();
}
