import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeShop, openTwoProcesses, type TestShop } from "../../../test/harness.js";
import type { AppContext } from "../../context.js";
import { MINUTE, SECOND } from "../../lib/time.js";
import { enqueueJob, type JobKind, LEASE_MS, runJobNow, runJobs } from "./service.js";

let shop: TestShop;
/** A second process on the same database: its own connections, the same tables. */
let other: AppContext;
let at = Date.parse("2026-12-01T03:00:10.000Z");

beforeAll(async () => {
  ({ shop, other } = await openTwoProcesses(() => at));
});
afterAll(() => closeShop(shop, other));

function advance(ms: number) {
  at += ms;
}

let kinds = 0;
/** A job kind of this test alone, so no other test's runner touches its jobs. */
function testKind<P>(run: (ctx: AppContext, payload: P) => Promise<void>, options: Partial<JobKind<P>> = {}) {
  kinds += 1;
  return { kind: `test.${kinds}`, maxAttempts: 3, run, ...options } as JobKind<P>;
}

/**
 * A transactional kind that writes its note to settings (the value: which try it is) and throws after
 * writing on the first try when `failsFirst(note)` says so; `tries()` counts the tries since the start
 * or since `countAgain()`.
 */
function noteWritingKind(failsFirst: (note: string) => boolean) {
  let tries = 0;
  const kind = testKind<{ note: string }>(
    async (ctx, { note }) => {
      tries += 1;
      await ctx.db
        .insertInto("settings")
        .values({ key: note, value: String(tries) })
        .execute();
      if (failsFirst(note) && tries === 1) throw new Error("the first try fails after writing");
    },
    { transactional: true },
  );
  return {
    kind,
    tries: () => tries,
    countAgain: () => {
      tries = 0;
    },
  };
}

function jobRow(jobId: number) {
  return shop.ctx.db.selectFrom("jobs").selectAll().where("job_id", "=", jobId).executeTakeFirstOrThrow();
}

describe("a long queue (a rush's mails)", () => {
  it("runs oldest first, jobs due at the same moment in the order queued, in claims of ten", async () => {
    const ran: number[] = [];
    const kind = testKind<{ n: number }>(async (_ctx, { n }) => {
      ran.push(n);
    });
    const queued = 500;
    // Due times a millisecond apart, seven jobs each, queued in a shuffled order: the order queued
    // does not follow the due times, and most claims of ten hold jobs of two due times.
    const dueAt = (n: number) => new Date(at - queued + Math.floor(n / 7)).toISOString();
    const shuffled = Array.from({ length: queued }, (_, n) => n).sort(
      (a, b) => ((a * 7919) % queued) - ((b * 7919) % queued),
    );
    const written = await shop.ctx.db
      .insertInto("jobs")
      .values(
        shuffled.map((n) => ({
          kind: kind.kind,
          payload: JSON.stringify({ n }),
          run_at: dueAt(n),
          max_attempts: 3,
          created_at: new Date(at).toISOString(),
          state: "queued" as const,
          attempts: 0,
        })),
      )
      .returning(["job_id", "payload"])
      .execute();
    const idOf = new Map(written.map((row) => [(JSON.parse(row.payload) as { n: number }).n, row.job_id]));

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: queued, failed: 0 });
    const expected = [...shuffled].sort(
      (a, b) => dueAt(a).localeCompare(dueAt(b)) || (idOf.get(a) as number) - (idOf.get(b) as number),
    );
    expect(ran).toEqual(expected);
  });
});

