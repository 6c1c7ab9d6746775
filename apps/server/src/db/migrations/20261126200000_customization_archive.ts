import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Add-ons the admin runs (contract §7.4). An add-on that orders used is archived rather than
 * deleted: it leaves the list and the cart, while the orders keep the name and price they copied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customizations").addColumn("archived_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customizations").dropColumn("archived_at").execute();
}
