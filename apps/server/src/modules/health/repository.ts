import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

/** The cheapest statement that needs the database to answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
