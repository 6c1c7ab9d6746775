import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Failed logins were one row per attempt, counted before the password check and written after it,
 * so a burst of concurrent guesses all read "under the limit". A throttle is one row per key
 * (an account, an address, an account at an address, a reset mail) whose count is raised by a
 * single conditional upsert before the check. Rows carry their own expiry so they are deleted as
 * new ones are written. The attempt rows were only a short-lived count, so they are dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("throttles")
    .addColumn("throttle_key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("blocked_until", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("throttles_expires_at").on("throttles").column("expires_at").execute();
  await db.schema.dropTable("login_attempts").execute();
  await db.schema.createIndex("password_resets_expires_at").on("password_resets").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("password_resets_expires_at").execute();
  await db.schema.dropTable("throttles").execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("login_attempts")
    .addColumn("attempt_id", postgres ? "serial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("attempt_key", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_attempts_key_time")
    .on("login_attempts")
    .columns(["attempt_key", "attempted_at"])
    .execute();
}
