import type { QueryCreator, Selectable } from "kysely";
import type { Dialect } from "../../db/connection.js";
import { type Database, type Executor, JOB_COLUMNS, type JobsTable } from "../../db/database.js";
import { prepared, preparedRows } from "../../db/prepared.js";

export type JobRow = Selectable<JobsTable>;

type JobValues = [kind: string, payload: string, run_at: string, max_attempts: number, created_at: string];

// Three jobs are queued, claimed and finished for every order: these statements are built once
// (db/prepared.ts); the two that send its mails are queued in one statement.
const insertJobsQuery = preparedRows<JobValues, { job_id: number }>(5, (db, rows) =>
  db
    .insertInto("jobs")
    .values(
      rows.map(([kind, payload, run_at, max_attempts, created_at]) => ({
        kind,
        payload,
        run_at,
        max_attempts,
        created_at,
        state: "queued" as const,
        attempts: 0,
      })),
    )
    .returning("job_id"),
);

export interface NewJob {
  kind: string;
  payload: string;
  run_at: string;
  max_attempts: number;
  created_at: string;
}

/**
 * A job queued by the statement that writes the row it is about, before that row's id is known
 * (orders repository, insertPlacedOrder): the statement writes `payloadBefore`, the id, then
 * `payloadAfter`. Made by the jobs service's jobAroundId.
 */
export interface JobAroundId extends Omit<NewJob, "payload"> {
  payloadBefore: string;
  payloadAfter: string;
}

/** Queues the jobs in one statement; answers their ids, in no particular order. */
export async function insertJobs(db: Executor, jobs: NewJob[]): Promise<number[]> {
  const rows = await insertJobsQuery.rows(
    db,
    jobs.map((job) => [job.kind, job.payload, job.run_at, job.max_attempts, job.created_at]),
  );
  return rows.map((row) => row.job_id);
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
 * statement is one write transaction, and writers take turns. The claimed jobs are answered oldest
 * first (ties by id): an update returns its rows in no set order, and a claim may hold two mails of
 * one order, queued one after the other.
 */
export async function claimJobs(
  db: Executor,
  dialect: Dialect,
  claim: { kinds: string[]; now: string; lockedUntil: string; token: string; limit: number; jobId?: number },
): Promise<JobRow[]> {
  const [kind] = claim.kinds;
  if (claim.jobId !== undefined && claim.kinds.length === 1 && kind !== undefined) {
    // The same statement with one kind, one job and a limit of 1, built once per dialect.
    return claimOne[dialect].rows(db, claim.token, claim.lockedUntil, kind, claim.now, claim.jobId);
  }
  const claimed = await claimQuery(db, dialect, claim).execute();
  return claimed.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.job_id - b.job_id));
}

/**
 * One due job by its id, if it is of `kind`, due and not held: what runJobNow claims (a mail right
 * after the request that queued it). PostgreSQL: the statement of claimQuery, whose subquery skips
 * a row another runner has locked instead of waiting for it. SQLite: the same conditions on the row
 * itself, so the job is found by its key; with a subquery ordered by run_at, SQLite may walk the
 * (state, run_at) index through every queued job instead (144 µs a claim with the mails of a rush
 * queued, 2026-11-27).
 */
const claimOne = {
  postgres: prepared(
    (db, token: string, lockedUntil: string, kind: string, now: string, jobId: number) =>
      claimQuery(db, "postgres", { kinds: [kind], now, lockedUntil, token, limit: 1, jobId }),
    // Planned on a new shop's few jobs, PostgreSQL's kept plan scanned the whole queue later on.
    { planEachRun: true },
  ),
  sqlite: prepared((db, token: string, lockedUntil: string, kind: string, now: string, jobId: number) =>
    dueJobByKey(db, kind, now, jobId)
      .set((eb) => ({ claim_token: token, locked_until: lockedUntil, attempts: eb("attempts", "+", 1) }))
      .returning(JOB_COLUMNS),
  ),
};

/** SQLite: an update of job `jobId` if it is of `kind`, due and not held, found by its key. */
function dueJobByKey(db: Executor, kind: string, now: string, jobId: number) {
  return db
    .updateTable("jobs")
    .where("job_id", "=", jobId)
    .where("state", "=", "queued")
    .where("kind", "=", kind)
    .where("run_at", "<=", now)
    .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", now)]));
}

