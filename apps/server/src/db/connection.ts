import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import pg from "pg";
import { postgresChangeWatch, setChangeWatch, sqliteChangeWatch } from "./changes.js";
import type { Database } from "./database.js";
import { PipelinedPostgresDialect } from "./postgres-dialect.js";
import { statementName } from "./prepared.js";
import { SqliteShopDialect } from "./sqlite-dialect.js";
import { checkpointAside } from "./wal-checkpoints.js";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL answers COUNT and SUM over integers as bigint strings; rupiah and counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** How a database's connections are used right now: open ones, idle ones, queries waiting for one. */
export interface ConnectionUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

const connectionUses = new WeakMap<Kysely<Database>, () => ConnectionUse>();

/**
 * The connection use of a database opened by openDatabase. PostgreSQL: the pool's own counts.
 * SQLite: the writer and the read-only reader, each busy while a transaction is open on it
 * (statements queue inside the process, so none are counted as waiting).
 */
export function connectionUse(db: Kysely<Database>): ConnectionUse | undefined {
  return connectionUses.get(db)?.();
}

export function dialectOf(databaseUrl: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  if (databaseUrl.startsWith("sqlite:")) return "sqlite";
  throw new Error("DATABASE_URL must start with sqlite: or postgres://");
}

export function sqliteFile(databaseUrl: string): string {
  return databaseUrl.slice("sqlite:".length);
}

/**
 * A PostgreSQL connection that runs the statements built once (db/prepared.ts) as named prepared
 * statements: PostgreSQL parses and plans each once per connection instead of on every run, which
 * was a third of its CPU per order (docs/performance.md, 2026-11-28 session 3). Any other SQL runs
 * as before.
 */
class PreparingClient extends pg.Client {}
const runQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function query(this: pg.Client, text: unknown, values?: unknown, callback?: unknown) {
  const name = typeof text === "string" ? statementName(text) : undefined;
  if (name === undefined) return runQuery.call(this, text, values, callback);
  return runQuery.call(this, { name, text, values }, callback);
} as typeof pg.Client.prototype.query;

/** Connections a process opens to PostgreSQL at most, unless told otherwise (DATABASE_POOL_SIZE). */
const POOL_MAX = 8;

export interface OpenOptions {
  /** PostgreSQL: connections at most. */
  poolSize?: number;
  /** SQLite: checkpoint the write-ahead log from a thread of its own, as the running shop does (db/wal-checkpoints.ts). */
  checkpointAside?: boolean;
}

export function openDatabase(databaseUrl: string, options: OpenOptions = {}): Db {
  const dialect = dialectOf(databaseUrl);
  if (dialect === "postgres") {
    const max = options.poolSize ?? POOL_MAX;
    // Pipeline mode: a statement can be sent before the one ahead of it is answered (db/postgres-dialect.ts).
    const pool = new pg.Pool({ connectionString: databaseUrl, max, Client: PreparingClient, pipeline: true });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    // Its listening connection closes with the pool (db.destroy()).
    const watch = postgresChangeWatch(pool, databaseUrl);
    const end = pool.end.bind(pool);
    pool.end = (async () => {
      await watch.close();
      return end();
    }) as typeof pool.end;
    const db = new Kysely<Database>({ dialect: new PipelinedPostgresDialect(pool) });
    setChangeWatch(db, watch);
    connectionUses.set(db, () => ({
      max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return { dialect, db };
  }
  const file = sqliteFile(databaseUrl);
  const inMemory = file === ":memory:";
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  // The write-ahead log is copied back into the database (a checkpoint, two fsyncs) once it holds
  // this many pages, by the commit that crosses it. SQLite's 1,000 (4 MB) meant a checkpoint every
  // 60-odd orders in a rush, rewriting the same hot pages each time: a commit cost 297-376 µs on
  // average, 262-284 µs with 10,000 (docs/performance.md, 2026-11-28), a log of 40 MB at most.
  // The running shop also checkpoints from a thread of its own (checkpointAside below), so this
  // checkpoint finds nearly every page of the log already copied and synced.
  database.pragma("wal_autocheckpoint = 10000");
  // A log that grew past this is cut back to it after a checkpoint, so a burst leaves no large file.
  database.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  // A statement that fires triggers (a new order: the bookings trigger; a product: the catalogue's)
  // keeps the pages it changes in a statement journal, so it can be undone alone. Past 64 KB SQLite
  // writes that journal to a temporary file: 28 writes for every new order. An order's insert took
  // 50 µs that way, 12 µs with temporary files in memory (docs/performance.md, 2026-12-01). What
  // memory holds is one statement's changed pages, or one query's sort.
  database.pragma("temp_store = memory");
  // Plain reads get a connection of their own (docs/decisions/0020); an in-memory database has no second one.
  const reader = inMemory ? undefined : new SQLite(file, { readonly: true });
  reader?.pragma("busy_timeout = 5000");
  // Its sorts and temporary tables, as the writer's.
  reader?.pragma("temp_store = memory");
  const checkpoints = options.checkpointAside && !inMemory ? checkpointAside(path.resolve(file)) : undefined;
  const db = new Kysely<Database>({ dialect: new SqliteShopDialect({ writer: database, reader, checkpoints }) });
  setChangeWatch(db, sqliteChangeWatch(inMemory ? undefined : path.resolve(file), database));
  const connections = reader ? [database, reader] : [database];
  connectionUses.set(db, () => ({
    max: connections.length,
    open: connections.filter((c) => c.open).length,
    idle: connections.filter((c) => c.open && !c.inTransaction).length,
    waiting: 0,
  }));
  return { dialect, db };
}
