import { randomUUID } from "node:crypto";
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import pg from "pg";
import type { Database } from "./database.js";

/**
 * Tells a process, without a query, that the database may have changed since it last looked
 * (docs/decisions/0022). `token()` gives a number that moves whenever a change may have been
 * committed by anyone, or `undefined` when this process cannot tell right now (then it must read
 * what it needs from the database). Read the token before reading the data it guards: a change
 * committed in between only costs one more read.
 */
export interface ChangeWatch {
  token(): number | undefined;
  /**
   * Like `token`, for the shop's settings tables only (settings, delivery slots, closed dates,
   * districts, bank accounts), the accounts and the sessions' ends: it moves with a change to one of
   * them (a logout, a password change, the hourly sweep of expired sessions), not with every order.
   * `undefined` while the watch is not listening (PostgreSQL).
   */
  settingsToken(): number | undefined;
  /**
   * PostgreSQL: resolves once this process has heard of every change committed before the call. It
   * notifies the catalogue's channel itself (so `token` moves, `settingsToken` does not) and waits for
   * that notification: PostgreSQL delivers a listener's notifications in the order their
   * transactions committed. Resolves at once while the watch is not listening, and as soon as the
   * listener is lost or the watch closed: the token is undefined then, and readers go to the database.
   */
  caughtUp?(): Promise<void>;
  close(): Promise<void>;
}

/** The channel the catalogue's version triggers notify on PostgreSQL (migration 20261201100000). */
export const CATALOG_CHANNEL = "catalog_changed";

/**
 * The channel the settings tables' triggers notify on PostgreSQL (migrations 20261204100000,
 * 20261205100000, 20261206100000 and 20261212100000).
 */
export const SETTINGS_CHANNEL = "settings_changed";

/**
 * A statement of this process that writes one of the settings tables or an account, or that ends
 * sessions (a new session changes nothing kept: only found sessions are kept).
 */
