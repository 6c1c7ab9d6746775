import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Categories run by the admin (contract §7.4). A category has a place in the catalogue; the ones
 * already there keep the order they were shown in (by id). Two categories may not share a name
 * however it is cased, which the unique index on the lower-cased name holds on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update categories set position = category_id`.execute(db);
  await db.schema.createIndex("categories_position").on("categories").column("position").execute();
  await db.schema.createIndex("categories_name_lower").on("categories").unique().expression(sql`lower(name)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("categories_name_lower").execute();
  await db.schema.dropIndex("categories_position").execute();
  await db.schema.alterTable("categories").dropColumn("position").execute();
}
