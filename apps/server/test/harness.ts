import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { User } from "@florist/contract";
import SQLite from "better-sqlite3";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import type { AppContext } from "../src/context.js";
import { changeWatchOf } from "../src/db/changes.js";
import { dialectOf, openDatabase, sqliteFile } from "../src/db/connection.js";
import type { Database } from "../src/db/database.js";
import { accountKey } from "../src/lib/account-key.js";
import { createMailer } from "../src/lib/mailer.js";
import { hashPassword } from "../src/lib/secrets.js";
import { openFileStore } from "../src/lib/storage/index.js";
import { nowIso, setClock } from "../src/lib/time.js";
import { postgresUrl, withAdminClient } from "./postgres.js";

export interface TestShop {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export const APP_URL = "http://shop.test";

/** A fresh shop on its own copy of the template database (SQLite or PostgreSQL, as the run chose). */
export async function createTestShop(overrides: Partial<Config> = {}): Promise<TestShop> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-test-"));
  let databaseUrl: string;
  let dropDatabase = async () => {};
  if (inject("testDatabase") === "postgres") {
    const name = `florist_t_${randomBytes(6).toString("hex")}`;
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject("template")}`));
    databaseUrl = postgresUrl(name);
    dropDatabase = () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  } else {
    await fs.copyFile(inject("template"), path.join(dataDir, "shop.db"));
    databaseUrl = `sqlite:${path.join(dataDir, "shop.db")}`;
  }
  // The shop's defaults from the same schema a real start reads, never the environment of the test run.
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_URL,
      SEED_DEMO: "0",
      JOB_RUNNER: "0",
      WEB_DIST: path.join(dataDir, "no-web-build"),
    }),
    port: 0,
    ...overrides,
  };
  const { db, dialect } = openDatabase(databaseUrl);
  // Files on disk in dataDir, or in a bucket when the overrides name one (`s3: testBucket.settings`).
  const files = openFileStore(config);
  const ctx: AppContext = { db, dialect, config, mailer: createMailer(config), files };
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      ctx.mailer.close?.();
      await db.destroy();
      await files.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The `call` of a test file whose shop is made in beforeAll (so it is looked up at each call): a
 * request with the session cookie when one is given and a JSON body when there is one.
 */
export function callerOf(shop: () => TestShop) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    shop().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export const PASSWORD = "Bunga2025";

let counter = 0;
/** Creates an account straight in the database; returns it with its password. */
export async function createUser(
  shop: TestShop,
  options: { role?: "admin" | "customer"; username?: string; language?: "en" | "id" } = {},
) {
  counter += 1;
  const username = options.username ?? `${options.role ?? "customer"}${counter}${randomBytes(2).toString("hex")}`;
  const email = `${username.toLowerCase()}@example.com`;
  const user = await shop.ctx.db
    .insertInto("users")
    .values({
      username,
      email,
      username_key: accountKey(username),
      email_key: accountKey(email),
      password_hash: await hashPassword(PASSWORD),
      role: options.role ?? "customer",
      created_at: nowIso(),
      language: options.language ?? "en",
    })
    .returning(["user_id", "username", "email", "role", "language"])
    .executeTakeFirstOrThrow();
  return user as User;
}

/** The Cookie header of a session, taken from a login or register answer. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "florist_session");
  if (!cookie) throw new Error(`No session cookie in answer ${response.statusCode}: ${response.body}`);
  return `florist_session=${cookie.value}`;
}

export async function login(shop: TestShop, identifier: string, password = PASSWORD): Promise<string> {
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { identifier, password },
  });
  return sessionCookie(response);
}

/** A new account of the given role and its session cookie. */
export async function signedIn(shop: TestShop, role: "admin" | "customer" = "customer") {
  const user = await createUser(shop, { role });
  return { user, cookie: await login(shop, user.username) };
}

/** Reads the newest mail from the outbox as text. */
export async function lastMail(shop: TestShop): Promise<string> {
  const outbox = path.join(shop.dataDir, "outbox");
  const files = (await fs.readdir(outbox)).sort();
  const last = files.at(-1);
  if (!last) throw new Error("The outbox is empty.");
  return fs.readFile(path.join(outbox, last), "utf8");
}

export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/**
 * A fresh shop for a test file, its clock standing at `now`, with a signed-in admin and customer: opened
 * before the file's tests and closed after them. `call` sends it a request.
 */
export function useShopAt(now: string) {
  const world = { call: callerOf(() => world.shop) } as {
    shop: TestShop;
    admin: SignedIn;
    customer: SignedIn;
    call: ReturnType<typeof callerOf>;
  };
  beforeAll(async () => {
    setClock(() => Date.parse(now));
    world.shop = await createTestShop();
    world.admin = await signedIn(world.shop, "admin");
    world.customer = await signedIn(world.shop, "customer");
  });
  afterAll(() => closeShop(world.shop));
  return world;
}

/** A clock that runs with real time and that a test moves on instead of sleeping. */
export function runningClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** A fresh shop on the given clock. */
export async function openShopOnClock(clock: () => number): Promise<TestShop> {
  setClock(clock);
  return createTestShop();
}

/**
 * A fresh shop on the given clock and a second process on the same database: its own connections,
 * the same tables, as beside this one or after a restart.
 */
export async function openTwoProcesses(clock: () => number): Promise<{ shop: TestShop; other: AppContext }> {
  const shop = await openShopOnClock(clock);
  return { shop, other: { ...shop.ctx, db: openDatabase(shop.ctx.config.databaseUrl).db } };
}

/** Closes a shop opened on a clock of its own (and a second process beside it) and gives the clock back. */
export async function closeShop(shop: TestShop, other?: AppContext): Promise<void> {
  setClock(null);
  await other?.db.destroy();
  await shop.close();
}

/**
 * Waits until this process has heard of the writes made so far: on PostgreSQL until their
 * notifications have all arrived (ChangeWatch.caughtUp), then, on both databases, until the
 * settings token has stood still for 200 ms.
 */
export async function settled(db: Kysely<Database>) {
  await changeWatchOf(db)?.caughtUp?.();
  let last = changeWatchOf(db)?.settingsToken();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const token = changeWatchOf(db)?.settingsToken();
    if (token === last) return;
    last = token;
  }
}

/**
 * Writes with a connection of its own that the shop does not hold, as a script or another tool
 * beside the shop would: a second connection on the SQLite file, a client of its own on PostgreSQL.
 */
export async function writeFromOutside(databaseUrl: string, text: string) {
  if (dialectOf(databaseUrl) === "sqlite") {
    const outside = new SQLite(sqliteFile(databaseUrl));
    try {
      outside.prepare(text).run();
    } finally {
      outside.close();
    }
    return;
  }
  const outside = new pg.Client({ connectionString: databaseUrl });
  await outside.connect();
  try {
    await outside.query(text);
  } finally {
    await outside.end();
  }
}
