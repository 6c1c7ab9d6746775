import SQLite from "better-sqlite3";

/** Pages per step of the online backup: more than any shop's database has, so one step copies it all. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a SQLite database that a running shop keeps writing, with SQLite's online backup API.
 * The copy is made in one step, inside one read transaction: it is the database as it stood at one
 * instant, every committed order in it and no half-written one. In WAL mode the shop's writers do
 * not wait for it (if one commits between two steps, SQLite starts the copy over, whole again). The
 * copy is left in rollback-journal mode, a single self-contained file; the shop turns WAL back on
 * when it opens it. Answers the copy's newest migration, the schema it holds.
 */
export async function snapshotSqlite(source: string, destination: string): Promise<string | null> {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    await database.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    return newestMigration(copy);
  } finally {
    copy.close();
  }
}

/** Whether a database file is whole (SQLite's integrity check), and the newest migration it holds. */
export function checkSqlite(file: string): { intact: boolean; newestMigration: string | null } {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = database.pragma("integrity_check", { simple: true });
    return { intact: result === "ok", newestMigration: newestMigration(database) };
  } finally {
    database.close();
  }
}

function newestMigration(database: SQLite.Database): string | null {
  const table = database
    .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) return null;
  const row = database.prepare("select name from kysely_migration order by name desc limit 1").get() as
    | { name: string }
    | undefined;
  return row?.name ?? null;
}
