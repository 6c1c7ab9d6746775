import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * PostgreSQL keeps a mail's row as it is up to a full page (8,160 bytes) instead of compressing it
 * from 2 KB on. A new order's two mails (HTML of about 3.4 KB each) were compressed as they were
 * written, about 85 µs of PostgreSQL's CPU a mail, two fifths of the statement that writes them.
 * Mails are written once, read once by the runner and deleted a month later, so the space
 * compression saves is worth less than that time (docs/performance.md, 2026-12-03 session 17). A
 * row larger than a page (a mail with a photo attached) is still compressed and stored aside as
 * before. SQLite keeps every row whole already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table mails set (toast_tuple_target = 8160)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table mails reset (toast_tuple_target)`.execute(db);
  }
}
