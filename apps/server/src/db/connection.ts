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

export function dialectOf(databaseUrl: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  if (databaseUrl.startsWith("sqlite:")) return "sqlite";
  throw new Error("DATABASE_URL must start with sqlite: or postgres://");
}

export function sqliteFile(databaseUrl: string): string {
  return databaseUrl.slice("sqlite:".length);
}

export function openDatabase(databaseUrl: string): Db {
  const dialect = dialectOf(databaseUrl);
  if (dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    return { dialect, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return { dialect, db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }) };
}
