import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Every order that names no slot counts the bookings of the whole delivery window by day, slot and
 * status. With the status in the index the count reads the index alone, never the order rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("orders_delivery_day_slot_status")
    .on("orders")
    .columns(["delivery_day", "delivery_slot_id", "order_status"])
    .execute();
  await db.schema.dropIndex("orders_delivery_day_slot").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("orders_delivery_day_slot")
    .on("orders")
    .columns(["delivery_day", "delivery_slot_id"])
    .execute();
  await db.schema.dropIndex("orders_delivery_day_slot_status").execute();
}
