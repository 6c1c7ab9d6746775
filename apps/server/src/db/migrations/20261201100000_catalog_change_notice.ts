import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

const SLOTS = 64;

/**
 * PostgreSQL: the trigger that raises the catalogue's version (migration 20261129100000) also
 * notifies channel `catalog_changed`, so each process hears of a change committed by any process
 * without reading the version for every request (db/changes.ts, docs/decisions/0022). The
 * notification goes out when the transaction commits, and a transaction's identical notifications
 * are sent once. SQLite has nothing to change: each process reads `PRAGMA data_version`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function catalog_changed() returns trigger language plpgsql as $$
    begin
      update catalog_versions set version = version + 1 where slot = pg_backend_pid() % ${sql.lit(SLOTS)};
      perform pg_notify('catalog_changed', '');
      return null;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function catalog_changed() returns trigger language plpgsql as $$
    begin
      update catalog_versions set version = version + 1 where slot = pg_backend_pid() % ${sql.lit(SLOTS)};
      return null;
    end
  $$`.execute(db);
}
