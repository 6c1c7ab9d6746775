import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * PostgreSQL: a new or removed account, or an account's language or address changed, notifies
 * channel `settings_changed` (migration 20261204100000): the shop's own mails of every new order are
 * written in the language of the account that reads NOTIFY_EMAIL, so each process keeps it in memory
 * until such a change. Other changes of an account (its name, its password) notify nothing. SQLite
 * has nothing to change: it reads the language each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create trigger account_language_changed
    after insert or delete or truncate or update of language, email_key
    on users for each statement execute function settings_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists account_language_changed on users`.execute(db);
}
