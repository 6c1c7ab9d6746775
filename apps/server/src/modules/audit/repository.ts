import type { ExpressionBuilder } from "kysely";
import type { Database, Executor } from "../../db/database.js";

export async function insertEntry(
  db: Executor,
  entry: { at: string; user_id: number; username: string; action: string; target: string; details: string },
) {
  await db.insertInto("audit_log").values(entry).execute();
}

export interface EntryFilter {
  userId?: number | undefined;
  /** The first word of the action: "product" matches "product.update", not "products.x". */
  kind?: string | undefined;
}

function filtered(db: Executor, filter: EntryFilter) {
  return db.selectFrom("audit_log").where((eb: ExpressionBuilder<Database, "audit_log">) => {
    const conditions = [];
    if (filter.userId !== undefined) conditions.push(eb("user_id", "=", filter.userId));
    // A kind holds only small letters and dashes (auditQuery), so it needs no LIKE escaping.
    if (filter.kind !== undefined) conditions.push(eb("action", "like", `${filter.kind}.%`));
    return eb.and(conditions);
  });
}

export async function countEntries(db: Executor, filter: EntryFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A page of entries, newest first; entries of the same instant by the order they were written, latest first. */
export function pageEntries(db: Executor, filter: EntryFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .select(["audit_id", "at", "user_id", "username", "action", "target", "details"])
    .orderBy("at", "desc")
    .orderBy("audit_id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Who and what the log holds at all, for the screen's filters. */
export function loggedAdmins(db: Executor) {
  return db
    .selectFrom("audit_log")
    .select(["user_id", "username"])
    .where("user_id", "is not", null)
    .distinct()
    .orderBy("username")
    .execute();
}

export async function loggedActions(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("action").distinct().execute();
  return rows.map((row) => row.action);
}
