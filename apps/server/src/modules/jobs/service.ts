import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { DAY, HOUR, isoIn, MINUTE, now, SECOND } from "../../lib/time.js";
import * as repo from "./repository.js";

/**
 * One kind of work the runner knows (docs/decisions/0013). `run` must tolerate running again after
 * a runner died mid-way: a job is claimed once at a time, but a claim whose lease ran out is taken
 * again.
 */
export interface JobKind<P = unknown, R = unknown, K = unknown> {
  kind: string;
  /**
   * What every job of the kind reads, whatever its payload, read before its transaction opens and
   * on the shop's database itself: settings kept in memory (db/kept-reads.ts), which a read inside
   * the transaction would fetch again each time. Runs again with each try; handed to `run`.
   */
  prepare?(ctx: AppContext): Promise<R>;
  /**
   * What each job reads for itself, read for all the jobs of the kind that one claim took, in one
   * statement before the first of them runs (a claim of ten mails: one read, not ten). Answers one
   * value per payload, in their order; `run` gets its job's as `known`. A job run on its own, or
   * once its claim has spent half its lease, gets none and reads it itself. For kinds that are
   * neither transactional nor recurring.
   */
  readForClaim?(ctx: AppContext, payloads: P[]): Promise<K[]>;
  /**
   * For kinds whose jobs may run side by side: the jobs of one claim in different lanes run at the
   * same time (LANES_AT_ONCE at most), those of one lane one after another in the claim's order. A
   * mail's lane is its reader and what it is about, so a rush's mails do not wait for each other's
   * mail server round trips, and one reader's mails about one order still leave in the order they
   * were written (docs/decisions/0036). Jobs of kinds without it, or for which it answers undefined,
   * share one lane, one after another, as every job ran before.
   */
  laneOf?(payload: P, known: K | undefined): string | undefined;
  run(ctx: AppContext, payload: P, prepared?: R, known?: K): Promise<void>;
  /** Tries before the job is given up (state "failed"); recurring jobs are never given up. */
  maxAttempts: number;
  /** The wait before try n + 1 after try n failed; growing, so a broken mail server is not hammered. */
  backoffMs?: (attempts: number) => number;
  /** Set for a job that runs on its own every so often, at multiples of this since the epoch. */
  everyMs?: number;
  /**
   * `run` gets a context whose `db` is one transaction that also finishes the job: what the job
   * writes exists exactly when the job is done, so a runner that dies or loses its claim mid-way
   * leaves nothing behind, and the job's next run cannot write it twice. For jobs that only write
   * to the database (never a mail server or a file: the transaction would wait for them).
   */
  transactional?: boolean;
}

export interface JobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const quiet: JobLog = { error: () => {}, warn: () => {} };

/** Longer than any job runs (the mailer gives up on a silent server within two minutes). */
export const LEASE_MS = 5 * MINUTE;

/** 30 s, 1 min, 2 min, … doubling up to an hour. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30 * SECOND * 2 ** Math.max(0, attempts - 1), HOUR);
}

/** How many due jobs one claim takes; the rest wait for the next claim of the same round. */
const CLAIM_BATCH = 10;

/**
 * How many lanes of a claim run at once (JobKind.laneOf): as many as the mailer keeps connections to
 * the mail server (lib/mailer.ts), and few enough that a rush's orders keep their share of the
 * database's connections.
 */
export const LANES_AT_ONCE = 5;

/**
 * Queues a job in the caller's transaction, so it exists exactly when what caused it was written.
 * It runs at `runAt` (now when left out) or at the runner's first round after that.
 */
export async function enqueueJob<P>(db: Executor, kind: JobKind<P>, payload: P, runAt: Date = now()): Promise<number> {
  const [jobId] = await enqueueJobs(db, kind, [payload], runAt);
  return jobId as number;
}

/** Queues one job of `kind` for each payload, in one statement; answers their ids, in no particular order. */
export function enqueueJobs<P>(db: Executor, kind: JobKind<P>, payloads: P[], runAt: Date = now()): Promise<number[]> {
  const createdAt = now().toISOString();
  return repo.insertJobs(
    db,
    payloads.map((payload) => newJob(kind, payload, runAt, createdAt)),
  );
}

/**
 * The row enqueueJob writes, for a statement that writes it along with others (a new order's on
 * PostgreSQL, modules/orders/repository.ts).
 */
export function newJob<P>(
  kind: JobKind<P>,
  payload: P,
  runAt: Date = now(),
  createdAt = now().toISOString(),
): repo.NewJob {
  return { ...jobTimes(kind, runAt, createdAt), payload: JSON.stringify(payload) };
}

