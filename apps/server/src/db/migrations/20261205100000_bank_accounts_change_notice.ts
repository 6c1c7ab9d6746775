import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * PostgreSQL: the bank accounts join the settings tables whose committed changes notify channel
 * `settings_changed` (migration 20261204100000): every new order's mail shows them, so each process
 * keeps them in memory until the admin saves the list again, in whichever process. SQLite has
 * nothing to change: it reads them each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create trigger bank_accounts_changed after insert or update or delete or truncate
    on bank_accounts for each statement execute function settings_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists bank_accounts_changed on bank_accounts`.execute(db);
}
