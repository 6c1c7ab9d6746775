/**
 * What the drills and the benchmark share: a free port, a throw-away PostgreSQL database, the shop
 * started in a child process on 127.0.0.1 and stopped again, and small HTTP helpers.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const POSTGRES_ADMIN_URL = process.env.DRILL_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function withPostgres(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server POSTGRES_ADMIN_URL points at. */
export function postgresUrl(name) {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const createPostgresDatabase = (name) =>
  withPostgres(POSTGRES_ADMIN_URL, (c) => c.query(`create database ${name}`));
export const dropPostgresDatabase = (name) =>
  withPostgres(POSTGRES_ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));

/** Deadlocks PostgreSQL has counted in database `name` (flushed when its sessions end). */
export async function postgresDeadlocks(name) {
  const { rows } = await withPostgres(POSTGRES_ADMIN_URL, (c) =>
    c.query("select coalesce(sum(deadlocks), 0)::int as n from pg_stat_database where datname = $1", [name]),
  );
  return rows[0].n;
}

/**
 * Starts the shop in a child process and resolves once /api/health answers. `command` is what runs:
 * by default `src/server.ts` through tsx (no build needed); the benchmark passes the compiled bundle,
 * which is what `npm start` runs.
 */
/**
 * The settings of a throw-away shop on 127.0.0.1 for a load tool: its port, data directory, database
 * and admin password, quiet logs, production mode and no web build. Callers add what they need.
 */
export function throwawayShopEnv({ port, dataDir, databaseUrl, adminPassword }) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_URL: `http://127.0.0.1:${port}`,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: "error",
    NODE_ENV: "production",
    WEB_DIST: path.join(dataDir, "no-web-build"),
  };
}

export async function startShop(
  env,
  { command = [path.join(ROOT, "node_modules/.bin/tsx"), "apps/server/src/server.ts"], cwd = ROOT } = {},
) {
  const [program, ...args] = command;
  const started = performance.now();
  const child = spawn(program, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const log = [];
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => log.push(String(chunk)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited at start:\n${log.join("")}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`The shop did not start within 120 s:\n${log.join("")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    log,
    pid: child.pid,
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid, "SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function cookieOf(response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("florist_session="));
  if (!cookie) throw new Error(`No session cookie (status ${response.status}).`);
  return cookie.split(";")[0];
}

export async function call(base, method, url, cookie, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, response, json: text ? JSON.parse(text) : undefined };
}

export async function expectOk(promise, what) {
  const answer = await promise;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The admin's session cookie, logged in with the password the shop was started with. */
export async function adminCookie(base, adminPassword) {
  const login = await expectOk(
    call(base, "POST", "/api/users/login", undefined, { identifier: "admin", password: adminPassword }),
    "admin login",
  );
  return cookieOf(login.response);
}

/** `count` products in the first category, one size ("Standard") and one colour ("Red"), `stock` each; their ids. */
export async function createLoadProducts(base, admin, { count, stock, label }) {
  const [category] = (await expectOk(call(base, "GET", "/api/category"), "categories")).json;
  const ids = [];
  for (let i = 0; i < count; i++) {
    const created = await expectOk(
      call(base, "POST", "/api/products", admin, {
        category_id: category.category_id,
        name: `${label} bouquet ${i + 1}`,
        price: 150000 + i * 1000,
        stock_quantity: stock,
        size_available: "Standard",
        image_url: "https://images.example.com/load-bouquet.jpg",
        color_available: "Red::#c0392b",
      }),
      "create product",
    );
    ids.push(created.json.productId);
  }
  return ids;
}

/** `count` newly registered shoppers named `<label><n><random>`; their session cookies. */
export async function registerBuyers(base, count, { label, password }) {
  const buyers = [];
  for (let i = 0; i < count; i++) {
    const name = `${label}${i}${randomBytes(3).toString("hex")}`;
    const registered = await expectOk(
      call(base, "POST", "/api/users/register", undefined, { username: name, email: `${name}@example.com`, password }),
      "register buyer",
    );
    buyers.push(cookieOf(registered.response));
  }
  return buyers;
}
