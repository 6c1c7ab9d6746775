import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** The indexes of columns every new order leaves empty: a delivery proof, a payment proof, a reminder link. */
const INDEXES = [
  { name: "orders_order_proof", column: "order_proof", unique: false },
  { name: "orders_payment_proof", column: "payment_proof", unique: false },
  { name: "orders_reminder_token", column: "reminder_token_hash", unique: true },
] as const;

/**
 * Each of these indexes is looked up by a value (`column = ?`), never for the orders without one, and
 * a new order has none yet: indexing only the orders that have one spares every order placed three
 * index writes (docs/performance.md, 2026-12-01). A lookup by value implies the value is not null, so
 * SQLite and PostgreSQL still use them. The reminder link stays unique: neither database counts nulls
 * as equal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const create = db.schema.createIndex(index.name).on("orders").column(index.column);
    await (index.unique ? create.unique() : create).where(index.column, "is not", null).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const create = db.schema.createIndex(index.name).on("orders").column(index.column);
    await (index.unique ? create.unique() : create).execute();
  }
}
