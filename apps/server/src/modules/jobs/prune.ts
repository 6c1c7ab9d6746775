import { HOUR } from "../../lib/time.js";
import { pruneExpired } from "../accounts/service.js";
import { pruneMails } from "../mail/service.js";
import { type JobKind, pruneFinishedJobs } from "./service.js";

/**
 * Hourly: deletes expired sessions, reset links and throttles (writes sweep them too, but only
 * while someone writes), mails older than a month and finished jobs.
 */
export const pruneJob: JobKind<unknown> = {
  kind: "prune",
  maxAttempts: 3,
  everyMs: HOUR,
  async run(ctx) {
    await pruneExpired(ctx);
    await pruneMails(ctx);
    await pruneFinishedJobs(ctx);
  },
};
