import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** Adds an auto-incrementing integer primary key on either database. */
function withId(db: Kysely<any>, table: string, column: string) {
  const builder = db.schema.createTable(table);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? builder.addColumn(column, "serial", (c) => c.primaryKey())
    : builder.addColumn(column, "integer", (c) => c.primaryKey().autoIncrement());
}

/**
 * Work the shop does later or on a schedule (docs/decisions/0013). A job is due from run_at; a
 * runner claims it by writing a fresh claim token and a lease end, so another runner skips it until
 * the lease ends (a runner that died lets go that way). A recurring job is one row, named by its
 * unique_key, that is moved to its next run instead of finishing. Mails wait in their own table
 * until their job has sent them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, "jobs", "job_id")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("unique_key", "text")
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('queued', 'done', 'failed')`))
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("claim_token", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_unique_key").on("jobs").column("unique_key").unique().execute();
  await db.schema.createIndex("jobs_state_run_at").on("jobs").columns(["state", "run_at"]).execute();

  await withId(db, "mails", "mail_id")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mails_created_at").on("mails").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mails").execute();
  await db.schema.dropTable("jobs").execute();
}
