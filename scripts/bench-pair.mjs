#!/usr/bin/env node
/**
 * Two builds of the server, side by side: what an order costs in each, measured in turns.
 *
 *   npm run bench:pair -- apps/server/data/before/server.js apps/server/dist/server.js
 *   PAIR_DATABASE=sqlite PAIR_SHARED=1 PAIR_BATCH=1000 PAIR_TURNS=16 node scripts/bench-pair.mjs a.js b.js
 *
 * The machine the bench runs on changes speed by half from one quarter of an hour to the next
 * (docs/performance.md, 2026-12-02), so two runs of `npm run bench` one after the other cannot tell
 * a 10 % change apart from the machine. Here both builds run at once, each on its own fresh database
 * (PostgreSQL by default, PAIR_DATABASE=sqlite for SQLite files), and take turns: a batch of
 * PAIR_BATCH orders (300) on one, then on the other, PAIR_TURNS times (10), the first to go
 * alternating. Whatever the machine does, both builds get the same share of it.
 *
 * Each build's bundle is a copy of apps/server/dist with the templates beside it, kept under
 * apps/server/data/ (git-ignored) so it finds the same packages: `npm run build`, then
 * `cp -r apps/server/dist apps/server/data/before`, change the code, build again and compare
 * apps/server/data/before/server.js with apps/server/dist/server.js. Before the turns
 * each shop places PAIR_WARM orders (600): the code is compiled by then and the delivery window of
 * the demo schedule (3 slots of 10 places over 14 days) is full, as in most of the bench's orders;
 * PAIR_WARM=0 PAIR_BATCH=50 PAIR_TURNS=8 measures orders that each claim a place instead, code not
 * yet compiled included; PAIR_CAPACITY=200 gives every slot that many places, so that warmed-up
 * orders claim places as they do in a shop whose window is not full (3 × 200 × 14 = 8,400 places).
 *
 * Printed for each build: the shop process's CPU per order, its PostgreSQL processes' CPU per order
 * (those connected to its database), and orders a second while its batches ran. PAIR_BUYERS (8)
 * order at once, each its own product, or 3 of 4 shared products with PAIR_SHARED=1. The job runner
 * is off, so the mails are written with each order but not sent. It stops by itself.
 *
 * PAIR_DELAY_MS=1 puts PostgreSQL as if on another machine: both shops reach it through a relay in
 * this process that holds every chunk 1 ms each way, so a round trip takes 2 ms or more, as to a
 * database across a network. What a change of round trips is worth there shows only with it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { postgresCpuSeconds, processCpuSeconds } from "./lib/process-cpu.mjs";
import {
  adminCookie,
  call,
  createLoadProducts,
  createPostgresDatabase,
  dropPostgresDatabase,
  expectOk,
  freePort,
  postgresUrl,
  registerBuyers,
  startShop,
  throwawayShopEnv,
} from "./lib/shop-process.mjs";

const SERVER_DIR = path.resolve(import.meta.dirname, "..", "apps", "server");
const DATABASE = process.env.PAIR_DATABASE ?? "postgres";
const BATCH = Number(process.env.PAIR_BATCH ?? 300);
const TURNS = Number(process.env.PAIR_TURNS ?? 10);
const WARM = Number(process.env.PAIR_WARM ?? 600);
const BUYERS = Number(process.env.PAIR_BUYERS ?? 8);
const SHARED = process.env.PAIR_SHARED === "1";
const DELAY_MS = Number(process.env.PAIR_DELAY_MS ?? 0);
const CAPACITY = process.env.PAIR_CAPACITY === undefined ? undefined : Number(process.env.PAIR_CAPACITY);
const bundles = process.argv.slice(2).map((file) => path.resolve(file));

if (
  bundles.length !== 2 ||
  !bundles.every((file) => fs.existsSync(file)) ||
  !["sqlite", "postgres"].includes(DATABASE)
) {
  console.error(
    "Usage: node scripts/bench-pair.mjs <before/server.js> <after/server.js> (PAIR_DATABASE=sqlite|postgres)",
  );
  process.exit(2);
}

/**
 * A relay on 127.0.0.1 in front of the PostgreSQL server `url` names, holding each chunk `delayMs`
 * each way; chunks keep their order. Answers the URL of database `name` through it.
 */
async function delayedPostgres(url, delayMs) {
  const target = new URL(url);
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const close = () => {
      client.destroy();
      server.destroy();
    };
    for (const [from, to] of [
      [client, server],
      [server, client],
    ]) {
      from.setNoDelay(true);
      from.on("data", (chunk) => setTimeout(() => to.write(chunk), delayMs));
      from.on("close", close);
      from.on("error", close);
    }
  });
  const port = await freePort();
  await new Promise((resolve) => relay.listen(port, "127.0.0.1", resolve));
  return {
    url: (name) => {
      const through = new URL(postgresUrl(name));
      through.hostname = "127.0.0.1";
      through.port = String(port);
      return through.toString();
    },
    close: () => new Promise((resolve) => relay.close(resolve)),
  };
}

