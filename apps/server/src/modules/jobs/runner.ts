import type { AppContext } from "../../context.js";
import { SECOND } from "../../lib/time.js";
import { sendMailJob } from "../mail/service.js";
import { paymentReminderJob, yearReminderJob } from "../notifications/reminders.js";
import { orderMailJob } from "../notifications/service.js";
import { expireUnpaidJob } from "../payments/service.js";
import { photoCopiesJob } from "../products/photo-copies.js";
import { pruneJob } from "./prune.js";
import { type JobKind, type JobLog, type RunResult, runJobs } from "./service.js";

/** Every kind of job the shop runs; a new kind is added here. */
export const SHOP_JOBS: JobKind[] = [
  sendMailJob,
  orderMailJob,
  pruneJob,
  expireUnpaidJob,
  yearReminderJob,
  paymentReminderJob,
  photoCopiesJob,
];

/** How often a runner looks for due jobs: a recurring "every minute" job runs within this of its time. */
export const POLL_MS = 5 * SECOND;

/** Runs every due job of the shop now: what each round of the runner does, and what tests call. */
export function runDueJobs(ctx: AppContext, log?: JobLog): Promise<RunResult> {
  return runJobs(ctx, SHOP_JOBS, log);
}

export interface JobRunner {
  /** Lets the round in progress finish and starts no other. */
  stop(): Promise<void>;
}

/**
 * Runs due jobs every POLL_MS in this process. Several processes may each run one on the same
 * database: claims keep every job to one of them. A round that fails (the database is away) is
 * logged and the next round tries again.
 */
export function startJobRunner(ctx: AppContext, log: JobLog, pollMs = POLL_MS): JobRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = runDueJobs(ctx, log)
      .then(
        () => {},
        (error) => log.error({ err: error }, "job round failed"),
      )
      .finally(() => {
        // Unreferenced: a pending round never keeps a process alive that is otherwise done.
        if (!stopped) timer = setTimeout(tick, pollMs).unref();
      });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