describe("the job runner", () => {
  it("runs a claim's jobs of different lanes side by side, and those of one lane one after another in order", async () => {
    const events: string[] = [];
    const started = new Map<string, () => void>();
    const startOf = (name: string) => new Promise<void>((resolve) => started.set(name, resolve));
    const b1Started = startOf("b1");
    const kind = testKind<{ lane: string; n: number }>(
      async (_ctx, { lane, n }) => {
        const name = `${lane}${n}`;
        events.push(`start ${name}`);
        started.get(name)?.();
        // a1 ends only once b1 has started: one after another, a1 would wait for ever.
        if (name === "a1") {
          await Promise.race([
            b1Started,
            new Promise((_, reject) => setTimeout(() => reject(new Error("b1 waited for a1")), 5_000)),
          ]);
        }
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`end ${name}`);
      },
      { laneOf: ({ lane }) => lane },
    );
    const queued = [
      { lane: "a", n: 1 },
      { lane: "b", n: 1 },
      { lane: "a", n: 2 },
      { lane: "b", n: 2 },
      { lane: "a", n: 3 },
    ];
    const ids: number[] = [];
    for (const payload of queued) ids.push(await enqueueJob(shop.ctx.db, kind, payload));

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 5, failed: 0 });

    expect(events.indexOf("start b1")).toBeLessThan(events.indexOf("end a1"));
    for (const lane of ["a", "b"]) {
      const own = events.filter((event) => event.split(" ")[1]?.startsWith(lane));
      const expected = queued
        .filter((job) => job.lane === lane)
        .flatMap(({ n }) => [`start ${lane}${n}`, `end ${lane}${n}`]);
      expect(own).toEqual(expected);
    }
    for (const id of ids) expect((await jobRow(id)).state).toBe("done");
  });

  it("runs each job once when two processes claim the same jobs at the same time", async () => {
    const ran: number[] = [];
    const kind = testKind<{ n: number }>(async (_ctx, { n }) => {
      ran.push(n);
    });
    const ids: number[] = [];
    for (let n = 1; n <= 25; n++) ids.push(await enqueueJob(shop.ctx.db, kind, { n }));

    const [a, b] = await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);

    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(a.succeeded + b.succeeded).toBe(25);
    for (const id of ids) expect((await jobRow(id)).state).toBe("done");
    expect(await runJobs(other, [kind])).toEqual({ succeeded: 0, failed: 0 });
  });

  it("finishes the jobs of one claim that ran and retries the one that failed among them", async () => {
    const kind = testKind<{ n: number }>(async (_ctx, { n }) => {
      if (n === 2) throw new Error("the second one fails");
    });
    const ids: number[] = [];
    for (let n = 1; n <= 3; n++) ids.push(await enqueueJob(shop.ctx.db, kind, { n }));

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 2, failed: 1 });

    const [first, second, third] = await Promise.all(ids.map(jobRow));
    const finished = { state: "done", attempts: 1, claim_token: null, locked_until: null, last_error: null };
    expect(first).toMatchObject({ ...finished, finished_at: new Date(at).toISOString() });
    expect(third).toMatchObject({ ...finished, finished_at: new Date(at).toISOString() });
    expect(second).toMatchObject({
      state: "queued",
      attempts: 1,
      claim_token: null,
      last_error: "the second one fails",
    });
    expect(second?.run_at).toBe(new Date(at + 30 * SECOND).toISOString());
  });

  it("marks the jobs of a claim done before half its lease is spent, however slow the jobs after them", async () => {
    const seen: string[] = [];
    const ids: number[] = [];
    const kind = testKind<{ n: number }>(async (_ctx, { n }) => {
      if (n === 1) return;
      // A slow second job: by the time it starts the first one must already be done.
      seen.push((await jobRow(ids[0] as number)).state);
      advance(LEASE_MS / 2);
    });
    for (let n = 1; n <= 3; n++) ids.push(await enqueueJob(shop.ctx.db, kind, { n }));

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 3, failed: 0 });
    // Job 2 found job 1 still waiting for the claim's one write; job 3 (half a lease later) found it done.
    expect(seen).toEqual(["queued", "done"]);
    for (const id of ids) expect((await jobRow(id)).state).toBe("done");
  });

  it("waits until a job is due", async () => {
    let runs = 0;
    const kind = testKind(async () => {
      runs += 1;
    });
    await enqueueJob(shop.ctx.db, kind, {}, new Date(at + 10 * MINUTE));
    await runJobs(shop.ctx, [kind]);
    expect(runs).toBe(0);
    advance(10 * MINUTE);
    await runJobs(shop.ctx, [kind]);
    expect(runs).toBe(1);
  });

  it("retries a failing job after a growing wait and gives up after its last try", async () => {
    let tries = 0;
    const kind = testKind(
      async () => {
        tries += 1;
        throw new Error("mail server said no");
      },
      { maxAttempts: 3 },
    );
    const id = await enqueueJob(shop.ctx.db, kind, {});

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 0, failed: 1 });
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: "queued", attempts: 1, last_error: "mail server said no" });
    expect(row.run_at).toBe(new Date(at + 30 * SECOND).toISOString());

    advance(30 * SECOND - 1);
    await runJobs(shop.ctx, [kind]);
    expect(tries).toBe(1);
    advance(1);
    await runJobs(shop.ctx, [kind]);
    expect(tries).toBe(2);
    row = await jobRow(id);
    expect(row.run_at).toBe(new Date(at + MINUTE).toISOString());

    advance(MINUTE);
    await runJobs(other, [kind]);
    expect(tries).toBe(3);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: 3, last_error: "mail server said no" });
    expect(row.finished_at).toBe(new Date(at).toISOString());

    advance(24 * 60 * MINUTE);
    await runJobs(shop.ctx, [kind]);
    expect(tries).toBe(3);
  });

  it("keeps what a transactional job wrote exactly when it finished: nothing from a failed try, once in all", async () => {
    const { kind, tries } = noteWritingKind(() => true);
    const note = `transactional-${kinds}`;
    const id = await enqueueJob(shop.ctx.db, kind, { note });
    const written = () => shop.ctx.db.selectFrom("settings").select("value").where("key", "=", note).execute();

    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 0, failed: 1 });
    expect(await written()).toEqual([]);
    advance(30 * SECOND);
    await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);
    expect(await written()).toEqual([{ value: "2" }]);
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 2, claim_token: null });
    advance(LEASE_MS);
    await runJobs(other, [kind]);
    expect(tries()).toBe(2);
  });

  it("hands a transactional job what its kind prepared outside the transaction, by the runner and at once", async () => {
    const seen: { prepared: unknown; note: string }[] = [];
    let prepareFails = false;
    const kind: JobKind<{ note: string }, { outside: boolean }> = {
      ...testKind<{ note: string }>(async () => {}, { transactional: true }),
      async prepare(ctx) {
        if (prepareFails) throw new Error("the settings could not be read");
        return { outside: !ctx.db.isTransaction };
      },
      async run(ctx, { note }, prepared) {
        seen.push({ prepared, note });
        await ctx.db.insertInto("settings").values({ key: note, value: "written" }).execute();
      },
    };
    const note = `prepared-${kinds}`;
    const byRunner = await enqueueJob(shop.ctx.db, kind, { note: `${note}-runner` });
    expect(await runJobs(shop.ctx, [kind])).toEqual({ succeeded: 1, failed: 0 });
    const atOnce = await enqueueJob(shop.ctx.db, kind, { note: `${note}-now` });
    expect(await runJobNow(shop.ctx, kind, atOnce)).toBe(true);
    expect(seen).toEqual([
      { prepared: { outside: true }, note: `${note}-runner` },
      { prepared: { outside: true }, note: `${note}-now` },
    ]);
    expect(await jobRow(byRunner)).toMatchObject({ state: "done" });

    // A prepare that fails is a failed try like any other: nothing written, the job retried later.
    prepareFails = true;
    const failing = await enqueueJob(shop.ctx.db, kind, { note: `${note}-failing` });
    expect(await runJobNow(shop.ctx, kind, failing)).toBe(false);
    expect(await jobRow(failing)).toMatchObject({
      state: "queued",
      attempts: 1,
      last_error: "the settings could not be read",
    });
    prepareFails = false;
    advance(30 * SECOND);
    expect(await runJobs(other, [kind])).toEqual({ succeeded: 1, failed: 0 });
    const written = await shop.ctx.db
      .selectFrom("settings")
      .select("key")
      .where("key", "like", `${note}-%`)
      .orderBy("key")
      .execute();
    expect(written.map((row) => row.key)).toEqual([`${note}-failing`, `${note}-now`, `${note}-runner`]);
  });

  it("rolls back a transactional job whose lease ran out while it ran, and leaves the job to the runner that took it", async () => {
    const warnings: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runners: string[] = [];
    const note = `lease-${kinds + 1}`;
    const kind = testKind(
      async (ctx) => {
        const runner = runners.length === 0 ? "first" : "second";
        runners.push(runner);
        if (runner === "first") await held;
        await ctx.db
          .insertInto("settings")
          .values({ key: `${note}-${runner}`, value: runner })
          .execute();
      },
      { transactional: true },
    );
    const id = await enqueueJob(shop.ctx.db, kind, {});
    const first = runJobs(shop.ctx, [kind], { error: () => {}, warn: (_details, message) => warnings.push(message) });
    while (runners.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    advance(LEASE_MS);
    expect(await runJobs(other, [kind])).toEqual({ succeeded: 1, failed: 0 });
    release();
    await first;

    const rows = await shop.ctx.db.selectFrom("settings").select("value").where("key", "like", `${note}-%`).execute();
    expect(rows).toEqual([{ value: "second" }]);
    expect(await jobRow(id)).toMatchObject({ state: "done", attempts: 2 });
    expect(warnings).toEqual(["job outlived its lease: another runner has taken it"]);
  });

  it("gives a job held by a runner that stopped to another runner once the lease ends, and only then", async () => {
    const runners: string[] = [];
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const kind = testKind(async (ctx) => {
      runners.push(ctx === shop.ctx ? "first" : "second");
      if (ctx === shop.ctx) {
        started();
        await stuck;
      }
    });
    const id = await enqueueJob(shop.ctx.db, kind, {});

    const warnings: string[] = [];
    const first = runJobs(shop.ctx, [kind], { error: () => {}, warn: (_details, message) => warnings.push(message) });
    await running;
    advance(LEASE_MS - 1);
    expect(await runJobs(other, [kind])).toEqual({ succeeded: 0, failed: 0 });
    advance(1);
    expect(await runJobs(other, [kind])).toEqual({ succeeded: 1, failed: 0 });
    const done = await jobRow(id);
    expect(done).toMatchObject({ state: "done", attempts: 2, finished_at: new Date(at).toISOString() });

    // The first runner coming back late changes nothing: its claim is no longer the job's.
    advance(MINUTE);
    release();
    await first;
    expect(await jobRow(id)).toEqual(done);
    expect(runners).toEqual(["first", "second"]);
    expect(warnings).toEqual(["job outlived its lease: another runner has taken it"]);
  });

  it("keeps one row per recurring job and runs it once per period however many runners there are", async () => {
    let runs = 0;
    const kind = testKind(
      async () => {
        runs += 1;
      },
      { everyMs: MINUTE },
    );
    await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);
    await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);
    expect(runs).toBe(1);
    const rows = await shop.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", kind.kind).execute();
    expect(rows).toHaveLength(1);
    // Due again at the start of the next minute, whichever runner ran it.
    expect(rows[0]).toMatchObject({ state: "queued", unique_key: kind.kind, attempts: 0 });
    const nextMinute = new Date(at - (at % MINUTE) + MINUTE).toISOString();
    expect(rows[0]?.run_at).toBe(nextMinute);

    advance(MINUTE);
    await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);
    await Promise.all([runJobs(shop.ctx, [kind]), runJobs(other, [kind])]);
    expect(runs).toBe(2);
    expect(await shop.ctx.db.selectFrom("jobs").select("job_id").where("kind", "=", kind.kind).execute()).toHaveLength(
      1,
    );
  });

  it("retries a failing recurring job but never gives it up", async () => {
    let tries = 0;
    const kind = testKind(
      async () => {
        tries += 1;
        throw new Error("database away");
      },
      { everyMs: MINUTE, maxAttempts: 1 },
    );
    await runJobs(shop.ctx, [kind]);
    for (let i = 0; i < 3; i++) {
      advance(MINUTE);
      await runJobs(shop.ctx, [kind]);
    }
    expect(tries).toBe(4);
    const [row] = await shop.ctx.db.selectFrom("jobs").selectAll().where("kind", "=", kind.kind).execute();
    expect(row).toMatchObject({ state: "queued", last_error: "database away" });
  });

  it("runs a queued job at once by its id, only when it is due, not held and of its kind, and records a failure of that try", async () => {
    const { kind, countAgain } = noteWritingKind((note) => note.endsWith("fails"));
    const written = (note: string) =>
      shop.ctx.db.selectFrom("settings").select("value").where("key", "=", note).execute();

    const now = `now-${kinds}`;
    const due = await enqueueJob(shop.ctx.db, kind, { note: now });
    const otherKind = testKind(async () => {});
    expect(await runJobNow(shop.ctx, otherKind, due)).toBe(false);
    expect(await runJobNow(shop.ctx, kind, due)).toBe(true);
    expect(await runJobNow(other, kind, due)).toBe(false);
    expect(await jobRow(due)).toMatchObject({ state: "done", attempts: 1, claim_token: null });
    expect(await written(now)).toEqual([{ value: "1" }]);

    const later = await enqueueJob(shop.ctx.db, kind, { note: `later-${kinds}` }, new Date(at + MINUTE));
    expect(await runJobNow(shop.ctx, kind, later)).toBe(false);
    expect(await jobRow(later)).toMatchObject({ state: "queued", attempts: 0, claim_token: null });

    // Held by a runner whose lease has not ended: left alone.
    const held = await enqueueJob(shop.ctx.db, kind, { note: `held-${kinds}` });
    await shop.ctx.db
      .updateTable("jobs")
      .set({ claim_token: "another-runner", locked_until: new Date(at + MINUTE).toISOString(), attempts: 1 })
      .where("job_id", "=", held)
      .execute();
    expect(await runJobNow(shop.ctx, kind, held)).toBe(false);
    expect(await jobRow(held)).toMatchObject({ state: "queued", attempts: 1, claim_token: "another-runner" });

    // A failing try leaves nothing written and is counted once, with its error, for the runner to retry.
    countAgain();
    const fails = `${kinds}-fails`;
    const failing = await enqueueJob(shop.ctx.db, kind, { note: fails });
    expect(await runJobNow(shop.ctx, kind, failing)).toBe(false);
    expect(await written(fails)).toEqual([]);
    expect(await jobRow(failing)).toMatchObject({
      state: "queued",
      attempts: 1,
      claim_token: null,
      last_error: "the first try fails after writing",
    });
  });
});
