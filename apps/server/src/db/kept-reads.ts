import type { Kysely } from "kysely";
import { changeWatchOf } from "./changes.js";
import type { Database, Executor } from "./database.js";

/** Keys kept at most per database; past it everything kept is dropped (closed dates are kept per window). */
const MAX_KEPT = 64;

interface Kept {
  token: number | undefined;
  reads: Map<string, Promise<unknown>>;
}

const keptByDatabase = new WeakMap<Kysely<Database>, Kept>();

/**
 * A read of the shop's settings tables (the order settings, the active slots, closed dates, the bank
 * accounts, the language of the shop's own mails) kept in memory while the change watch's settings
 * token stays the same (db/changes.ts): every order reads them, and they change when an admin saves
 * a setting or the schedule. The token is taken before the read, so a change committed meanwhile
 * only costs another read. Read again each time inside a transaction (it may have written them),
 * where the watch cannot tell (a PostgreSQL listener not yet listening) and after a failed read. On
 * SQLite a tool writing the file beside the shop is seen within a second (db/changes.ts). What it
 * answers is shared: callers must not change it.
 */
export function keptRead<T>(db: Executor, key: string, read: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return read();
  const root = db as Kysely<Database>;
  const token = changeWatchOf(root)?.settingsToken();
  if (token === undefined) return read();
  let kept = keptByDatabase.get(root);
  if (!kept || kept.token !== token || kept.reads.size >= MAX_KEPT) {
    kept = { token, reads: new Map() };
    keptByDatabase.set(root, kept);
  }
  const found = kept.reads.get(key);
  if (found) return found as Promise<T>;
  const reads = kept.reads;
  const answer = read();
  reads.set(key, answer);
  answer.catch(() => {
    if (reads.get(key) === answer) reads.delete(key);
  });
  return answer;
}
