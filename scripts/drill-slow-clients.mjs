#!/usr/bin/env node
/**
 * Slow-client drill: opens many connections that announce a request body and then send one byte
 * every few seconds (a "slow POST" attack) while a normal shopper keeps reading GET /api/catalog.
 * Prints the shopper's latency (goal: p99 under 1 s) and how many slow connections the server
 * closed by itself. Stops by itself after DRILL_SECONDS and talks only to 127.0.0.1.
 *
 *   npm run drill:slow-clients
 *
 * Settings (environment):
 *   DRILL_URL            a shop already running on 127.0.0.1 (default: start one on a fresh SQLite data dir)
 *   DRILL_SLOW           slow connections to open (3000)
 *   DRILL_SECONDS        how long the drill runs (90)
 *   DRILL_BYTE_EVERY_MS  pause between two body bytes of a slow connection (5000)
 *
 * Each connection needs a file descriptor on both sides: raise `ulimit -n` above DRILL_SLOW + 500.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SLOW = Number(process.env.DRILL_SLOW ?? 3000);
const SECONDS = Number(process.env.DRILL_SECONDS ?? 90);
const BYTE_EVERY_MS = Number(process.env.DRILL_BYTE_EVERY_MS ?? 5000);
const ANNOUNCED_BYTES = 10_000;
/** A normal request slower than this counts as failed; it also bounds every request of the drill. */
const NORMAL_TIMEOUT_MS = 5000;

function fail(message) {
  console.error(message);
  process.exit(2);
}

function openFilesLimit() {
  try {
    const line = fs
      .readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET on a new connection, as a new visitor would make it; resolves with its duration or an error. */
function timedGet(base, pathname) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(`${base}${pathname}`, { agent: false, timeout: NORMAL_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode }));
      response.on("error", (error) => resolve({ ms: performance.now() - started, error: error.code ?? error.message }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ ms: performance.now() - started, error: error.code ?? error.message }));
  });
}

async function waitForHealth(base, deadline) {
  while (Date.now() < deadline) {
    const result = await timedGet(base, "/api/health");
    if (result.status === 200) return;
    await sleep(250);
  }
  fail(`The shop at ${base} did not answer /api/health in time.`);
}

/** Starts the shop the way `npm start` does, on a fresh data dir, and returns how to stop it. */
async function startShop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-drill-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: "warn" },
    stdio: ["ignore", log, log],
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  // The first start may build the web app, which takes a while on a small machine.
  await waitForHealth(base, Date.now() + 300_000);
  return {
    base,
    logFile,
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        for (let i = 0; i < 120 && !exited; i++) await sleep(100);
        if (!exited) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarise(samples) {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.ms);
  ok.sort((a, b) => a - b);
  return {
    requests: samples.length,
    ok: ok.length,
    failed: samples.length - ok.length,
    p50: percentile(ok, 50),
    p99: percentile(ok, 99),
    max: ok.at(-1) ?? Number.NaN,
  };
}

const fmt = (ms) => (Number.isNaN(ms) ? "–" : `${ms.toFixed(1)} ms`);

/** A connection that announces a body and trickles it; records whether and when the server closed it. */
function openSlowConnection(port, stats, connections) {
  const socket = net.connect({ port, host: "127.0.0.1" });
  const state = { opened: 0, closedByServer: false, endedByUs: false, timer: undefined };
  connections.push({ socket, state });
  socket.setNoDelay(true);
  socket.on("connect", () => {
    stats.connected++;
    state.opened = performance.now();
    socket.write(
      "POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${ANNOUNCED_BYTES}\r\n\r\n`,
    );
    state.timer = setInterval(() => socket.write(" "), BYTE_EVERY_MS);
  });
  socket.on("data", (chunk) => {
    const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1];
    if (status) stats.answers.set(status, (stats.answers.get(status) ?? 0) + 1);
  });
  socket.on("error", (error) => {
    if (!state.opened) stats.connectErrors.set(error.code, (stats.connectErrors.get(error.code) ?? 0) + 1);
  });
  socket.on("close", () => {
    clearInterval(state.timer);
    if (state.endedByUs) return;
    if (!state.opened) return;
    state.closedByServer = true;
    stats.closedByServer++;
    stats.heldSeconds.push((performance.now() - state.opened) / 1000);
  });
}

