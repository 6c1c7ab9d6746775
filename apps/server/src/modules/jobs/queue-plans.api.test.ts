import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeShop, openShopOnClock, type TestShop } from "../../../test/harness.js";
import { isoIn, MINUTE } from "../../lib/time.js";
import { claimQuery } from "./repository.js";
import { enqueueJobs, type JobKind } from "./service.js";

/**
 * How the databases run the runner's claims with a rush queued that PostgreSQL's statistics have not
 * seen (docs/performance.md, 2026-12-03): a claim planned on a few jobs had sorted the whole queue for
 * every claim, or walked it to find one job by its id.
 */

let shop: TestShop;
const at = Date.parse("2026-12-03T02:00:00.000Z");
const rush: JobKind<{ n: number }> = { kind: "test.rush", maxAttempts: 3, run: async () => {} };
/** Kinds as a shop's runner claims them: every kind it knows, the rush's among them. */
const KINDS = ["mail.send", "order.mail", "prune", rush.kind];

const postgres = () => shop.ctx.dialect === "postgres";

/** Queues `count` jobs due a minute ago, in statements of 500. */
async function queue(count: number) {
  for (let from = 0; from < count; from += 500) {
    const payloads = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({ n: from + i }));
    await enqueueJobs(shop.ctx.db, rush, payloads, new Date(at - MINUTE));
  }
}

const claim = (jobId?: number) => ({
  kinds: jobId === undefined ? KINDS : [rush.kind],
  now: new Date(at).toISOString(),
  lockedUntil: isoIn(5 * MINUTE, new Date(at)),
  token: "plan",
  limit: jobId === undefined ? 10 : 1,
  jobId,
});

/** The plan the database runs a claim with, as text; on PostgreSQL run, and rolled back, to count its loops. */
async function planOf(jobId?: number): Promise<string> {
  if (postgres()) {
    return shop.ctx.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        const rows = await claimQuery(connection, "postgres", claim(jobId)).explain("text", sql`analyze`);
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
  }
  const statement = claimQuery(shop.ctx.db, "sqlite", claim(jobId)).compile();
  const { rows } = await shop.ctx.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  );
  return rows.map((row) => row.detail).join("\n");
}

beforeAll(async () => {
  shop = await openShopOnClock(() => at);
  // Statistics taken of a new shop's queue (a few jobs for later), then a rush of 3,000 queued.
  const later: JobKind<{ n: number }> = { ...rush, kind: "test.later" };
  await enqueueJobs(shop.ctx.db, later, [{ n: 1 }, { n: 2 }, { n: 3 }], new Date(at + MINUTE));
  if (postgres()) await sql`analyze jobs`.execute(shop.ctx.db);
  await queue(3000);
});
afterAll(() => closeShop(shop));

describe("the runner's claims with a rush queued that the statistics have not seen", () => {
  it("find a job claimed by its id by its key, not through the queue", async () => {
    const last = await shop.ctx.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.max("job_id").as("id"))
      .executeTakeFirstOrThrow();
    const plan = await planOf(Number(last.id));
    if (postgres()) {
      expect(plan).toMatch(/Index Scan using jobs_pkey on jobs \w+ .*\n\s+Index Cond: \(job_id = /);
      expect(plan).not.toContain("jobs_queue");
    } else {
      expect(plan).toMatch(/SEARCH jobs USING INTEGER PRIMARY KEY/);
    }
  });

  it("pick the oldest ten once, from the start of the queue's index", async () => {
    const plan = await planOf();
    if (postgres()) {
      // Picked once, before the update (an InitPlan), not again for each row the update looks at.
      expect(plan).toMatch(/InitPlan 1[\s\S]*LockRows +\(cost=[^)]*\) \(actual time=[^)]* loops=1\)/);
      expect(plan).toMatch(/Index Scan using jobs_queue on jobs/);
      expect(plan).not.toContain("Sort");
    } else {
      expect(plan).toMatch(/SEARCH jobs USING INDEX jobs_queue \(state=\? AND run_at<\?\)/);
      expect(plan).not.toContain("TEMP B-TREE");
    }
  });
});
