import type { Kysely } from "kysely";
import { type ConnectionUse, connectionUse } from "../../db/connection.js";
import type { Database, Executor } from "../../db/database.js";

/** Jobs of one kind still queued (and of those, how many failed their last try) and given up. */
export async function jobCounts(db: Executor, kind: string) {
  const rows = await db
    .selectFrom("jobs")
    .select((eb) => [
      "state",
      eb.fn.countAll<number>().as("jobs"),
      eb.fn.count<number>("last_error").as("failed_tries"),
    ])
    .where("kind", "=", kind)
    .where("state", "in", ["queued", "failed"])
    .groupBy("state")
    .execute();
  const queued = rows.find((r) => r.state === "queued");
  return {
    queued: Number(queued?.jobs ?? 0),
    retrying: Number(queued?.failed_tries ?? 0),
    failed: Number(rows.find((r) => r.state === "failed")?.jobs ?? 0),
  };
}

/** When the oldest job that is due and held by no runner was due, or null when none waits. */
export async function oldestWaitingJob(db: Executor, now: string): Promise<string | null> {
  const row = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.min("run_at").as("due"))
    .where("state", "=", "queued")
    .where("run_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .executeTakeFirst();
  return row?.due ?? null;
}

export function connections(db: Kysely<Database>): ConnectionUse | undefined {
  return connectionUse(db);
}
