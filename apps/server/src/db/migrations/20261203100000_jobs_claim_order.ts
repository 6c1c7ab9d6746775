import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * A runner claims the oldest due jobs `order by run_at, job_id limit 10`. The index held the state
 * and the due time only, so on PostgreSQL the order was finished by a sort; while a rush's mails
 * queued faster than statistics were gathered, PostgreSQL fetched every queued job and sorted them
 * all for each claim of ten (9 ms a claim with 7,000 mails queued, slower as the queue grew). With
 * the id in the index, the index gives the claim's exact order, and the claim reads the queue's
 * first rows only. SQLite orders by the row id after an index's columns already; it gets the same
 * index so both databases keep one schema.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("jobs_state_run_at_id").on("jobs").columns(["state", "run_at", "job_id"]).execute();
  await db.schema.dropIndex("jobs_state_run_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("jobs_state_run_at").on("jobs").columns(["state", "run_at"]).execute();
  await db.schema.dropIndex("jobs_state_run_at_id").execute();
}
