#!/usr/bin/env node
/**
 * Mail drill: a rush of orders, and how long their mails take to reach a mail server that takes its
 * time, as a real one does. It starts a mail server on 127.0.0.1 (smtp-server, a devDependency) that
 * waits DRILL_GREETING_MS before greeting each new connection (a TLS handshake and greeting, far
 * away) and DRILL_MESSAGE_MS before accepting each message, and the shop's built bundle on a fresh
 * database with SMTP_URL pointing at it. DRILL_BUYERS shoppers then place DRILL_ORDERS orders in all,
 * as fast as the shop takes them; each order writes two mails, one to the shopper and one to the
 * florist (NOTIFY_EMAIL). It prints when the last mail arrived, mails a second, the connections the
 * shop opened, how many messages the server took at once, and which addresses received mails of a
 * later order before an earlier one's (the shop keeps one reader's mails about one order in order,
 * not mails about different orders). It exits 1 if a mail is missing or arrived twice.
 *
 *   npm run build && npm run drill:mails
 *   DRILL_DATABASE=postgres DRILL_ORDERS=500 DRILL_MESSAGE_MS=100 npm run drill:mails
 *   DRILL_SERVER=apps/server/data/base/dist/server.js npm run drill:mails   (another build, to compare)
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import {
  adminCookie,
  call,
  createLoadProducts,
  createPostgresDatabase,
  dropPostgresDatabase,
  freePort,
  postgresUrl,
  ROOT,
  registerBuyers,
  startShop,
  throwawayShopEnv,
} from "./lib/shop-process.mjs";

const DIALECT = process.env.DRILL_DATABASE ?? "sqlite";
const ORDERS = Number(process.env.DRILL_ORDERS ?? 300);
const BUYERS = Number(process.env.DRILL_BUYERS ?? 20);
const GREETING_MS = Number(process.env.DRILL_GREETING_MS ?? 150);
const MESSAGE_MS = Number(process.env.DRILL_MESSAGE_MS ?? 50);
const BUNDLE = path.resolve(process.env.DRILL_SERVER ?? path.join(ROOT, "apps/server/dist/server.js"));
const FLORIST = "florist@example.com";
const PASSWORD = "Drill2025pass";
const ADDRESS = "Drill Buyer\nJl. Braga No. 1\nBandung\nEmail: drill@example.com\nTelepon: 0812";
/** How long the drill waits for the last mail before it counts the rest as missing. */
const MAIL_DEADLINE_MS = 10 * 60_000;

