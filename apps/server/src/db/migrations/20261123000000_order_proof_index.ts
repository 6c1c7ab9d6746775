import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** Proof files are served after looking up the order that holds them; without an index every view scans all orders. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_order_proof").on("orders").column("order_proof").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_order_proof").execute();
}
