import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * An order's items were matched to the lines they came from by the position of the rows an INSERT
 * … RETURNING answered, an order neither database promises. Each item now carries its line number
 * (1, 2, … within its order), written with it and unique per order. Existing items are numbered in
 * the order of their ids, which is the order they were shown in until now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("order_items")
    .addColumn("line_no", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable("order_items")
    .set({
      line_no: sql`(select count(*) from order_items as earlier where earlier.order_id = order_items.order_id and earlier.order_item_id <= order_items.order_item_id)`,
    })
    .execute();
  await db.schema
    .createIndex("order_items_order_line")
    .on("order_items")
    .columns(["order_id", "line_no"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("order_items_order_line").execute();
  await db.schema.alterTable("order_items").dropColumn("line_no").execute();
}
