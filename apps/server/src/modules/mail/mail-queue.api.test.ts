import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/fixtures.js";
import {
  closeShop,
  createTestShop,
  createUser,
  lastMail,
  openTwoProcesses,
  type TestShop,
} from "../../../test/harness.js";
import type { AppContext } from "../../context.js";
import type { Mail } from "../../lib/mailer.js";
import { DAY, HOUR, MINUTE, SECOND } from "../../lib/time.js";
import { backgroundSettled } from "../accounts/service.js";
import { runDueJobs } from "../jobs/runner.js";
import { runJobs } from "../jobs/service.js";
import { queueMail, sendMailJob } from "./service.js";

let shop: TestShop;
/** Another process on the same database, as after a restart or beside this one. */
let other: AppContext;
let at = Date.parse("2026-12-01T03:00:00.000Z");

beforeAll(async () => {
  ({ shop, other } = await openTwoProcesses(() => at));
});
afterAll(() => closeShop(shop, other));

function advance(ms: number) {
  at += ms;
}

/** A mailer that records what it is given and can be told to refuse. */
function recordingMailer() {
  const sent: Mail[] = [];
  let refusing = false;
  return {
    sent,
    refuse(on: boolean) {
      refusing = on;
    },
    mailer: {
      async send(mail: Mail) {
        if (refusing) throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
        sent.push(mail);
      },
    },
  };
}

async function outboxFiles(): Promise<string[]> {
  return (await fs.readdir(path.join(shop.dataDir, "outbox")).catch(() => [] as string[])).sort();
}

function forgot(email: string) {
  return shop.app.inject({ method: "POST", url: "/api/users/forgotpassword", payload: { email } });
}

