import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeShop, openShopOnClock, runningClock, type TestShop } from "../../../test/harness.js";
import { SECOND } from "../../lib/time.js";
import { createShop } from "../../shop.js";
import { queueMail } from "../mail/service.js";
import { BUSY_WAIT_MS, runDueJobs } from "./runner.js";

let shop: TestShop;
const clock = runningClock();
beforeAll(async () => {
  shop = await openShopOnClock(clock.now);
});
afterAll(() => closeShop(shop));

/** The recipients of the mails in the shop's outbox folder. */
async function outboxRecipients(): Promise<string[]> {
  const outbox = path.join(shop.dataDir, "outbox");
  const names = await fs.readdir(outbox).catch(() => [] as string[]);
  const recipients: string[] = [];
  for (const name of names) {
    const mail = await fs.readFile(path.join(outbox, name), "utf8");
    recipients.push(/^To: (.+)$/m.exec(mail)?.[1] ?? "");
  }
  return recipients.sort();
}

async function queueMails(prefix: string, count: number): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, "0")}@example.com`);
  await shop.ctx.db.transaction().execute(async (trx) => {
    for (const to of addresses) await queueMail(trx, { to, subject: "Pesanan MB-010", text: "Terima kasih." });
  });
  return addresses;
}

describe("the shop's job runner", () => {
  it("is off with JOB_RUNNER=0: a waiting mail stays in the queue", async () => {
    await queueMails("waiting", 1);
    const { app } = await createShop({ ...shop.ctx.config, runJobs: false }, { log: () => {} });
    await app.close();
    expect(await outboxRecipients()).toEqual([]);
  });

  it("runs in every shop started on one database, sends each waiting mail once and stops on close", async () => {
    const addresses = await queueMails("twice", 20);
    const start = () => createShop({ ...shop.ctx.config, runJobs: true }, { log: () => {} });
    // Closing waits for the round each runner began when its shop started. Two SQLite connections
    // in one process would wait on each other's start-up transactions, so there the second shop
    // starts when the first has stopped, as after a restart; on PostgreSQL both run at once.
    if (shop.ctx.dialect === "postgres") {
      const started = await Promise.all([start(), start()]);
      await Promise.all(started.map(({ app }) => app.close()));
    } else {
      await (await start()).app.close();
      await (await start()).app.close();
    }
    expect(await outboxRecipients()).toEqual([...addresses, "waiting00@example.com"]);
  });

  it("puts jobs off while shoppers keep the shop busy, each for a minute at most", async () => {
    let busy = true;
    const round = () => runDueJobs(shop.ctx, undefined, () => busy);
    const first = await queueMails("rush", 2);
    // Shoppers keep the shop busy: the mails just queued wait.
    await round();
    expect(await outboxRecipients()).not.toContain(first[0]);
    clock.advance(BUSY_WAIT_MS - SECOND);
    const later = await queueMails("later", 1);
    await round();
    expect(await outboxRecipients()).not.toContain(first[0]);
    // A minute on, the first two are sent in the rush all the same; the one queued later still waits.
    clock.advance(SECOND);
    await round();
    expect(await outboxRecipients()).toEqual(expect.arrayContaining(first));
    expect(await outboxRecipients()).not.toContain(later[0]);
    // The rush is over: what waits is sent at the next round.
    busy = false;
    await round();
    expect(await outboxRecipients()).toContain(later[0]);
  });

  it("asks before each claim, so a round that began quiet stops taking new work once shoppers come", async () => {
    const addresses = await queueMails("claims", 25);
    const sent = async () => (await outboxRecipients()).filter((to) => to.startsWith("claims")).length;
    let claims = 0;
    // Quiet for the round's first claim (ten mails), busy from the second on.
    await runDueJobs(shop.ctx, undefined, () => ++claims > 1);
    expect(await sent()).toBe(10);
    await runDueJobs(shop.ctx, undefined, () => false);
    expect(await sent()).toBe(addresses.length);
  });
});