const relay = DATABASE === "postgres" && DELAY_MS > 0 ? await delayedPostgres(postgresUrl("postgres"), DELAY_MS) : null;

/** The shop's CPU seconds so far; the comparison means nothing without them. */
function shopCpu(pid) {
  const seconds = processCpuSeconds(pid);
  if (seconds === null) throw new Error(`bench:pair: no CPU time for process ${pid} in /proc`);
  return seconds;
}
const postgresCpu = (name) => postgresCpuSeconds(name) ?? 0;

async function startBuild(bundle) {
  const name = `florist_pair_${randomBytes(5).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-pair-"));
  if (DATABASE === "postgres") await createPostgresDatabase(name);
  const port = await freePort();
  const adminPassword = `Admin${randomBytes(6).toString("hex")}`;
  const shop = await startShop(
    {
      ...throwawayShopEnv({
        port,
        dataDir,
        adminPassword,
        databaseUrl:
          DATABASE === "postgres" ? (relay?.url(name) ?? postgresUrl(name)) : `sqlite:${path.join(dataDir, "shop.db")}`,
      }),
      SEED_DEMO: "0",
      JOB_RUNNER: "0",
    },
    { command: [process.execPath, bundle], cwd: SERVER_DIR },
  );
  const build = { bundle, name, dataDir, shop, cpu: 0, postgres: 0, seconds: 0, orders: 0 };
  try {
    const admin = await adminCookie(shop.base, adminPassword);
    if (CAPACITY !== undefined) {
      const { json: schedule } = await expectOk(
        call(shop.base, "GET", "/api/settings/delivery-schedule", admin),
        "schedule",
      );
      const slots = schedule.slots.map((slot) => ({ ...slot, capacity: CAPACITY }));
      await expectOk(
        call(shop.base, "PUT", "/api/settings/delivery-schedule", admin, { ...schedule, slots }),
        "capacity",
      );
    }
    const products = await createLoadProducts(shop.base, admin, { count: BUYERS, stock: 100_000_000, label: "Pair" });
    const buyers = await registerBuyers(shop.base, BUYERS, {
      label: "pair",
      password: `Buyer${randomBytes(6).toString("hex")}`,
    });
    const lines = (buyer) =>
      SHARED
        ? [0, 1, 2].map((k) => ({ product_id: products[(buyer + k) % 4], quantity: 1, size: "Standard", color: "Red" }))
        : [{ product_id: products[buyer], quantity: 1, size: "Standard", color: "Red" }];
    build.place = async (count) => {
      let left = count;
      await Promise.all(
        buyers.map(async (cookie, buyer) => {
          while (left-- > 0) {
            const answer = await call(shop.base, "POST", "/api/order", cookie, {
              shipping_address: "Jl. Braga No. 10, Sumur Bandung, Bandung",
              items: lines(buyer),
            });
            if (answer.status !== 201) throw new Error(`${answer.status}: ${JSON.stringify(answer.json)}`);
          }
        }),
      );
    };
    return build;
  } catch (error) {
    await stopBuild(build);
    throw error;
  }
}

async function stopBuild(build) {
  await build.shop.stop();
  if (DATABASE === "postgres") await dropPostgresDatabase(build.name);
  fs.rmSync(build.dataDir, { recursive: true, force: true });
}

const builds = [];
try {
  for (const bundle of bundles) builds.push(await startBuild(bundle));
  for (const build of builds) await build.place(WARM);
  for (let turn = 0; turn < TURNS; turn++) {
    for (const build of turn % 2 === 0 ? builds : [...builds].reverse()) {
      const cpu = shopCpu(build.shop.pid);
      const postgres = DATABASE === "postgres" ? postgresCpu(build.name) : 0;
      const started = performance.now();
      await build.place(BATCH);
      build.seconds += (performance.now() - started) / 1000;
      build.cpu += shopCpu(build.shop.pid) - cpu;
      if (DATABASE === "postgres") build.postgres += postgresCpu(build.name) - postgres;
      build.orders += BATCH;
    }
  }
  console.log(
    `${DATABASE}${relay ? ` ${DELAY_MS} ms away each way` : ""}, ${BUYERS} buyers, ${SHARED ? "3 of 4 shared products" : "one product each"}, ${TURNS} turns of ${BATCH} orders after ${WARM}:`,
  );
  for (const build of builds) {
    const perOrder = (seconds) => `${((seconds * 1000) / build.orders).toFixed(2)} ms`;
    console.log(
      `  ${path.relative(process.cwd(), build.bundle)}: shop CPU ${perOrder(build.cpu)}/order` +
        (DATABASE === "postgres" ? `, PostgreSQL CPU ${perOrder(build.postgres)}/order` : "") +
        `, ${Math.round(build.orders / build.seconds)} orders/s`,
    );
  }
} finally {
  for (const build of builds) await stopBuild(build);
  await relay?.close();
}
