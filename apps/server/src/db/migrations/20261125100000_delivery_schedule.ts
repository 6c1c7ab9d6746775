import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

type Db = Kysely<any>;

function withId(db: Db, table: string, column: string) {
  const builder = db.schema.createTable(table);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn(column, "serial", (c) => c.primaryKey())
    : builder.addColumn(column, "integer", (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
/** Booleans are 0 or 1 in an integer column, alike on both databases. */
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`);

/**
 * Delivery scheduling (contract §7.1): the shop's time slots with their capacity and same-day cutoff,
 * the districts it delivers to with their fee, and the dates it is closed (the whole day when
 * slot_id is null). Slots and zones are switched off, never deleted, because orders name them. An
 * order gains its delivery day and slot (counted together against the slot's capacity, hence the
 * index), its district, and the gift's recipient and card. The audit log records who changed what
 * (contract §7.4), written in the transaction of the change.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, "delivery_slots", "slot_id")
    .addColumn("label", "text", notNull)
    .addColumn("start_time", "text", notNull)
    .addColumn("end_time", "text", notNull)
    .addColumn("same_day_cutoff", "text")
    .addColumn("capacity", "integer", (c) => c.notNull().check(sql`capacity >= 0`))
    .addColumn("active", "integer", flag)
    .execute();

  await withId(db, "delivery_zones", "zone_id")
    .addColumn("name", "text", notNull)
    .addColumn("fee", "integer", (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn("active", "integer", flag)
    .execute();

  await withId(db, "closed_dates", "closed_date_id")
    .addColumn("date", "text", notNull)
    .addColumn("slot_id", "integer", (c) => c.references("delivery_slots.slot_id"))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("closed_dates_date").on("closed_dates").column("date").execute();

  await db.schema.alterTable("orders").addColumn("delivery_day", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_slot_id", "integer", (c) => c.references("delivery_slots.slot_id"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_zone_id", "integer", (c) => c.references("delivery_zones.zone_id"))
    .execute();
  await db.schema.alterTable("orders").addColumn("recipient_name", "text").execute();
  await db.schema.alterTable("orders").addColumn("recipient_phone", "text").execute();
  await db.schema.alterTable("orders").addColumn("card_message", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("sender_anonymous", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("orders_delivery_day_slot")
    .on("orders")
    .columns(["delivery_day", "delivery_slot_id"])
    .execute();
  await backfillDeliveryDays(db);

  await withId(db, "audit_log", "audit_id")
    .addColumn("at", "text", notNull)
    .addColumn("user_id", "integer", (c) => c.references("users.user_id").onDelete("set null"))
    .addColumn("username", "text", notNull)
    .addColumn("action", "text", notNull)
    .addColumn("target", "text", notNull)
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
}

/** Western Indonesia Time, written here and not imported, so the migration stays as it is. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * Orders placed before slots existed carry an estimated delivery instant (the order time plus a day);
 * their delivery day is that instant's date in Bandung, so they still appear on the florist's day,
 * without a slot.
 */
async function backfillDeliveryDays(db: Db): Promise<void> {
  const orders: { order_id: number; delivery_date: string }[] = await db
    .selectFrom("orders")
    .select(["order_id", "delivery_date"])
    .where("delivery_date", "is not", null)
    .execute();
  for (const order of orders) {
    const instant = Date.parse(order.delivery_date);
    if (Number.isNaN(instant)) continue;
    const day = new Date(instant + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
    await db.updateTable("orders").set({ delivery_day: day }).where("order_id", "=", order.order_id).execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropIndex("orders_delivery_day_slot").execute();
  for (const column of [
    "sender_anonymous",
    "card_message",
    "recipient_phone",
    "recipient_name",
    "delivery_zone_id",
    "delivery_slot_id",
    "delivery_day",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.dropTable("closed_dates").execute();
  await db.schema.dropTable("delivery_zones").execute();
  await db.schema.dropTable("delivery_slots").execute();
}
