import { type Kysely, sql } from "kysely";
import type { Dialect } from "./connection.js";
import type { Database } from "./database.js";

/**
 * The PostgreSQL advisory lock key of a shop's start (any fixed 64-bit number no other code uses;
 * Kysely's migrator takes its own, different one inside each migration transaction).
 */
export const START_LOCK = 7_406_115_211_023;

/**
 * Runs `work` (migrate, then seed) while no other process of the shop is doing the same, so
 * processes started together on one empty PostgreSQL database migrate and seed once: the first
 * does the work, the others wait, then find it done. The lock is held by one dedicated connection
 * and ends with it, so a process that dies while starting never blocks the next. SQLite serves one
 * process (docs/several-processes.md), so nothing is locked there.
 */
export async function oneStartAtATime<T>(db: Kysely<Database>, dialect: Dialect, work: () => Promise<T>): Promise<T> {
  if (dialect !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK})`.execute(connection);
    }
  });
}
