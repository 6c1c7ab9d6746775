import type { AppContext } from "../../context.js";
import { MINUTE, now, SECOND } from "../../lib/time.js";
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

/**
 * How long a job may be put off while shoppers keep the shop busy (startJobRunner's `busy`): past
 * it, the job runs in the rush all the same. A new order's confirmation reaches the shopper within
 * about a minute either way.
 */
export const BUSY_WAIT_MS = MINUTE;

/**
 * Runs every due job of the shop now: what each round of the runner does, and what tests call. With
 * `busy` true (asked before each claim), only jobs due BUSY_WAIT_MS ago or earlier are run.
 */
export function runDueJobs(ctx: AppContext, log?: JobLog, busy?: () => boolean): Promise<RunResult> {
  return runJobs(ctx, SHOP_JOBS, log, {
    dueBy: busy && (() => (busy() ? new Date(now().getTime() - BUSY_WAIT_MS) : undefined)),
  });
}

export interface JobRunner {
  /** Lets the round in progress finish and starts no other. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  pollMs?: number;
  /**
   * Whether shoppers keep this process busy now (lib/request-load.ts). While they do, the runner
   * puts jobs off, up to BUSY_WAIT_MS each: sending an order's two mails costs about as much of the
   * process's one thread as placing the order (docs/decisions/0040), and a rush's shoppers wait for their answers,
   * not for their mails.
   */
  busy?: () => boolean;
}

/**
 * Runs due jobs every POLL_MS in this process. Several processes may each run one on the same
 * database: claims keep every job to one of them. A round that fails (the database is away) is
 * logged and the next round tries again.
 */
export function startJobRunner(ctx: AppContext, log: JobLog, options: JobRunnerOptions = {}): JobRunner {
  const { pollMs = POLL_MS, busy } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = runDueJobs(ctx, log, busy)
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
