import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** The rows whose counters add up to the catalogue's version; PostgreSQL spreads its writers over them. */
const SLOTS = 64;

/** The tables whose rows the catalogue and the product pages show (reviews: the products' ratings). */
const TABLES = ["products", "product_images", "categories", "reviews"];

/**
 * The catalogue's version (docs/decisions/0022): the sum of `catalog_versions.version`, raised by
 * triggers in the transaction of every insert, update or delete of a product, a product's picture,
 * a category or a review, whoever makes it (admin screens, orders and denials that move stock, the
 * seed, a script). Each process caches the catalogue's answers with the version it read before building
 * them, and builds them again once the sum has moved.
 *
 * SQLite has one writer at a time: its triggers raise slot 0 as each row changes. On PostgreSQL the
 * trigger is deferred to the commit and raises the slot of the writing connection (its backend pid
 * modulo 64), so concurrent orders neither queue on one row nor lock slots in opposite orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_versions")
    .addColumn("slot", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("catalog_versions")
    .values(Array.from({ length: SLOTS }, (_, slot) => ({ slot, version: 0 })))
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function catalog_changed() returns trigger language plpgsql as $$
      begin
        update catalog_versions set version = version + 1 where slot = pg_backend_pid() % ${sql.lit(SLOTS)};
        return null;
      end
    $$`.execute(db);
    for (const table of TABLES) {
      await sql`create constraint trigger ${sql.id(`${table}_catalog_changed`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function catalog_changed()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.id(`${table}_catalog_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalog_versions set version = version + 1 where slot = 0; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) {
      await sql`drop trigger ${sql.id(`${table}_catalog_changed`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function catalog_changed()`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of ["insert", "update", "delete"]) {
        await sql`drop trigger ${sql.id(`${table}_catalog_${event}`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable("catalog_versions").execute();
}
