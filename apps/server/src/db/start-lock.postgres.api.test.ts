import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";
import { type Db, openDatabase } from "./connection.js";
import { oneStartAtATime, START_LOCK } from "./start-lock.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL only (vitest.config.ts): SQLite serves one process and takes no lock. */
describe("the start lock of processes on one PostgreSQL database", () => {
  let shop: TestShop;
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    shop = await createTestShop();
    first = openDatabase(shop.ctx.config.databaseUrl);
    second = openDatabase(shop.ctx.config.databaseUrl);
  });
  afterAll(async () => {
    await first.db.destroy();
    await second.db.destroy();
    await shop.close();
  });

  it("lets one process migrate and seed at a time: the second starts its work after the first has finished", async () => {
    const steps: string[] = [];
    const one = oneStartAtATime(first.db, "postgres", async () => {
      steps.push("first begins");
      await sleep(300);
      steps.push("first ends");
    });
    await sleep(50);
    const two = oneStartAtATime(second.db, "postgres", async () => {
      steps.push("second begins");
    });
    await Promise.all([one, two]);
    expect(steps).toEqual(["first begins", "first ends", "second begins"]);
  });

  it("is let go when the process holding it dies, so a crashed start never blocks the next", async () => {
    // A process that took the lock and then hung: its own connection, which the test can cut.
    const stuck = new pg.Client({ connectionString: shop.ctx.config.databaseUrl });
    stuck.on("error", () => {});
    await stuck.connect();
    await stuck.query("select pg_advisory_lock($1)", [START_LOCK]);
    const pid = (await stuck.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;

    let ran = false;
    const next = oneStartAtATime(first.db, "postgres", async () => {
      ran = true;
    });
    await sleep(300);
    expect(ran).toBe(false);
    // Its connection ends as it does when the process is killed.
    await sql`select pg_terminate_backend(${pid})`.execute(shop.ctx.db);
    await next;
    expect(ran).toBe(true);
    await stuck.end().catch(() => {});
  });
});