describe("the mail queue", () => {
  it("keeps a reset mail the mail server refused and sends it after a restart, once", async () => {
    const original = shop.ctx.mailer;
    const down = recordingMailer();
    down.refuse(true);
    shop.ctx.mailer = down.mailer;
    const user = await createUser(shop);
    try {
      const res = await forgot(user.email);
      expect(res.statusCode).toBe(200);
      await backgroundSettled();
    } finally {
      shop.ctx.mailer = original;
    }
    expect(down.sent).toEqual([]);
    const before = await outboxFiles();

    // The process that queued it is gone; a new one, whose mail server works, finds the mail waiting.
    const restarted = recordingMailer();
    const next = { ...other, mailer: restarted.mailer };
    await runDueJobs(next);
    expect(restarted.sent).toEqual([]);
    advance(30 * SECOND);
    await runDueJobs(next);
    expect(restarted.sent.map((m) => [m.to, m.subject])).toEqual([[user.email, "Reset your Bandung Florist password"]]);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(restarted.sent[0]?.text ?? "")?.[1] as string;
    const reset = await shop.app.inject({
      method: "PATCH",
      url: `/api/users/resetpassword/${token}`,
      payload: { newPassword: "Anggrek2026" },
    });
    expect(reset.statusCode).toBe(200);

    advance(HOUR);
    await runDueJobs(next);
    await runDueJobs(shop.ctx);
    expect(restarted.sent).toHaveLength(1);
    expect(await outboxFiles()).toEqual(before);
  });

  it("sends each mail once when two processes run the queue at the same time", async () => {
    const shared = recordingMailer();
    const addresses = Array.from({ length: 15 }, (_, i) => `guest${i}@example.com`);
    await shop.ctx.db.transaction().execute(async (trx) => {
      for (const to of addresses) await queueMail(trx, { to, subject: "Pesanan MB-001", text: "Terima kasih." });
    });
    await Promise.all([
      runDueJobs({ ...shop.ctx, mailer: shared.mailer }),
      runDueJobs({ ...other, mailer: shared.mailer }),
    ]);
    expect(shared.sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
  });

  it("reads a claim's mails in one statement: each further mail costs only its mark as sent", async () => {
    const sending = recordingMailer();
    const ctx = () => ({ ...shop.ctx, mailer: sending.mailer });
    await runJobs(ctx(), [sendMailJob]);
    const statementsToSend = async (count: number) => {
      const addresses = Array.from({ length: count }, (_, i) => `claim${count}-${i}@example.com`);
      await shop.ctx.db.transaction().execute(async (trx) => {
        for (const to of addresses) await queueMail(trx, { to, subject: "Pesanan MB-007", text: "Terima kasih." });
      });
      const statements = await countQueries(shop, () => runJobs(ctx(), [sendMailJob]));
      expect(sending.sent.filter((mail) => addresses.includes(mail.to)).map((mail) => mail.to)).toEqual(addresses);
      return statements;
    };
    const one = await statementsToSend(1);
    expect((await statementsToSend(4)) - one).toBe(3);
  });

  it("never sends a mail whose transaction rolled back", async () => {
    const watching = recordingMailer();
    await expect(
      shop.ctx.db.transaction().execute(async (trx) => {
        await queueMail(trx, { to: "rolled-back@example.com", subject: "Pesanan MB-002", text: "…" });
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    await runDueJobs({ ...shop.ctx, mailer: watching.mailer });
    expect(watching.sent).toEqual([]);
  });

  it("gives a mail up after its tenth try, about three hours after the first", async () => {
    const down = recordingMailer();
    down.refuse(true);
    const ctx = { ...shop.ctx, mailer: down.mailer };
    const queued = await queueMail(shop.ctx.db, { to: "nobody@example.com", subject: "Pesanan MB-003", text: "…" });
    const job = () =>
      shop.ctx.db.selectFrom("jobs").selectAll().where("job_id", "=", queued.jobId).executeTakeFirstOrThrow();
    const started = at;
    while ((await job()).state === "queued") {
      await runDueJobs(ctx);
      advance(MINUTE);
    }
    expect(await job()).toMatchObject({ state: "failed", attempts: 10 });
    expect(at - started).toBeGreaterThan(3 * HOUR);
    expect(at - started).toBeLessThan(4 * HOUR);
  });

  it("sends from MAIL_FROM", async () => {
    const branded = await createTestShop({ mailFrom: "Toko Bunga Bandung <halo@tokobunga.example>" });
    try {
      await queueMail(branded.ctx.db, { to: "pembeli@example.com", subject: "Pesanan MB-004", text: "Halo" });
      await runDueJobs(branded.ctx);
      const mail = await lastMail(branded);
      expect(mail).toContain("From: Toko Bunga Bandung <halo@tokobunga.example>");
      expect(mail).toContain("To: pembeli@example.com");
    } finally {
      await branded.close();
    }
  });
});

describe("the prune job", () => {
  it("deletes expired sessions, reset links and throttles and month-old mails, and keeps what is current", async () => {
    await queueMail(shop.ctx.db, { to: "old@example.com", subject: "Pesanan MB-005", text: "…" });
    await runDueJobs(shop.ctx);
    // A month later; the hourly prune job is due again.
    advance(31 * DAY);
    const user = await createUser(shop);
    const iso = (ms: number) => new Date(at + ms).toISOString();
    await shop.ctx.db
      .insertInto("sessions")
      .values([
        { session_hash: "old-session", user_id: user.user_id, created_at: iso(-31 * DAY), expires_at: iso(-DAY) },
        { session_hash: "live-session", user_id: user.user_id, created_at: iso(0), expires_at: iso(DAY) },
      ])
      .execute();
    await shop.ctx.db
      .insertInto("password_resets")
      .values([
        { user_id: user.user_id, token_hash: "old-reset", created_at: iso(-2 * HOUR), expires_at: iso(-HOUR) },
        { user_id: user.user_id, token_hash: "live-reset", created_at: iso(0), expires_at: iso(HOUR) },
      ])
      .execute();
    await shop.ctx.db
      .insertInto("throttles")
      .values([
        { throttle_key: "prune-test:old", failures: 5, blocked_until: iso(-HOUR), expires_at: iso(-MINUTE) },
        { throttle_key: "prune-test:live", failures: 1, blocked_until: iso(0), expires_at: iso(HOUR) },
      ])
      .execute();
    await queueMail(shop.ctx.db, { to: "new@example.com", subject: "Pesanan MB-006", text: "…" });

    await runDueJobs(shop.ctx);

    const db = shop.ctx.db;
    const sessions = await db
      .selectFrom("sessions")
      .select("session_hash")
      .where("user_id", "=", user.user_id)
      .execute();
    expect(sessions).toEqual([{ session_hash: "live-session" }]);
    const resets = await db
      .selectFrom("password_resets")
      .select("token_hash")
      .where("user_id", "=", user.user_id)
      .execute();
    expect(resets).toEqual([{ token_hash: "live-reset" }]);
    const throttles = await db
      .selectFrom("throttles")
      .select("throttle_key")
      .where("throttle_key", "like", "prune-test:%")
      .execute();
    expect(throttles).toEqual([{ throttle_key: "prune-test:live" }]);
    const mails = await db.selectFrom("mails").select("to_address").execute();
    expect(mails).toEqual([{ to_address: "new@example.com" }]);
    const weekOld = await db
      .selectFrom("jobs")
      .select("job_id")
      .where("state", "in", ["done", "failed"])
      .where("finished_at", "<", iso(-7 * DAY))
      .execute();
    expect(weekOld).toEqual([]);
  });
});
