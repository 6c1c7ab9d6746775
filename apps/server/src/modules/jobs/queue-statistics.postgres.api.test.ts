import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeShop, openShopOnClock, type TestShop } from "../../../test/harness.js";
import { SECOND } from "../../lib/time.js";
import { enqueueJobs, type JobKind, QUEUE_STATISTICS_EVERY_MS, runJobs } from "./service.js";

let shop: TestShop;
let at = Date.parse("2026-12-03T02:00:00.000Z");
let ran = 0;
const kind: JobKind<{ n: number }> = {
  kind: "test.statistics",
  maxAttempts: 3,
  run: async () => {
    ran += 1;
  },
};

beforeAll(async () => {
  shop = await openShopOnClock(() => at);
});
afterAll(() => closeShop(shop));

/** How many times the jobs table's statistics have been taken (ANALYZE, by anyone). */
async function statisticsTaken(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select analyze_count as n from pg_stat_user_tables where relname = 'jobs'`.execute(shop.ctx.db);
  return Number(rows[0]?.n);
}

async function runQueueOf(count: number) {
  ran = 0;
  const payloads = Array.from({ length: count }, (_, n) => ({ n }));
  await enqueueJobs(shop.ctx.db, kind, payloads, new Date(at));
  await runJobs(shop.ctx, [kind]);
  expect(ran).toBe(count);
}

describe("the queue's statistics on PostgreSQL", () => {
  it("are taken afresh by a runner that finds the queue longer than a claim, once a minute at most", async () => {
    const before = await statisticsTaken();
    await runQueueOf(5);
    expect(await statisticsTaken(), "a queue that fits in a claim").toBe(before);

    await runQueueOf(25);
    expect(await statisticsTaken(), "a queue of 25").toBe(before + 1);

    at += 30 * SECOND;
    await runQueueOf(25);
    expect(await statisticsTaken(), "again within the minute").toBe(before + 1);

    at += QUEUE_STATISTICS_EVERY_MS;
    await runQueueOf(25);
    expect(await statisticsTaken(), "a minute later").toBe(before + 2);
  });
});