const SETTINGS_WRITE =
  /^\s*(?:(?:insert\s+into|update|delete\s+from|truncate)\s+"?(?:settings|delivery_slots|closed_dates|delivery_zones|bank_accounts|users)"?|(?:delete\s+from|truncate)\s+"?sessions"?)[\s(]/i;

/** The start of a transaction. */
const TRANSACTION_BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;

/** The end of a transaction (not of a savepoint). */
const TRANSACTION_END = /^\s*(?:commit|rollback)\s*;?\s*$/i;

const watches = new WeakMap<Kysely<Database>, ChangeWatch>();

export function setChangeWatch(db: Kysely<Database>, watch: ChangeWatch): void {
  watches.set(db, watch);
}

/** The change watch of a database opened by openDatabase; none for an in-memory SQLite database. */
export function changeWatchOf(db: Kysely<Database>): ChangeWatch | undefined {
  return watches.get(db);
}

/** `select total_changes()` on each SQLite writer, prepared once. */
const totalChangesOf = new WeakMap<SQLite.Database, SQLite.Statement>();

function totalChanges(writer: SQLite.Database): number {
  let statement = totalChangesOf.get(writer);
  if (!statement) {
    statement = writer.prepare("select total_changes()").pluck();
    totalChangesOf.set(writer, statement);
  }
  return statement.get() as number;
}

/** Rows each SQLite writer had changed when its open transaction began: the changes readers can see. */
const changesBeforeTransaction = new WeakMap<SQLite.Database, number>();

/**
 * Called by the SQLite driver just before it opens a transaction on a writer. While that transaction
 * is open, the writer's part of the token stays what it was here: readers (the read connection) see
 * what was committed before it, and the commit moves the token.
 */
export function noteTransactionBegins(writer: SQLite.Database): void {
  changesBeforeTransaction.set(writer, totalChanges(writer));
}

/**
 * Statements each SQLite writer has run that write a settings table (SETTINGS_WRITE), counted again
 * when the transaction that held one ends: the settings token of its file moves with both.
 */
const settingsWritesOf = new WeakMap<SQLite.Database, { count: number; inTransaction: boolean }>();

/**
 * Called by the SQLite driver after a statement has run on a writer. A write to a settings table
 * moves the settings token as it returns, and again as its transaction ends: a read made between the
 * two (which saw the values before the commit) is not kept past it.
 */
export function noteStatementRan(writer: SQLite.Database, text: string): void {
  if (!SETTINGS_WRITE.test(text)) return;
  const writes = settingsWritesOf.get(writer) ?? { count: 0, inTransaction: false };
  writes.count += 1;
  writes.inTransaction ||= writer.inTransaction;
  settingsWritesOf.set(writer, writes);
}

/** Called by the SQLite driver once a writer's transaction has ended: its count is read live again. */
export function noteTransactionEnded(writer: SQLite.Database): void {
  changesBeforeTransaction.delete(writer);
  const writes = settingsWritesOf.get(writer);
  if (writes?.inTransaction) {
    writes.count += 1;
    writes.inTransaction = false;
  }
}

/** The writing connections this process holds on each SQLite file (a test may open two on one file). */
const writersByFile = new Map<string, Set<SQLite.Database>>();

/** The set of writers on the same file as each writer (itself included). */
const writersBeside = new WeakMap<SQLite.Database, Set<SQLite.Database>>();

/**
 * Whether a SQLite writer is the only one this process holds open on its file, as in a running shop
 * (the start lock keeps other shops off it). A test may open two on one file to play two processes.
 */
export function soleWriterOfItsFile(writer: SQLite.Database): boolean {
  const beside = writersBeside.get(writer);
  if (!beside) return true;
  let open = 0;
  for (const connection of beside) if (connection.open) open += 1;
  return open <= 1;
}

/** How often, at most, a process looks for commits by other processes on its SQLite file. */
const OTHERS_EVERY_MS = 1000;

/**
 * SQLite: one process serves a file (the start lock), so what changes it is this process's own
 * writers. The token moves with their `total_changes()` (rows changed by any statement or trigger).
 * While one of them is inside a transaction, its count is the one from just before the transaction
 * began (what it changes is not committed yet, and the reader cannot see it), so the next look after
 * the commit moves it; a transaction the driver did not note makes the token undefined. Tools that
 * write while the shop runs (a script, a second connection) are seen by `PRAGMA data_version` of the
 * writer, which changes with any other connection's commit but not with its own; it takes
 * shared-memory locks (about 6 µs), so it is looked at once a second at most.
 *
 * The settings token moves with the writers' statements that write a settings table, as each
 * returns and again as its transaction ends (noteStatementRan), and with another connection's commit.
 */
export function sqliteChangeWatch(file: string | undefined, writer: SQLite.Database): ChangeWatch {
  // An in-memory database (no file) shares its writer with no other connection.
  const own = (file && writersByFile.get(file)) || new Set<SQLite.Database>();
  if (file) writersByFile.set(file, own);
  own.add(writer);
  writersBeside.set(writer, own);
  // On the writer, whose own commits do not move it; only a file has other connections.
  const dataVersion = file ? writer.prepare("pragma data_version").pluck() : undefined;
  let others: unknown;
  let othersAt = Number.NEGATIVE_INFINITY;
  let counter = 0;
  let seenChanges = -1;
  let settingsCounter = 0;
  let seenSettings = -1;
  /**
   * Moves both tokens when another connection has committed (it may have changed anything). Looked
   * for once a second at most and while the writer is between transactions: the value is cumulative,
   * so a look put off misses nothing.
   */
  const lookForOthers = (): void => {
    const now = performance.now();
    if (!dataVersion || !writer.open || writer.inTransaction || now - othersAt < OTHERS_EVERY_MS) return;
    othersAt = now;
    const version = dataVersion.get();
    if (version === others) return;
    others = version;
    counter += 1;
    settingsCounter += 1;
  };
  return {
    token() {
      let changes = 0;
      for (const connection of own) {
        if (!connection.open) {
          own.delete(connection);
          continue;
        }
        if (!connection.inTransaction) changes += totalChanges(connection);
        else {
          const before = changesBeforeTransaction.get(connection);
          if (before === undefined) return undefined;
          changes += before;
        }
      }
      lookForOthers();
      if (changes !== seenChanges) {
        seenChanges = changes;
        counter += 1;
      }
      return counter;
    },
    // Moves with this file's writers' writes to a settings table, not with every order.
    settingsToken() {
      let writes = 0;
      // A closed writer's count leaves the sum, which moves the token: harmless.
      for (const connection of own) if (connection.open) writes += settingsWritesOf.get(connection)?.count ?? 0;
      lookForOthers();
      if (writes !== seenSettings) {
        seenSettings = writes;
        settingsCounter += 1;
      }
      return settingsCounter;
    },
    close: async () => {
      own.delete(writer);
      if (file && own.size === 0 && writersByFile.get(file) === own) writersByFile.delete(file);
    },
  };
}

/** Statements that cannot change a row: everything else this process runs marks a possible change. */
const READ_ONLY = /^\s*(select|begin|start|set|show|listen)\b/i;

/**
 * PostgreSQL: one connection of its own LISTENs on the catalogue's channel; the version triggers
 * notify it at each commit that changed a product, a picture, a category, an occasion or a review,
 * in any process. This process's own writes move the token as their statement or COMMIT returns
 * (before the caller sees the result), so it reads its own writes without waiting for the
 * notification. While the listener is not listening (starting, lost, reconnecting) the token is
 * undefined and readers go to the database; once it listens again the token moves, so everything
 * cached meanwhile is checked again.
 *
 * The settings token works alike on the settings channel, moved by this process's own writes to a
 * settings table: as the statement returns, and again as the transaction that held it ends, so a
 * read made between the two (which saw the values before the commit) is not kept past it.
 */
export function postgresChangeWatch(pool: pg.Pool, connectionString: string): ChangeWatch {
  let counter = 0;
  let settingsCounter = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Connections inside a transaction (`begin` sent, no `commit` or `rollback` yet). */
  const inTransaction = new WeakSet<object>();
  /** Connections inside a transaction that has written a settings table. */
  const wroteSettings = new WeakSet<object>();
  /** The notifications caughtUp waits for, by payload. */
  const marks = new Map<string, () => void>();
  /** A lost or closed listener hears nothing more: whoever waits for it reads the database instead. */
  const releaseMarks = () => {
    for (const release of marks.values()) release();
    marks.clear();
  };

  pool.on("connect", (connection) => {
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    (connection as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === "string" ? first : first?.text;
      if (text !== undefined && TRANSACTION_BEGIN.test(text)) inTransaction.add(connection);
      if (text !== undefined && !READ_ONLY.test(text) && result instanceof Promise) {
        let settings = SETTINGS_WRITE.test(text);
        // A write outside a transaction is committed as it returns: no later commit moves the token for it.
        if (settings && inTransaction.has(connection)) wroteSettings.add(connection);
        else if (TRANSACTION_END.test(text)) {
          inTransaction.delete(connection);
          settings = wroteSettings.delete(connection);
        }
        const moved = () => {
          counter += 1;
          if (settings) settingsCounter += 1;
        };
        result.then(moved, moved);
      }
      return result;
    };
  });

  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, 1000);
    retry.unref();
  };

  async function listen() {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    const lost = () => {
      if (client !== next) return;
      listening = false;
      client = undefined;
      releaseMarks();
      next.end().catch(() => {});
      reconnect();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === SETTINGS_CHANNEL) settingsCounter += 1;
      else counter += 1;
      const waiting = marks.get(message.payload ?? "");
      if (waiting) {
        marks.delete(message.payload ?? "");
        waiting();
      }
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CATALOG_CHANNEL}; listen ${SETTINGS_CHANNEL}`);
      if (client !== next || closed) return;
      counter += 1;
      settingsCounter += 1;
      listening = true;
    } catch {
      lost();
    }
  }
  let started = false;
  // Only a process that asks opens the listening connection (a migration or a backup never does).
  const listened = (value: number) => {
    if (!started) {
      started = true;
      void listen();
    }
    return listening ? value : undefined;
  };

  return {
    token: () => listened(counter),
    settingsToken: () => listened(settingsCounter),
    async caughtUp() {
      const listener = client;
      if (!listener || !listening) return;
      const mark = `caught-up ${randomUUID()}`;
      const heard = new Promise<void>((resolve) => marks.set(mark, resolve));
      try {
        await listener.query("select pg_notify($1, $2)", [CATALOG_CHANNEL, mark]);
      } catch {
        // The listener was lost: its token is undefined until it listens again, which is as good.
        marks.delete(mark);
        return;
      }
      await heard;
    },
    async close() {
      closed = true;
      listening = false;
      releaseMarks();
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
