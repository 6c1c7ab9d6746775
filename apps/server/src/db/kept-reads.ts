import type { Kysely } from "kysely";
import { changeWatchOf } from "./changes.js";
import type { Database, Executor } from "./database.js";

interface Kept {
  token: number | undefined;
  reads: Map<string, Promise<unknown>>;
}

/**
 * Reads kept in memory while the change watch's settings token stays the same (db/changes.ts): the
 * token moves when a settings table, an account or a session's end is written, in any process. The
 * token is taken before the read, so a change committed meanwhile only costs another read. Read again
 * each time inside a transaction (it may have written them), where the watch cannot tell (a PostgreSQL
 * listener not yet listening) and after a failed read. On SQLite a tool writing the file beside the
 * shop is seen within a second (db/changes.ts). What it answers is shared: callers must not change it.
 */
export class KeptReads {
  readonly #byDatabase = new WeakMap<Kysely<Database>, Kept>();

  /** `limit`: keys kept at most per database; past it everything kept is dropped. */
  constructor(private readonly limit: number) {}

  /** The answer of `read` for `key`, kept while `keep` says so of it (by default always). */
  read<T>(db: Executor, key: string, read: () => Promise<T>, keep?: (answer: T) => boolean): Promise<T> {
    if (db.isTransaction) return read();
    const root = db as Kysely<Database>;
    const token = changeWatchOf(root)?.settingsToken();
    if (token === undefined) return read();
    let kept = this.#byDatabase.get(root);
    if (!kept || kept.token !== token || kept.reads.size >= this.limit) {
      kept = { token, reads: new Map() };
      this.#byDatabase.set(root, kept);
    }
    const found = kept.reads.get(key);
    if (found) return found as Promise<T>;
    const reads = kept.reads;
    const answer = read();
    reads.set(key, answer);
    const forget = () => {
      if (reads.get(key) === answer) reads.delete(key);
    };
    answer.then((value) => {
      if (keep && !keep(value)) forget();
    }, forget);
    return answer;
  }
}

/** Closed dates are kept per window, so a few dozen keys hold every read the shop's settings make. */
const settingsReads = new KeptReads(64);

/**
 * A read of the shop's settings tables (the order settings, the active slots, closed dates, the bank
 * accounts, the language of the shop's own mails) kept in memory while the settings token stands
 * (KeptReads): every order reads them, and they change when an admin saves a setting or the schedule.
 */
export function keptRead<T>(db: Executor, key: string, read: () => Promise<T>): Promise<T> {
  return settingsReads.read(db, key, read);
}
