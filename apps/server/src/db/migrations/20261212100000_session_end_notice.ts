import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * PostgreSQL: each process keeps the sessions it has read (with their accounts' name, address, role
 * and language) until channel `settings_changed` (migration 20261204100000) says one may have
 * changed. So a deleted session (a logout, a password change, the sweep of expired ones) notifies it,
 * and so does a change of the account's name, address or role, beside its language (migration
 * 20261206100000). A new session notifies nothing: nobody kept it. SQLite has nothing to change: one
 * process serves its file and sees its own writes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create trigger session_ended
    after delete or truncate
    on sessions for each statement execute function settings_changed()`.execute(db);
  await sql`drop trigger account_language_changed on users`.execute(db);
  await sql`create trigger account_changed
    after insert or delete or truncate or update of language, email_key, username, email, role
    on users for each statement execute function settings_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists session_ended on sessions`.execute(db);
  await sql`drop trigger if exists account_changed on users`.execute(db);
  await sql`create trigger account_language_changed
    after insert or delete or truncate or update of language, email_key
    on users for each statement execute function settings_changed()`.execute(db);
}
