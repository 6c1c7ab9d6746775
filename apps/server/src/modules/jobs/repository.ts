import type { Selectable } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Executor, JobsTable } from "../../db/database.js";

export type JobRow = Selectable<JobsTable>;

export function insertJob(
  db: Executor,
  job: { kind: string; payload: string; run_at: string; max_attempts: number; created_at: string },
) {
  return db
    .insertInto("jobs")
    .values({ ...job, state: "queued", attempts: 0 })
    .returning("job_id")
    .executeTakeFirstOrThrow();
}

/** The one row of a recurring job; a second runner inserting it at the same time inserts nothing. */
export function ensureUniqueJob(
  db: Executor,
  job: { kind: string; unique_key: string; run_at: string; max_attempts: number; created_at: string },
) {
  return db
    .insertInto("jobs")
    .values({ ...job, payload: "{}", state: "queued", attempts: 0 })
    .onConflict((oc) => oc.column("unique_key").doNothing())
    .execute();
}

/**
 * Claims up to `limit` due jobs of the given kinds (or the one job `jobId`) in one statement:
 * writes a new claim token and lease and counts the attempt. On PostgreSQL the rows are picked
 * `FOR UPDATE SKIP LOCKED`, so a runner claiming at the same moment takes other rows, and a row
 * another runner has just claimed is re-read with its new lease and left alone; on SQLite the
 * statement is one write transaction, and writers take turns.
 */
export function claimJobs(
  db: Executor,
  dialect: Dialect,
  claim: { kinds: string[]; now: string; lockedUntil: string; token: string; limit: number; jobId?: number },
) {
  return db
    .updateTable("jobs")
    .set((eb) => ({
      claim_token: claim.token,
      locked_until: claim.lockedUntil,
      attempts: eb("attempts", "+", 1),
    }))
    .where("job_id", "in", (eb) => {
      let due = eb
        .selectFrom("jobs")
        .select("job_id")
        .where("state", "=", "queued")
        .where("kind", "in", claim.kinds)
        .where("run_at", "<=", claim.now)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", claim.now)]))
        .orderBy("run_at")
        .orderBy("job_id")
        .limit(claim.limit);
      if (claim.jobId !== undefined) due = due.where("job_id", "=", claim.jobId);
      return dialect === "postgres" ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/** Changes a claimed job only while the claim is still this one: a runner whose lease ran out changes nothing. */
function updateClaimed(db: Executor, jobId: number, token: string) {
  return db.updateTable("jobs").where("job_id", "=", jobId).where("claim_token", "=", token);
}

export async function finishJob(db: Executor, jobId: number, token: string, at: string) {
  const result = await updateClaimed(db, jobId, token)
    .set({ state: "done", finished_at: at, claim_token: null, locked_until: null, last_error: null })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A recurring job that ran goes back to the queue for its next time, its tries counted afresh. */
export async function rescheduleJob(db: Executor, jobId: number, token: string, runAt: string) {
  const result = await updateClaimed(db, jobId, token)
    .set({ run_at: runAt, attempts: 0, claim_token: null, locked_until: null, last_error: null })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function retryJob(db: Executor, jobId: number, token: string, runAt: string, error: string) {
  const result = await updateClaimed(db, jobId, token)
    .set({ run_at: runAt, claim_token: null, locked_until: null, last_error: error })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function failJob(db: Executor, jobId: number, token: string, at: string, error: string) {
  const result = await updateClaimed(db, jobId, token)
    .set({ state: "failed", finished_at: at, claim_token: null, locked_until: null, last_error: error })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Finished jobs before `doneBefore` and jobs given up before `failedBefore`. */
export async function deleteFinishedJobs(db: Executor, doneBefore: string, failedBefore: string) {
  const result = await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "done"), eb("finished_at", "<", doneBefore)]),
        eb.and([eb("state", "=", "failed"), eb("finished_at", "<", failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
