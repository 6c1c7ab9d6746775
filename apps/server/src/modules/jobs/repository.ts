import { type ExpressionBuilder, type QueryCreator, type Selectable, sql } from "kysely";
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
 * What a claim takes: jobs of `kinds`, due by `dueBy` (by default `now`) and held by no runner at
 * `now`, at most `limit` of them (or the one `jobId`), held until `lockedUntil` under `token`.
 */
export interface JobClaim {
  kinds: string[];
  now: string;
  dueBy?: string;
  lockedUntil: string;
  token: string;
  limit: number;
  jobId?: number;
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
export async function claimJobs(db: Executor, dialect: Dialect, claim: JobClaim): Promise<JobRow[]> {
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
 * after the request that queued it). Found by its key on both databases (dueJobs), so a claim
 * costs the same however long the queue is. Built once per dialect.
 */
const claimOneOn = (dialect: Dialect) =>
  prepared((db, token: string, lockedUntil: string, kind: string, now: string, jobId: number) =>
    claimQuery(db, dialect, { kinds: [kind], now, lockedUntil, token, limit: 1, jobId }),
  );
const claimOne = { postgres: claimOneOn("postgres"), sqlite: claimOneOn("sqlite") };

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

/** claimOneDone's update without what it returns. */
function claimOneDoneUpdate(
  db: QueryCreator<Database>,
  dialect: Dialect,
  claim: { kind: string; now: string; jobId: number },
) {
  return dueJobs(db, dialect, { kinds: [claim.kind], now: claim.now, limit: 1, jobId: claim.jobId }).set((eb) => ({
    ...doneOnClaim(claim.now),
    attempts: eb("attempts", "+", 1),
  }));
}

const claimOneDoneOn = (dialect: Dialect) =>
  prepared((db, now: string, kind: string, jobId: number) =>
    claimOneDoneUpdate(db, dialect, { kind, now, jobId }).returning(JOB_COLUMNS),
  );
const claimOneDoneQuery = { postgres: claimOneDoneOn("postgres"), sqlite: claimOneDoneOn("sqlite") };

/** The statement that claims jobs (claimJobs), unsent: the tests read PostgreSQL's and SQLite's plans of it. */
export function claimQuery(db: Executor, dialect: Dialect, claim: JobClaim) {
  return dueJobs(db, dialect, claim)
    .set((eb) => ({
      claim_token: claim.token,
      locked_until: claim.lockedUntil,
      attempts: eb("attempts", "+", 1),
    }))
    .returning(JOB_COLUMNS);
}

/**
 * An update of the due, unheld jobs of these kinds, oldest first, up to `limit`: the first of the
 * queue's index (state, run_at, job_id) that qualify. Or of the one job `jobId`, if it qualifies.
 *
 * PostgreSQL plans these statements from the table's statistics, which lag behind the queue: a rush
 * queues thousands of mails within the minute before autovacuum looks again. So they are written to
 * leave it no plan that walks the whole queue for each claim: the jobs to claim are picked once, as an
 * array (a claim written `job_id in (…)` was planned, on statistics taken of an empty table, as a
 * loop running the pick again for every job: 32 s for one claim of a queue of 12,000), and a job
 * claimed by its id is looked up by its key (PostgreSQL went through the queue's index instead, past
 * every job queued before it: 0.4–3.4 ms for each new order's mails in a rush). The runner keeps the
 * statistics current while the queue is long (refreshQueueStatistics). docs/performance.md, 2026-12-03.
 */
function dueJobs(db: QueryCreator<Database>, dialect: Dialect, claim: Omit<JobClaim, "lockedUntil" | "token">) {
  const jobs = db.updateTable("jobs");
  const { jobId } = claim;
  if (jobId !== undefined) {
    // PostgreSQL: the row locked by its key alone, skipped if another runner holds it, and the due
    // conditions tested as one, which no index serves, so that the row is found by its key: with them
    // as they are, PostgreSQL used the queue's index, whose third column is the key.
    if (dialect === "postgres") {
      return jobs
        .where("job_id", "=", jobId)
        .where("job_id", "in", (eb) =>
          eb.selectFrom("jobs").select("job_id").where("job_id", "=", jobId).forUpdate().skipLocked(),
        )
        .where((eb) => sql<boolean>`(${isDue(eb, claim)}) is true`);
    }
    return jobs.where("job_id", "=", jobId).where((eb) => isDue(eb, claim));
  }
  const oldest = db
    .selectFrom("jobs")
    .select("job_id")
    .where((eb) => isDue(eb, claim))
    .orderBy("run_at")
    .orderBy("job_id")
    .limit(claim.limit);
  return dialect === "postgres"
    ? jobs.where(sql<boolean>`${sql.ref("job_id")} = any(array(${oldest.forUpdate().skipLocked()}))`)
    : jobs.where("job_id", "in", oldest);
}

/**
 * A job of these kinds that is queued, due by `dueBy` (by default `now`) and held by no runner at
 * `now`.
 */
function isDue(eb: ExpressionBuilder<Database, "jobs">, claim: Pick<JobClaim, "kinds" | "now" | "dueBy">) {
  return eb.and([
    eb("state", "=", "queued"),
    eb("kind", "in", claim.kinds),
    eb("run_at", "<=", claim.dueBy ?? claim.now),
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", claim.now)]),
  ]);
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

/**
 * PostgreSQL: takes the jobs table's statistics afresh (ANALYZE), from which it plans the claims.
 * Taking no lock that writers wait for, it samples at most 30,000 rows (a few tens of milliseconds).
 */
export async function analyzeJobs(db: Executor) {
  await sql`analyze jobs`.execute(db);
}
