import { Gauge, type Registry } from "prom-client";
import type { AppContext } from "../../context.js";
import { now } from "../../lib/time.js";
import { databaseAnswers } from "../health/service.js";
import { sendMailJob } from "../mail/service.js";
import * as repo from "./repository.js";

/** What the shop's database holds about its health, read afresh at every scrape. */
export interface ShopGauges {
  databaseUp: Gauge;
  mailQueued: Gauge;
  mailRetrying: Gauge;
  mailFailed: Gauge;
  jobLag: Gauge;
  connections: Gauge<"state">;
  waitingQueries: Gauge;
}

export function shopGauges(registry: Registry): ShopGauges {
  const registers = [registry];
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  return {
    databaseUp: gauge("florist_database_up", "1 while the database answers, 0 when it does not."),
    mailQueued: gauge("florist_mail_queue_depth", "Mails waiting to be sent, those waiting for a retry included."),
    mailRetrying: gauge("florist_mail_retrying", "Mails whose last try failed and which wait for the next."),
    mailFailed: gauge("florist_mail_failed", "Mails given up after their last try (kept until the hourly pruning)."),
    jobLag: gauge(
      "florist_job_lag_seconds",
      "How long the oldest due job has waited for a runner (mails, reminders, pruning); 0 when none waits.",
    ),
    connections: new Gauge({
      name: "florist_db_connections",
      help: "Database connections of this process: max (the pool's size), open and idle. SQLite: a writer and a reader.",
      labelNames: ["state"],
      registers,
    }),
    waitingQueries: gauge("florist_db_waiting_queries", "Queries of this process waiting for a free connection."),
  };
}

/**
 * Reads the mail queue, the job lag and the connections into the gauges. The queue and the jobs
 * are the database's, so every process reports the same values: alert on their max, not their sum.
 * With the database down, only florist_database_up (0) changes.
 */
export async function refreshShopGauges(ctx: AppContext, gauges: ShopGauges): Promise<void> {
  const use = repo.connections(ctx.db);
  if (use) {
    gauges.connections.set({ state: "max" }, use.max);
    gauges.connections.set({ state: "open" }, use.open);
    gauges.connections.set({ state: "idle" }, use.idle);
    gauges.waitingQueries.set(use.waiting);
  }
  const up = await databaseAnswers(ctx.db);
  gauges.databaseUp.set(up ? 1 : 0);
  if (!up) return;
  const at = now();
  const [mail, oldest] = await Promise.all([
    repo.jobCounts(ctx.db, sendMailJob.kind),
    repo.oldestWaitingJob(ctx.db, at.toISOString()),
  ]);
  gauges.mailQueued.set(mail.queued);
  gauges.mailRetrying.set(mail.retrying);
  gauges.mailFailed.set(mail.failed);
  gauges.jobLag.set(oldest === null ? 0 : Math.max(0, (at.getTime() - Date.parse(oldest)) / 1000));
}
