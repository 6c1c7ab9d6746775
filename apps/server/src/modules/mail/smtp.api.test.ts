import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/harness.js";
import { runJobs } from "../jobs/service.js";
import { queueMail, sendMailJob } from "./service.js";

/** What the mail server received: each message's address and subject, in the order it took them. */
interface Received {
  to: string;
  subject: string;
}

/**
 * A mail server on 127.0.0.1 that takes its time over each message (`messageMs` of its subject), as
 * a real one does, and counts its connections and the messages it is taking at one moment.
 */
async function startMailServer(messageMs: (subject: string) => number) {
  const received: Received[] = [];
  const counts = { opened: 0, open: 0, taking: 0, mostAtOnce: 0 };
  let allClosed: (() => void) | undefined;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      counts.opened += 1;
      counts.open += 1;
      callback();
    },
    onClose() {
      counts.open -= 1;
      if (counts.open === 0) allClosed?.();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        counts.taking += 1;
        counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.taking);
        const message = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(message)?.[1] ?? "";
        setTimeout(() => {
          counts.taking -= 1;
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
          received.push({ to, subject });
          callback();
        }, messageMs(subject));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    counts,
    /** Resolves once no connection is open (at once when none is). */
    closed: () =>
      new Promise<void>((resolve) => {
        if (counts.open === 0) resolve();
        else allClosed = resolve;
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let shop: TestShop;
let shopClosed = false;

beforeAll(async () => {
  // A new order's mail takes long, a payment's little: one sent after another would overtake it.
  mailServer = await startMailServer((subject) => (subject.startsWith("Pesanan baru") ? 80 : 10));
  shop = await createTestShop({ smtpUrl: mailServer.url });
});
afterAll(async () => {
  if (!shopClosed) await shop?.close();
  await mailServer?.stop();
});

describe("mails sent to a mail server (SMTP_URL)", () => {
  it("sends a rush's mails side by side over a few kept connections, one reader's about one order in the order written", async () => {
    const shoppers = ["ayu@example.com", "budi@example.com", "citra@example.com"];
    const florist = "florist@example.com";
    // Each order: the shopper's mail and the florist's, then the florist's news of its payment.
    const queued: (Received & { thread: string })[] = [];
    for (let n = 1; n <= 6; n++) {
      const thread = `order:${n}`;
      queued.push({ to: shoppers[n % 3] as string, subject: `Pesanan MB-00${n} diterima`, thread });
      queued.push({ to: florist, subject: `Pesanan baru MB-00${n}`, thread });
      queued.push({ to: florist, subject: `Bukti bayar MB-00${n}`, thread });
    }
    await shop.ctx.db.transaction().execute(async (trx) => {
      for (const { to, subject, thread } of queued)
        await queueMail(trx, { to, subject, text: "Terima kasih.", thread });
    });

    expect(await runJobs(shop.ctx, [sendMailJob])).toEqual({ succeeded: queued.length, failed: 0 });

    const received = (to: string, thread: string) =>
      mailServer.received.filter((mail) => mail.to === to && mail.subject.includes(`MB-00${thread.slice(6)}`));
    for (const { to, thread } of queued) {
      const written = queued.filter((mail) => mail.to === to && mail.thread === thread);
      expect(received(to, thread)).toEqual(written.map(({ subject }) => ({ to, subject })));
    }
    // Several at a time, over connections kept from one mail to the next: five at most, not one per mail.
    expect(mailServer.counts.mostAtOnce).toBeGreaterThan(1);
    expect(mailServer.counts.opened).toBeLessThanOrEqual(5);
    const unsent = await shop.ctx.db.selectFrom("mails").select("mail_id").where("sent_at", "is", null).execute();
    expect(unsent).toEqual([]);
    // Sent once: nothing is due again.
    expect(await runJobs(shop.ctx, [sendMailJob])).toEqual({ succeeded: 0, failed: 0 });
    expect(mailServer.received).toHaveLength(queued.length);
  });

  it("closes its connections to the mail server when the shop stops", async () => {
    expect(mailServer.counts.open).toBeGreaterThan(0);
    await shop.close();
    shopClosed = true;
    await mailServer.closed();
    expect(mailServer.counts.open).toBe(0);
  });
});