function jobTimes(kind: Pick<JobKind, "kind" | "maxAttempts">, runAt: Date, createdAt: string) {
  return { kind: kind.kind, run_at: runAt.toISOString(), max_attempts: kind.maxAttempts, created_at: createdAt };
}

/** The next multiple of `everyMs` after `at`, so every process agrees on a recurring job's times. */
export function nextSlot(at: Date, everyMs: number): Date {
  return new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
}

/** Creates the one row of each recurring kind unless some runner already has; it is due at once. */
async function ensureRecurring(ctx: AppContext, kinds: JobKind[]) {
  const at = now().toISOString();
  for (const kind of kinds) {
    if (kind.everyMs === undefined) continue;
    await repo.ensureUniqueJob(ctx.db, {
      kind: kind.kind,
      unique_key: kind.kind,
      run_at: at,
      max_attempts: kind.maxAttempts,
      created_at: at,
    });
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/** Thrown inside a transactional job's transaction when its claim is no longer the job's: all is rolled back. */
class ClaimLost extends Error {}

/** Runs a transactional job and finishes it in the same transaction; false when its claim was lost. */
async function runInTransaction(ctx: AppContext, kind: JobKind, job: repo.JobRow, token: string): Promise<boolean> {
  try {
    const prepared = await kind.prepare?.(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      await kind.run({ ...ctx, db: trx }, JSON.parse(job.payload), prepared);
      if (!(await repo.finishJob(trx, job.job_id, token, now().toISOString()))) throw new ClaimLost();
    });
    return true;
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
}

const leaseLost = (log: JobLog, job: repo.JobRow) =>
  log.warn({ jobId: job.job_id, kind: job.kind }, "job outlived its lease: another runner has taken it");

/**
 * Runs one claimed job and records what became of it, unless its claim was lost meanwhile. With
 * `finishLater`, a one-off job that is not transactional and succeeds is left for the caller to
 * finish together with the rest of its claim (runJobs): "done" is then written once per claim
 * instead of once per job. A job that fails is recorded at once either way.
 */
async function runClaimed(
  ctx: AppContext,
  kind: JobKind,
  job: repo.JobRow,
  log: JobLog,
  finishLater?: repo.JobRow[],
  known?: unknown,
) {
  const token = job.claim_token as string;
  let recorded: boolean;
  let ok = true;
  try {
    if (kind.transactional && kind.everyMs === undefined) {
      recorded = await runInTransaction(ctx, kind, job, token);
    } else {
      await kind.run(ctx, JSON.parse(job.payload), await kind.prepare?.(ctx), known);
      const at = now();
      if (kind.everyMs !== undefined) {
        recorded = await repo.rescheduleJob(ctx.db, job.job_id, token, nextSlot(at, kind.everyMs).toISOString());
      } else if (finishLater) {
        finishLater.push(job);
        recorded = true;
      } else {
        recorded = await repo.finishJob(ctx.db, job.job_id, token, at.toISOString());
      }
    }
  } catch (error) {
    ok = false;
    recorded = await recordFailure(ctx, kind, job, error, log);
  }
  if (!recorded) leaseLost(log, job);
  return ok;
}

/**
 * Writes "done" for the jobs of one claim that ran, in one statement. A runner that stops before
 * it leaves them claimed: they run again once their lease is out, as a job whose runner died
 * between its work and its "done" always has (JobKind.run tolerates that; a mail already sent is
 * not sent again).
 */
async function finishRun(ctx: AppContext, ran: repo.JobRow[], log: JobLog) {
  const [first] = ran;
  if (!first) return;
  const finished = new Set(
    await repo.finishJobs(
      ctx.db,
      ran.map((job) => job.job_id),
      first.claim_token as string,
      now().toISOString(),
    ),
  );
  for (const job of ran) if (!finished.has(job.job_id)) leaseLost(log, job);
}

/** A claimed job's failed try: retried after its backoff, or given up after its last try. */
async function recordFailure(ctx: AppContext, kind: JobKind, job: repo.JobRow, error: unknown, log: JobLog) {
  const token = job.claim_token as string;
  const at = now();
  const message = errorText(error);
  const retryAt = at.getTime() + (kind.backoffMs ?? defaultBackoffMs)(job.attempts);
  const givenUp = kind.everyMs === undefined && job.attempts >= job.max_attempts;
  let recorded: boolean;
  if (givenUp) {
    recorded = await repo.failJob(ctx.db, job.job_id, token, at.toISOString(), message);
  } else {
    // A recurring job is retried no later than its next time, and never given up.
    const next = kind.everyMs === undefined ? retryAt : Math.min(retryAt, nextSlot(at, kind.everyMs).getTime());
    recorded = await repo.retryJob(ctx.db, job.job_id, token, new Date(next).toISOString(), message);
  }
  log.error({ err: error, jobId: job.job_id, kind: job.kind, attempts: job.attempts, givenUp }, "job failed");
  return recorded;
}

function claim(ctx: AppContext, kinds: JobKind[], jobId?: number, dueBy?: Date) {
  const at = now();
  return repo.claimJobs(ctx.db, ctx.dialect, {
    kinds: kinds.map((k) => k.kind),
    now: at.toISOString(),
    dueBy: dueBy?.toISOString(),
    lockedUntil: isoIn(LEASE_MS, at),
    token: randomUUID(),
    limit: jobId === undefined ? CLAIM_BATCH : 1,
    jobId,
  });
}

export interface RunOptions {
  /**
   * Asked before each claim: only jobs due by then are claimed (by default every job due now). The
   * runner puts a job off with it while shoppers keep the shop busy (runner.ts).
   */
  dueBy?: () => Date | undefined;
}

export interface RunResult {
  succeeded: number;
  failed: number;
}

/**
 * What the claimed jobs' kinds read for them together (JobKind.readForClaim), by job id. A read that
 * fails leaves its jobs to read for themselves, each try then counted and retried on its own.
 */
async function readForClaim(
  ctx: AppContext,
  byKind: Map<string, JobKind>,
  claimed: repo.JobRow[],
): Promise<Map<number, unknown>> {
  const known = new Map<number, unknown>();
  for (const [name, kind] of byKind) {
    if (!kind.readForClaim) continue;
    const jobs = claimed.filter((job) => job.kind === name);
    if (jobs.length === 0) continue;
    const payloads = jobs.map((job) => JSON.parse(job.payload));
    const values = await kind.readForClaim(ctx, payloads).catch(() => null);
    if (!values) continue;
    for (const [i, job] of jobs.entries()) known.set(job.job_id, values[i]);
  }
  return known;
}

/**
 * The claim's jobs in lanes (JobKind.laneOf), each lane in the claim's order; the jobs of kinds
 * without lanes share the first.
 */
function lanesOf(byKind: Map<string, JobKind>, claimed: repo.JobRow[], known: Map<number, unknown>) {
  const shared: repo.JobRow[] = [];
  const lanes = new Map<string, repo.JobRow[]>();
  for (const job of claimed) {
    const kind = byKind.get(job.kind) as JobKind;
    const lane = kind.laneOf?.(JSON.parse(job.payload), known.get(job.job_id));
    const own = lane === undefined ? shared : lanes.get(lane);
    if (own) own.push(job);
    else lanes.set(lane as string, [job]);
  }
  return shared.length > 0 ? [shared, ...lanes.values()] : [...lanes.values()];
}

/**
 * How often at most a runner has PostgreSQL take the queue's statistics afresh while the queue is
 * longer than a claim. Autovacuum takes them once a minute at best, and only after a tenth of the
 * table has changed; a rush queues thousands of mails before that, and a claim planned on
 * statistics of a few jobs sorts the whole queue to find the oldest ten (repository, dueJobs).
 */
export const QUEUE_STATISTICS_EVERY_MS = MINUTE;

/** When each shop database's queue statistics were last taken by this process, by the shop's clock. */
const statisticsTaken = new WeakMap<object, number>();

/** PostgreSQL: the queue's statistics taken afresh, unless this process did so within the last minute. */
async function refreshQueueStatistics(ctx: AppContext, log: JobLog) {
  if (ctx.dialect !== "postgres") return;
  const at = now().getTime();
  const last = statisticsTaken.get(ctx.db);
  // A clock set back by a test counts as a minute gone.
  if (last !== undefined && at >= last && at - last < QUEUE_STATISTICS_EVERY_MS) return;
  statisticsTaken.set(ctx.db, at);
  await repo.analyzeJobs(ctx.db).catch((error) => log.warn({ err: error }, "the queue's statistics were not taken"));
}

/**
 * Runs every job of these kinds that is due now, until none is left, and returns how many ran: a
 * claim at a time, its jobs one after another but for those in lanes of their own (JobKind.laneOf).
 * Jobs of other kinds are left to runners that know them. Reads the time only through lib/time.ts,
 * so tests move the clock and call this instead of waiting.
 */
export async function runJobs(
  ctx: AppContext,
  kinds: JobKind[],
  log: JobLog = quiet,
  options: RunOptions = {},
): Promise<RunResult> {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const result: RunResult = { succeeded: 0, failed: 0 };
  await ensureRecurring(ctx, kinds);
  for (;;) {
    const claimed = await claim(ctx, kinds, undefined, options.dueBy?.());
    if (claimed.length === 0) return result;
    // A full claim: the queue is longer than one, maybe a rush that its statistics have not seen.
    if (claimed.length === CLAIM_BATCH) await refreshQueueStatistics(ctx, log);
    // The claim's jobs that ran are finished together after it (a queue of mails: one write, not ten),
    // or as soon as half its lease is spent: slow jobs after them (a mail server taking its time)
    // must not let the lease of jobs already done run out, or another runner would run them again.
    const flushAt = now().getTime() + LEASE_MS / 2;
    const known = await readForClaim(ctx, byKind, claimed);
    const ran: repo.JobRow[] = [];
    const runLane = async (lane: repo.JobRow[]) => {
      for (const job of lane) {
        const late = now().getTime() >= flushAt;
        if (ran.length > 0 && late) await finishRun(ctx, ran.splice(0), log);
        // Past half the lease what was read for the claim may be stale: another runner could have
        // taken a job whose lease ran out. The job then reads for itself, as when run alone.
        const read = late ? undefined : known.get(job.job_id);
        const ok = await runClaimed(ctx, byKind.get(job.kind) as JobKind, job, log, ran, read);
        result[ok ? "succeeded" : "failed"] += 1;
      }
    };
    const lanes = lanesOf(byKind, claimed, known);
    const runNextLanes = async () => {
      for (let lane = lanes.shift(); lane; lane = lanes.shift()) await runLane(lane);
    };
    // Every lane is run to its end before the claim is finished, even when one of them fails.
    const ends = await Promise.allSettled(Array.from({ length: Math.min(LANES_AT_ONCE, lanes.length) }, runNextLanes));
    await finishRun(ctx, ran, log);
    for (const end of ends) if (end.status === "rejected") throw end.reason;
  }
}

/**
 * Runs one queued job now if it is due and nobody holds it (a mail right after the request that
 * queued it); otherwise leaves it to the runner. True when it ran and succeeded.
 */
export async function runJobNow<P>(
  ctx: AppContext,
  kind: JobKind<P>,
  jobId: number,
  log: JobLog = quiet,
): Promise<boolean> {
  if (kind.transactional && kind.everyMs === undefined) {
    // Claimed, run and finished in one transaction: one commit, no lease to write first.
    try {
      return await claimAndRunInTransaction(ctx, kind, jobId);
    } catch (error) {
      // Nothing of the try is left: it is counted and recorded as the runner records one (claimed,
      // then retried after its backoff), without running it again now.
      const [job] = await claim(ctx, [kind], jobId);
      if (job && !(await recordFailure(ctx, kind, job, error, log))) {
        log.warn({ jobId, kind: kind.kind }, "job outlived its lease: another runner has taken it");
      }
      return false;
    }
  }
  const [job] = await claim(ctx, [kind], jobId);
  return job ? runClaimed(ctx, kind, job, log) : false;
}

/**
 * A due transactional job run at once inside the transaction that claims it: its claim, what it
 * writes and its end commit together or not at all. PostgreSQL keeps the claimed row locked until
 * then, so a runner claiming meanwhile skips it (SKIP LOCKED); SQLite runs one writer at a time.
 * False when the job is not due or another runner holds it.
 */
async function claimAndRunInTransaction(ctx: AppContext, kind: JobKind, jobId: number): Promise<boolean> {
  // Prepared before the claim: what kinds prepare is kept in memory, and costs nothing when the job
  // turns out to be held by another runner.
  const prepared = await kind.prepare?.(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    // Claimed and marked done in one statement; a failing run rolls both back.
    const job = await repo.claimOneDone(trx, ctx.dialect, { kind: kind.kind, now: now().toISOString(), jobId });
    if (!job) return false;
    await kind.run({ ...ctx, db: trx }, JSON.parse(job.payload), prepared);
    return true;
  });
}

/** Finished jobs are kept a week and jobs given up a month, for looking into what went wrong. */
export function pruneFinishedJobs(ctx: AppContext, at: Date = now()) {
  return repo.deleteFinishedJobs(ctx.db, isoIn(-7 * DAY, at), isoIn(-30 * DAY, at));
}
