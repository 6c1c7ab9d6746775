#!/usr/bin/env node
/**
 * Order drill: 32 buyers order at once, each order taking 3 of 4 shared products in a random order,
 * against the real shop over HTTP on 127.0.0.1, for 10 seconds. It starts the shop itself on a fresh
 * database (PostgreSQL by default, created and dropped here; DRILL_DATABASE=sqlite for a temporary
 * SQLite file), then prints orders/s, p50/p99 latency, 5xx answers, PostgreSQL deadlocks (from
 * pg_stat_database) and whether any stock was oversold. It exits 1 on any 5xx, deadlock or oversell.
 *
 *   npm run drill:orders
 *   DRILL_DATABASE=sqlite DRILL_SECONDS=5 DRILL_BUYERS=16 DRILL_STOCK=500 npm run drill:orders
 *
 * The stock is deliberately finite (DRILL_STOCK per product, default 2500) so that the products can
 * run out during the run and the stock guard is exercised, not only the happy path.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  adminCookie,
  call,
  createLoadProducts,
  createPostgresDatabase,
  postgresUrl as databaseUrl,
  postgresDeadlocks as deadlocks,
  dropPostgresDatabase,
  freePort,
  percentile,
  registerBuyers,
  startShop,
  withPostgres,
} from "./lib/shop-process.mjs";

const DIALECT = process.env.DRILL_DATABASE ?? "postgres";
const SECONDS = Number(process.env.DRILL_SECONDS ?? 10);
const BUYERS = Number(process.env.DRILL_BUYERS ?? 32);
const STOCK = Number(process.env.DRILL_STOCK ?? 2500);
const PRODUCTS = 4;
const LINES_PER_ORDER = 3;
const PASSWORD = "Drill2025pass";
const ADDRESS = "Drill Buyer\nJl. Braga No. 1\nBandung\nEmail: drill@example.com\nTelepon: 0812";

if (!["postgres", "sqlite"].includes(DIALECT)) throw new Error("DRILL_DATABASE must be postgres or sqlite.");

async function setUp(base, adminPassword) {
  const admin = await adminCookie(base, adminPassword);
  const products = await createLoadProducts(base, admin, { count: PRODUCTS, stock: STOCK, label: "Drill" });
  const buyers = await registerBuyers(base, BUYERS, { label: "drill", password: PASSWORD });
  return { products, buyers };
}

function shuffled(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function runBuyers(base, products, buyers) {
  const stats = { latencies: [], byStatus: new Map(), ordered: new Map(), errors: 0 };
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    buyers.map(async (cookie) => {
      while (Date.now() < end) {
        const items = shuffled(products)
          .slice(0, LINES_PER_ORDER)
          .map((product_id) => ({
            product_id,
            quantity: 1 + Math.floor(Math.random() * 3),
            size: "Standard",
            color: "Red",
          }));
        const started = performance.now();
        try {
          const answer = await call(base, "POST", "/api/order", cookie, { shipping_address: ADDRESS, items });
          stats.latencies.push(performance.now() - started);
          stats.byStatus.set(answer.status, (stats.byStatus.get(answer.status) ?? 0) + 1);
          if (answer.status === 201) {
            for (const { product_id, quantity } of items) {
              stats.ordered.set(product_id, (stats.ordered.get(product_id) ?? 0) + quantity);
            }
          }
        } catch {
          stats.errors += 1;
        }
      }
    }),
  );
  return stats;
}

/** Stock left and units ordered per product, as the database holds them after the shop stopped. */
async function readStock(target, products) {
  const stockSql = "select product_id, stock_quantity from products where product_id in ($1, $2, $3, $4)";
  const orderedSql =
    "select product_id, sum(quantity) as units from order_items where product_id in ($1, $2, $3, $4) group by product_id";
  if (target.dialect === "postgres") {
    return withPostgres(target.url, async (c) => ({
      stock: (await c.query(stockSql, products)).rows,
      ordered: (await c.query(orderedSql, products)).rows,
    }));
  }
  const database = new SQLite(target.file, { readonly: true });
  try {
    const positional = (text) => text.replace(/\$\d/g, "?");
    return {
      stock: database.prepare(positional(stockSql)).all(...products),
      ordered: database.prepare(positional(orderedSql)).all(...products),
    };
  } finally {
    database.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-drill-"));
  const name = `florist_drill_${randomBytes(5).toString("hex")}`;
  const target =
    DIALECT === "postgres"
      ? { dialect: "postgres", url: databaseUrl(name) }
      : { dialect: "sqlite", file: path.join(dataDir, "shop.db") };
  if (target.dialect === "postgres") await createPostgresDatabase(name);
  const adminPassword = `Admin${randomBytes(6).toString("hex")}`;
  let shop;
  let failed = false;
  try {
    const port = await freePort();
    shop = await startShop({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: target.dialect === "postgres" ? target.url : `sqlite:${target.file}`,
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "0",
      ADMIN_PASSWORD: adminPassword,
      WEB_DIST: path.join(dataDir, "no-web-build"),
      LOG_LEVEL: "error",
    });
    const { products, buyers } = await setUp(shop.base, adminPassword);
    const deadlocksBefore = target.dialect === "postgres" ? await deadlocks(name) : 0;
    console.log(
      `Drill: ${BUYERS} buyers, ${LINES_PER_ORDER} of ${PRODUCTS} shared products per order, ${SECONDS} s, ` +
        `${STOCK} in stock each, on ${target.dialect}.`,
    );
    const stats = await runBuyers(shop.base, products, buyers);
    // Closing the shop ends its database sessions, which flushes their statistics (deadlock counts).
    await shop.stop();
    const deadlockCount = target.dialect === "postgres" ? (await deadlocks(name)) - deadlocksBefore : 0;

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const created = stats.byStatus.get(201) ?? 0;
    const serverErrors = [...stats.byStatus].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    const { stock, ordered } = await readStock(target, products);
    const orderedInDb = new Map(ordered.map((r) => [Number(r.product_id), Number(r.units)]));
    const problems = [];
    for (const row of stock) {
      const id = Number(row.product_id);
      const left = Number(row.stock_quantity);
      const taken = STOCK - left;
      if (left < 0) problems.push(`product ${id} has stock ${left}`);
      if (taken !== (orderedInDb.get(id) ?? 0)) {
        problems.push(`product ${id}: ${taken} taken from stock, ${orderedInDb.get(id) ?? 0} in order items`);
      }
      if (taken !== (stats.ordered.get(id) ?? 0)) {
        problems.push(`product ${id}: ${taken} taken from stock, ${stats.ordered.get(id) ?? 0} in 201 answers`);
      }
    }

    const statuses = [...stats.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    console.log(`answers        ${statuses}${stats.errors ? `, network errors: ${stats.errors}` : ""}`);
    console.log(
      `orders/s       ${(created / SECONDS).toFixed(1)} created (${(sorted.length / SECONDS).toFixed(1)} answered)`,
    );
    console.log(
      `latency        p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
    console.log(`5xx            ${serverErrors}`);
    console.log(`deadlocks      ${target.dialect === "postgres" ? deadlockCount : "n/a (SQLite)"}`);
    console.log(`stock left     ${stock.map((r) => `${r.product_id}: ${r.stock_quantity}`).join(", ")}`);
    console.log(
      `oversell       ${problems.length === 0 ? "none: stock taken equals units ordered" : problems.join("; ")}`,
    );
    failed = serverErrors > 0 || deadlockCount > 0 || problems.length > 0 || stats.errors > 0;
  } finally {
    await shop?.stop();
    if (target.dialect === "postgres") {
      await dropPostgresDatabase(name);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.log("FAILED");
    process.exitCode = 1;
  }
}

await main();
