import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Stored photos get a fourth width, a 320 px copy for a catalogue card on a phone. Photos stored
 * from now on are stored with it; this queues the one job (kind "photo-copies") that makes it for
 * the photos already stored, in whichever store holds them, once the shop runs its jobs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("jobs")
    .values({ kind: "photo-copies", payload: "{}", state: "queued", run_at: at, max_attempts: 5, created_at: at })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("jobs").where("kind", "=", "photo-copies").where("state", "=", "queued").execute();
}
