import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** The tables an order reads its settings from: the fee and windows, slots, closed dates, districts. */
const TABLES = ["settings", "delivery_slots", "closed_dates", "delivery_zones"] as const;

/**
 * PostgreSQL: every committed change to the shop's settings tables notifies channel
 * `settings_changed`, so each process hears of it without reading them again for every order
 * (db/changes.ts, db/kept-reads.ts). Statement-level triggers: a schedule saved in one transaction
 * notifies once. SQLite has nothing to change: it reads them each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function settings_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('settings_changed', '');
      return null;
    end
  $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate
      on ${sql.table(table)} for each statement execute function settings_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists settings_changed()`.execute(db);
}
