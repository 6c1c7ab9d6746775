import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/harness.js";
import { createShop } from "../../shop.js";
import { queueMail } from "../mail/service.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

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
});