/**
 * One due transactional job by its id, if it is of `kind`, due and not held, claimed and marked done
 * in one statement at the start of the transaction that runs it: if the job fails, the rollback
 * leaves it queued and unclaimed as it was. Until the commit, PostgreSQL keeps the row locked, so a
 * runner claiming meanwhile skips it; SQLite runs one writer at a time.
 */
export function claimOneDone(db: Executor, dialect: Dialect, claim: { kind: string; now: string; jobId: number }) {
  return claimOneDoneQuery[dialect].first(db, claim.now, claim.kind, claim.jobId);
}

const doneOnClaim = (now: string) => ({
  state: "done" as const,
  finished_at: now,
  claim_token: null,
  locked_until: null,
  last_error: null,
});

/**
 * PostgreSQL: claimOneDone's update without what it returns, for a statement that claims the job
 * and writes its work together (a data-modifying WITH): one round trip instead of a transaction's
 * four, and the same all or nothing, since one statement is its own transaction.
 */
export function claimOneDoneOnPostgres(
  db: QueryCreator<Database>,
  claim: { kind: string; now: string; jobId: number },
) {
  return dueJobs(db, "postgres", { kinds: [claim.kind], now: claim.now, limit: 1, jobId: claim.jobId }).set((eb) => ({
    ...doneOnClaim(claim.now),
    attempts: eb("attempts", "+", 1),
  }));
}

const claimOneDoneQuery = {
  postgres: prepared(
    (db, now: string, kind: string, jobId: number) =>
      claimOneDoneOnPostgres(db, { kind, now, jobId }).returning(JOB_COLUMNS),
    // As claimOne: a plan kept from a new shop's first jobs scanned the whole queue (0.6 ms against 0.1 ms).
    { planEachRun: true },
  ),
  sqlite: prepared((db, now: string, kind: string, jobId: number) =>
    dueJobByKey(db, kind, now, jobId)
      .set((eb) => ({ ...doneOnClaim(now), attempts: eb("attempts", "+", 1) }))
      .returning(JOB_COLUMNS),
  ),
};

function claimQuery(
  db: Executor,
  dialect: Dialect,
  claim: { kinds: string[]; now: string; lockedUntil: string; token: string; limit: number; jobId?: number },
) {
  return dueJobs(db, dialect, claim)
    .set((eb) => ({
      claim_token: claim.token,
      locked_until: claim.lockedUntil,
      attempts: eb("attempts", "+", 1),
    }))
    .returning(JOB_COLUMNS);
}

/** An update of the due, unheld jobs of these kinds (or the one job `jobId`), oldest first, up to `limit`. */
function dueJobs(
  db: QueryCreator<Database>,
  dialect: Dialect,
  claim: { kinds: string[]; now: string; limit: number; jobId?: number },
) {
  return db.updateTable("jobs").where("job_id", "in", (eb) => {
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
  });
}

/** Changes a claimed job only while the claim is still this one: a runner whose lease ran out changes nothing. */
function updateClaimed(db: Executor, jobId: number, token: string) {
  return db.updateTable("jobs").where("job_id", "=", jobId).where("claim_token", "=", token);
}

const finishJobQuery = prepared((db, jobId: number, token: string, at: string) =>
  updateClaimed(db, jobId, token).set({
    state: "done",
    finished_at: at,
    claim_token: null,
    locked_until: null,
    last_error: null,
  }),
);

export async function finishJob(db: Executor, jobId: number, token: string, at: string) {
  return (await finishJobQuery.changed(db, jobId, token, at)) > 0n;
}

/**
 * Finishes several jobs of one claim (they share its token) in one statement; answers the ids it
 * finished, leaving out any whose claim another runner has taken since.
 */
export async function finishJobs(db: Executor, jobIds: number[], token: string, at: string): Promise<number[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .updateTable("jobs")
    .set({ state: "done", finished_at: at, claim_token: null, locked_until: null, last_error: null })
    .where("job_id", "in", jobIds)
    .where("claim_token", "=", token)
    .returning("job_id")
    .execute();
  return rows.map((row) => row.job_id);
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
