import type { Executor } from "../../db/database.js";

export async function insertEntry(
  db: Executor,
  entry: { at: string; user_id: number; username: string; action: string; target: string; details: string },
) {
  await db.insertInto("audit_log").values(entry).execute();
}
