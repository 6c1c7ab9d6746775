import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database.js";

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
 * SQLite: the one connection, busy while a transaction is open on it (statements queue inside the
 * process, so none are counted as waiting).
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

/** Connections a process opens to PostgreSQL at most. */
const POOL_MAX = 10;

export function openDatabase(databaseUrl: string): Db {
  const dialect = dialectOf(databaseUrl);
  if (dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    connectionUses.set(db, () => ({
      max: POOL_MAX,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return { dialect, db };
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  connectionUses.set(db, () => ({
    max: 1,
    open: database.open ? 1 : 0,
    idle: database.open && !database.inTransaction ? 1 : 0,
    waiting: 0,
  }));
  return { dialect, db };
}
