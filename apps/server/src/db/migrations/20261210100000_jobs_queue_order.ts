import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * The queue's index in the order a runner claims jobs: `state`, then `run_at`, then `job_id` for jobs
 * due at the same moment (the two mails of one order). A claim of the ten oldest due jobs then walks
 * the index from its start and stops after ten. On (state, run_at) alone PostgreSQL had to sort every
 * queued job by id to find them: 4–8 ms a claim with a rush's 12,000 mails queued, about 45 claims
 * a second (docs/performance.md, 2026-12-03).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("jobs_queue").on("jobs").columns(["state", "run_at", "job_id"]).execute();
  await db.schema.dropIndex("jobs_state_run_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("jobs_state_run_at").on("jobs").columns(["state", "run_at"]).execute();
  await db.schema.dropIndex("jobs_queue").execute();
}