async function main() {
  const limit = openFilesLimit();
  if (limit < SLOW + 500) {
    fail(
      `Open-file limit is ${limit}; the drill needs more than ${SLOW + 500}. Run \`ulimit -n ${SLOW + 2000}\` first.`,
    );
  }
  let shop;
  if (process.env.DRILL_URL) {
    const url = new URL(process.env.DRILL_URL);
    if (!["127.0.0.1", "localhost"].includes(url.hostname)) fail("DRILL_URL must point at 127.0.0.1.");
    const base = `http://127.0.0.1:${url.port || 80}`;
    await waitForHealth(base, Date.now() + 10_000);
    shop = { base, logFile: undefined, stop: async () => {} };
  } else {
    console.log("Starting the shop on a fresh SQLite data dir…");
    shop = await startShop();
  }
  const port = Number(new URL(shop.base).port);
  console.log(
    `Drill against ${shop.base}: ${SLOW} slow connections for ${SECONDS} s, one body byte every ${BYTE_EVERY_MS} ms.`,
  );

  const drillEnds = Date.now() + SECONDS * 1000;
  const baseline = [];
  const underLoad = [];
  let phase = baseline;
  let normalRunning = true;
  const normalClient = (async () => {
    while (normalRunning) {
      phase.push(await timedGet(shop.base, "/api/catalog"));
      await sleep(20);
    }
  })();

  await sleep(3000);
  phase = underLoad;

  const stats = {
    connected: 0,
    closedByServer: 0,
    heldSeconds: [],
    answers: new Map(),
    connectErrors: new Map(),
  };
  const connections = [];
  // Opened in steps so the listen backlog is not the thing being measured.
  for (let opened = 0; opened < SLOW; opened += 100) {
    for (let i = opened; i < Math.min(SLOW, opened + 100); i++) openSlowConnection(port, stats, connections);
    await sleep(50);
  }

  let lastReport = 0;
  while (Date.now() < drillEnds) {
    await sleep(1000);
    const elapsed = SECONDS - Math.round((drillEnds - Date.now()) / 1000);
    if (elapsed - lastReport >= 10) {
      lastReport = elapsed;
      const open = connections.filter((c) => !c.socket.destroyed).length;
      console.log(
        `  ${elapsed} s: ${open} slow connections open, ${stats.closedByServer} closed by the server, ` +
          `normal p99 so far ${fmt(summarise(underLoad).p99)}`,
      );
    }
  }

  normalRunning = false;
  await normalClient;
  const stillOpen = connections.filter((c) => !c.socket.destroyed);
  for (const { socket, state } of connections) {
    state.endedByUs = true;
    clearInterval(state.timer);
    socket.destroy();
  }
  await shop.stop();

  const before = summarise(baseline);
  const during = summarise(underLoad);
  const held = stats.heldSeconds.sort((a, b) => a - b);
  console.log("\nResults");
  console.log(
    `  normal client before the flood: ${before.requests} requests, p50 ${fmt(before.p50)}, p99 ${fmt(before.p99)}`,
  );
  console.log(
    `  normal client during the flood: ${during.requests} requests, ${during.failed} failed, ` +
      `p50 ${fmt(during.p50)}, p99 ${fmt(during.p99)}, max ${fmt(during.max)}`,
  );
  console.log(`  slow connections: ${SLOW} opened, ${stats.connected} connected`);
  if (stats.connectErrors.size > 0)
    console.log(`    connect errors: ${JSON.stringify(Object.fromEntries(stats.connectErrors))}`);
  console.log(`    closed by the server: ${stats.closedByServer}; still open at the end: ${stillOpen.length}`);
  if (held.length > 0) {
    console.log(
      `    held before the server closed them: min ${held[0].toFixed(1)} s, median ${percentile(held, 50).toFixed(1)} s, ` +
        `max ${held.at(-1).toFixed(1)} s`,
    );
  }
  if (stats.answers.size > 0) console.log(`    answers they got: ${JSON.stringify(Object.fromEntries(stats.answers))}`);

  const p99Ok = during.p99 < 1000 && during.failed === 0;
  const closedOk = stillOpen.length === 0;
  console.log(`\n  normal p99 under 1 s with no failures: ${p99Ok ? "yes" : "NO"}`);
  console.log(`  every slow connection closed by the server: ${closedOk ? "yes" : "NO"}`);
  process.exitCode = p99Ok && closedOk ? 0 : 1;
}

await main();
