#!/usr/bin/env node
import { randomBytes } from "node:crypto";
/**
 * The statements of one order: starts the compiled shop (as `npm start` runs it) on a fresh
 * database, places STATEMENTS_ORDERS orders (200) one after another as one buyer after 20 to warm
 * up, waits until their mails are sent, and prints each statement the shop ran for them (per
 * order, and its mean time until the answer), then the total per order. Round trips are what an
 * order costs on PostgreSQL (docs/performance.md, 2026-11-28 session 2).
 *
 *   npm run statements                 PostgreSQL (a database created and dropped here)
 *   STATEMENTS_DATABASE=sqlite npm run statements
 *
 * BENCH_SERVER=file counts another bundle of the server, as in `npm run bench`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  adminCookie,
  call,
  createLoadProducts,
  createPostgresDatabase,
  dropPostgresDatabase,
  expectOk,
  freePort,
  postgresUrl,
  ROOT,
  registerBuyers,
  startShop,
  throwawayShopEnv,
} from "./lib/shop-process.mjs";

const ORDERS = Number(process.env.STATEMENTS_ORDERS ?? 200);
const dialect = process.env.STATEMENTS_DATABASE === "sqlite" ? "sqlite" : "postgres";
const server = path.resolve(process.env.BENCH_SERVER ?? path.join(ROOT, "apps/server/dist/server.js"));
if (!fs.existsSync(server)) {
  console.error(`${server} is missing: run npm run build first.`);
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-statements-"));
const name = `florist_statements_${randomBytes(5).toString("hex")}`;
if (dialect === "postgres") await createPostgresDatabase(name);
const port = await freePort();
const adminPassword = `Admin${randomBytes(6).toString("hex")}`;
const countFile = path.join(dataDir, "statements");
const preload = path.join(ROOT, "scripts/lib/statement-count-preload.mjs");
const shop = await startShop(
  {
    ...throwawayShopEnv({
      port,
      dataDir,
      adminPassword,
      databaseUrl: dialect === "postgres" ? postgresUrl(name) : `sqlite:${path.join(dataDir, "shop.db")}`,
    }),
    SEED_DEMO: "0",
    STATEMENT_COUNT_FILE: countFile,
    NODE_OPTIONS: `--import ${preload}`,
  },
  { command: [process.execPath, server] },
);

/** What the shop counted since the last call. */
async function takeCount() {
  const file = `${countFile}.${shop.pid}.json`;
  fs.rmSync(file, { force: true });
  process.kill(shop.pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** Waits until the job runner has sent `count` mails in all (each one file in the outbox), up to 2 minutes. */
async function mailsSent(count) {
  const outbox = path.join(dataDir, "outbox");
  const until = Date.now() + 120_000;
  while ((fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0) < count) {
    if (Date.now() > until) throw new Error(`Fewer than ${count} mails were sent within 2 minutes.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// An order sends two mails: the shopper's and the shop's.
const MAILS_AN_ORDER = 2;
const WARM_UP = 20;

try {
  const admin = await adminCookie(shop.base, adminPassword);
  const [productId] = await createLoadProducts(shop.base, admin, { count: 1, stock: 1_000_000, label: "Counted" });
  const [buyer] = await registerBuyers(shop.base, 1, { label: "counted", password: "Counted-buyer-1" });
  const order = () =>
    expectOk(
      call(shop.base, "POST", "/api/order", buyer, {
        shipping_address: "Jl. Braga No. 1, Sumur Bandung, Bandung",
        items: [{ product_id: productId, quantity: 1, size: "Standard", color: "Red" }],
      }),
      "order",
    );
  for (let i = 0; i < WARM_UP; i++) await order();
  await mailsSent(WARM_UP * MAILS_AN_ORDER);
  await takeCount();
  for (let i = 0; i < ORDERS; i++) await order();
  await mailsSent((WARM_UP + ORDERS) * MAILS_AN_ORDER);
  // The runner marks the last mails sent and their jobs done just after it writes them.
  await new Promise((r) => setTimeout(r, 1000));
  const rows = (await takeCount()).sort((a, b) => b.count - a.count || b.us - a.us);
  console.log(`Statements of ${ORDERS} orders on ${dialect === "postgres" ? "PostgreSQL" : "SQLite"}, mails sent:`);
  console.log("per order  mean µs  statement");
  for (const row of rows) {
    const sql = row.sql.replace(/\s+/g, " ").trim();
    console.log(
      `${(row.count / ORDERS).toFixed(2).padStart(9)}  ${String(Math.round(row.us / row.count)).padStart(7)}  ${sql.length > 160 ? `${sql.slice(0, 157)}...` : sql}`,
    );
  }
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  console.log(`${(total / ORDERS).toFixed(1)} statements an order`);
} finally {
  await shop.stop();
  if (dialect === "postgres") await dropPostgresDatabase(name);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