if (!["postgres", "sqlite"].includes(DIALECT)) throw new Error("DRILL_DATABASE must be postgres or sqlite.");
if (!fs.existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run build first.`);

/** The mail server: every message it took (address, subject, when), its connections and its busiest moment. */
async function startMailServer() {
  const received = [];
  const counts = { opened: 0, taking: 0, mostAtOnce: 0 };
  const waiters = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      counts.opened += 1;
      setTimeout(callback, GREETING_MS);
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        counts.taking += 1;
        counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.taking);
        setTimeout(() => {
          counts.taking -= 1;
          const message = Buffer.concat(chunks).toString("utf8");
          for (const rcpt of session.envelope.rcptTo) {
            received.push({
              to: rcpt.address,
              subject: /^Subject: (.*)$/m.exec(message)?.[1] ?? "",
              at: performance.now(),
            });
          }
          for (const waiter of waiters.splice(0)) waiter();
          callback();
        }, MESSAGE_MS);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    counts,
    /** Resolves once `count` messages have arrived in all, or after `ms`; true when they did. */
    async until(count, ms) {
      const deadline = performance.now() + ms;
      while (received.length < count && performance.now() < deadline) {
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 1000);
        });
      }
      return received.length >= count;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Waits until no mail has arrived for `quietMs` (the registrations' welcome mails, say). */
async function settled(mailServer, quietMs) {
  let seen = -1;
  while (seen !== mailServer.received.length) {
    seen = mailServer.received.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/** The orders, DRILL_BUYERS at a time, each buyer one after another; their display ids by buyer. */
async function placeOrders(base, buyers, productId) {
  let left = ORDERS;
  const placed = [];
  await Promise.all(
    buyers.map(async (cookie) => {
      while (left > 0) {
        left -= 1;
        const answer = await call(base, "POST", "/api/order", cookie, {
          shipping_address: ADDRESS,
          items: [{ product_id: productId, quantity: 1, size: "Standard", color: "Red" }],
        });
        if (answer.status !== 201) throw new Error(`order: ${answer.status} ${JSON.stringify(answer.json)}`);
        placed.push(answer.json);
      }
    }),
  );
  return placed;
}

/** The order number a mail's subject names ("… MB-00123 …"), or null. */
const orderNumberOf = (subject) => {
  const match = /MB-(\d+)/.exec(subject);
  return match ? Number(match[1]) : null;
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-mail-drill-"));
  const name = `florist_drill_${randomBytes(5).toString("hex")}`;
  const databaseUrl = DIALECT === "postgres" ? postgresUrl(name) : `sqlite:${path.join(dataDir, "shop.db")}`;
  if (DIALECT === "postgres") await createPostgresDatabase(name);
  const mailServer = await startMailServer();
  const adminPassword = `Admin${randomBytes(6).toString("hex")}`;
  let shop;
  let failed = false;
  try {
    const port = await freePort();
    shop = await startShop(
      {
        ...throwawayShopEnv({ port, dataDir, databaseUrl, adminPassword }),
        SEED_DEMO: "0",
        SMTP_URL: mailServer.url,
        NOTIFY_EMAIL: FLORIST,
      },
      { command: [process.execPath, BUNDLE], cwd: path.dirname(BUNDLE) },
    );
    const admin = await adminCookie(shop.base, adminPassword);
    const [productId] = await createLoadProducts(shop.base, admin, { count: 1, stock: 1_000_000, label: "Drill" });
    const buyers = await registerBuyers(shop.base, BUYERS, { label: "maildrill", password: PASSWORD });
    await settled(mailServer, 2000);
    const before = mailServer.received.length;
    const openedBefore = mailServer.counts.opened;
    mailServer.counts.mostAtOnce = 0;
    console.log(
      `Mail drill on ${DIALECT}: ${ORDERS} orders from ${BUYERS} shoppers; the mail server greets after ` +
        `${GREETING_MS} ms and takes ${MESSAGE_MS} ms a message (${path.relative(ROOT, BUNDLE)}).`,
    );

    const started = performance.now();
    const placed = await placeOrders(shop.base, buyers, productId);
    const ordersDone = performance.now();
    const expected = before + placed.length * 2;
    const arrived = await mailServer.until(expected, MAIL_DEADLINE_MS);
    const mails = mailServer.received.slice(before);
    const lastAt = mails.reduce((last, mail) => Math.max(last, mail.at), ordersDone);

    // Each address's mails in the order of their orders: a shopper's, and the florist's.
    const byAddress = new Map();
    for (const mail of mails) {
      const number = orderNumberOf(mail.subject);
      if (number === null) continue;
      if (!byAddress.has(mail.to)) byAddress.set(mail.to, []);
      byAddress.get(mail.to).push(number);
    }
    const overtaken = [...byAddress].filter(([, numbers]) => numbers.some((n, i) => i > 0 && n < numbers[i - 1]));
    const twice = mails.length - new Set(mails.map((mail) => `${mail.to} ${mail.subject}`)).size;

    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`orders         ${placed.length} in ${seconds(ordersDone - started)}`);
    console.log(
      `mails          ${mails.length} of ${placed.length * 2}; the last ${seconds(lastAt - started)} after the first ` +
        `order, ${seconds(lastAt - ordersDone)} after the last`,
    );
    console.log(`mails/s        ${((mails.length * 1000) / (lastAt - started)).toFixed(1)}`);
    console.log(
      `connections    ${mailServer.counts.opened - openedBefore} opened; ` +
        `${mailServer.counts.mostAtOnce} messages taken at once at most`,
    );
    console.log(`twice          ${twice}`);
    console.log(
      `overtaken      ${overtaken.length} of ${byAddress.size} addresses received a later order's mail before an ` +
        `earlier one's${overtaken.length ? ` (${overtaken.map(([to]) => to).join(", ")})` : ""}`,
    );
    failed = !arrived || twice > 0;
  } finally {
    await shop?.stop();
    await mailServer.stop();
    if (DIALECT === "postgres") await dropPostgresDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.log("FAILED");
    process.exitCode = 1;
  }
}

await main();
