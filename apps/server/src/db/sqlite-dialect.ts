import { setImmediate } from "node:timers";
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Driver,
  InsertQueryNode,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  UpdateQueryNode,
} from "kysely";
import { noteStatementRan, noteTransactionBegins, noteTransactionEnded, soleWriterOfItsFile } from "./changes.js";
import type { CheckpointThread } from "./wal-checkpoints.js";

/** Prepared statements kept per connection; the shop's queries are a few hundred distinct texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A connection's prepared statements by SQL text, least recently used dropped first. better-sqlite3
 * runs a statement to its end in one synchronous call (`all`, `run`), so one statement can serve every
 * query with the same text; only an iterator (streaming) holds a statement busy, and streams prepare
 * their own.
 */
export class StatementCache {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly database: SQLite.Database,
    private readonly size = STATEMENT_CACHE_SIZE,
  ) {}

  get(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.database.prepare(sql);
      if (this.#statements.size >= this.size) {
        this.#statements.delete(this.#statements.keys().next().value as string);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  get count(): number {
    return this.#statements.size;
  }
}

function run(cache: StatementCache, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = cache.get(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** One holder at a time on the writer; the others queue in arrival order. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves, once the previous holder has released, with the function that releases this hold. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }
}

/** Transactions committed together at most. */
const GROUP_MAX_MEMBERS = 64;

/** Statements that may join a group: one row-level write of Kysely's, not raw SQL (a pragma, a vacuum). */
const joinsGroup = (query: CompiledQuery): boolean =>
  InsertQueryNode.is(query.query) || UpdateQueryNode.is(query.query) || DeleteQueryNode.is(query.query);

/** A transaction (or one write outside a transaction) holding the writer. */
interface Member {
  release: () => void;
  /** Inside a transaction a member before it opened: its own work is a savepoint. */
  nested: boolean;
}

/** The transaction open on the writer, holding the work of members that have finished and wait for its commit. */
interface Group {
  members: number;
  waiting: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * The writer, committing the transactions of the requests it serves in one turn of the event loop
 * together (group commit, docs/decisions/0032). A transaction that ends does not commit at once:
 * its work stays in the open transaction, the next one to take the writer continues it inside a
 * savepoint of its own, and the commit comes once the requests at hand have had their turn (in
 * `setImmediate`, after the loop's I/O), or at the 64th member. Each caller's commit resolves only
 * once that commit is written, so no request answers before its work is committed; a member that
 * fails rolls back to its savepoint and leaves the others' work; a failed commit fails every member
 * it held (SQLite checks no constraint at the commit unless it is deferred, and the shop's schema
 * defers none there). Members wait for the group's commit only where this process holds the file's
 * one writer, as a running shop does.
 *
 * A commit writes every page its transaction changed to the write-ahead log. The orders of a rush
 * change the same pages (the orders table's last leaf, its indexes, the jobs, the stock), so one
 * commit for many writes each page once instead of once per order.
 */
class GroupCommitWriter {
  readonly lock = new Mutex();
  #group: Group | undefined;
  #commitScheduled = false;

  constructor(
    private readonly database: SQLite.Database,
    private readonly statements: StatementCache,
  ) {}

  /** Waits for the writer and opens a member on it. */
  async open(): Promise<Member> {
    return this.#enter(await this.lock.lock());
  }

  run(query: CompiledQuery): QueryResult<unknown> {
    const result = run(this.statements, query);
    noteStatementRan(this.database, query.sql);
    return result;
  }

  async commit(member: Member): Promise<void> {
    if (member.nested) {
      try {
        this.#raw("release shop_member");
      } catch (error) {
        this.#lost(member, error);
        throw error;
      }
    }
    await this.#finish(member, true);
  }

  async rollback(member: Member): Promise<void> {
    if (!this.database.inTransaction) {
      // SQLite rolled the whole transaction back itself (a full disk, an I/O error): the members
      // waiting for its commit lost their work too.
      this.#lost(member, new Error("The database rolled back a transaction that held other writes."));
      return;
    }
    if (!member.nested) {
      // The first member: nobody else's work is in the transaction yet.
      this.#group = undefined;
      try {
        this.#end("rollback");
      } finally {
        member.release();
      }
      return;
    }
    try {
      this.#raw("rollback to shop_member");
      this.#raw("release shop_member");
    } catch (error) {
      this.#lost(member, error);
      throw error;
    }
    await this.#finish(member, false).catch(() => {
      // The group's commit failed; its waiting members are told. This one's own work was undone anyway.
    });
  }

  /** One write outside a transaction, as a member of its own; raw SQL runs alone, after any open group's commit. */
  async write(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const release = await this.lock.lock();
    if (!joinsGroup(query) || !this.#grouping()) {
      try {
        this.#commitOpenGroup();
        return this.run(query);
      } finally {
        release();
      }
    }
    const member = this.#enter(release);
    let result: QueryResult<unknown>;
    try {
      result = this.run(query);
    } catch (error) {
      await this.rollback(member);
      throw error;
    }
    await this.commit(member);
    return result;
  }

  #enter(release: () => void): Member {
    const nested = this.#group !== undefined;
    try {
      if (!nested) noteTransactionBegins(this.database);
      this.#raw(nested ? "savepoint shop_member" : "begin");
    } catch (error) {
      if (nested) this.#lost({ release, nested }, error);
      else release();
      throw error;
    }
    this.#group ??= { members: 0, waiting: [] };
    return { release, nested };
  }

  /** Ends a member: leaves its work to the group's commit, or commits now at the group's last member. */
  #finish(member: Member, committed: boolean): Promise<void> {
    const group = this.#group as Group;
    group.members += 1;
    if (this.#grouping() && group.members < GROUP_MAX_MEMBERS && (committed || group.waiting.length > 0)) {
      const done = committed
        ? new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject }))
        : Promise.resolve();
      this.#scheduleCommit();
      member.release();
      return done;
    }
    try {
      this.#commitGroup();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    } finally {
      member.release();
    }
  }

  /**
   * Whether ended members wait for a group's commit. Not while this process holds a second writer on
   * the file (a test playing two processes): a group open until the next turn would make that writer
   * wait for the file's lock in SQLite's busy handler, which blocks the event loop the commit needs.
   */
  #grouping(): boolean {
    return soleWriterOfItsFile(this.database);
  }

  /** Commits the open group once the writer is free after this turn's requests (it queues for it like them). */
  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Takes the writer after those queued for it and commits what their group holds. */
  async flush(): Promise<void> {
    const release = await this.lock.lock();
    this.#commitScheduled = false;
    try {
      this.#commitOpenGroup();
    } finally {
      release();
    }
  }

  /** Whether a group holds work not yet committed. */
  get pending(): boolean {
    return this.#group !== undefined;
  }

  /** Commits the open transaction for every member waiting on it; on failure they all get the error. */
  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    try {
      this.#end("commit");
    } catch (error) {
      try {
        if (this.database.inTransaction) this.#end("rollback");
      } finally {
        for (const waiting of group.waiting) waiting.reject(error);
      }
      throw error;
    }
    for (const waiting of group.waiting) waiting.resolve();
  }

  /** Commits a group left open before a statement that must run outside it; its failure reaches its members. */
  #commitOpenGroup(): void {
    try {
      this.#commitGroup();
    } catch {
      // Every member that group held has been given the error.
    }
  }

  /** The open transaction is gone or unusable: its waiting members fail, and the writer is freed. */
  #lost(member: Member, error: unknown): void {
    const group = this.#group;
    this.#group = undefined;
    try {
      if (this.database.inTransaction) this.#end("rollback");
    } finally {
      for (const waiting of group?.waiting ?? []) waiting.reject(error);
      member.release();
    }
  }

  #raw(text: string): void {
    this.run(CompiledQuery.raw(text));
  }

  /** Commits or rolls back the writer's transaction; once none is open, the change token reads the writer live. */
  #end(text: "commit" | "rollback"): void {
    try {
      this.#raw(text);
    } finally {
      if (!this.database.inTransaction) noteTransactionEnded(this.database);
    }
  }
}

export interface SqliteConnections {
  /** Every write and every transaction. */
  writer: SQLite.Database;
  /** Plain reads outside a transaction; absent, they go to the writer (an in-memory database has no second connection). */
  reader?: SQLite.Database;
  /** The thread that checkpoints the file's log, stopped before the connections close. */
  checkpoints?: CheckpointThread;
}

/**
 * What Kysely lends for one query or one transaction. It holds the writer only while a transaction is
 * open on it, or for the one write it runs outside a transaction; a plain read outside a transaction
 * runs on the reader at once, so it never queues behind another request's open transaction
 * (docs/decisions/0020).
 */
class SqliteShopConnection implements DatabaseConnection {
  #member: Member | undefined;

  constructor(private readonly driver: SqliteShopDriver) {}

  get inTransaction(): boolean {
    return this.#member !== undefined;
  }

  async begin(): Promise<void> {
    this.#member = await this.driver.writer.open();
  }

  async commit(): Promise<void> {
    const member = this.#take();
    if (member) await this.driver.writer.commit(member);
  }

  async rollback(): Promise<void> {
    const member = this.#take();
    if (member) await this.driver.writer.rollback(member);
  }

  #take(): Member | undefined {
    const member = this.#member;
    this.#member = undefined;
    return member;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.driver.writer.run(query) as QueryResult<R>;
    if (SelectQueryNode.is(query.query)) return run(this.driver.readerStatements, query) as QueryResult<R>;
    return (await this.driver.writer.write(query)) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("Only a select can be streamed from SQLite.");
    const database = this.inTransaction ? this.driver.connections.writer : this.driver.readerDatabase;
    for (const row of database.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

class SqliteShopDriver implements Driver {
  readonly writer: GroupCommitWriter;
  readonly readerStatements: StatementCache;

  constructor(readonly connections: SqliteConnections) {
    const writerStatements = new StatementCache(connections.writer);
    this.writer = new GroupCommitWriter(connections.writer, writerStatements);
    this.readerStatements = connections.reader ? new StatementCache(connections.reader) : writerStatements;
  }

  get readerDatabase(): SQLite.Database {
    return this.connections.reader ?? this.connections.writer;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteShopConnection(this);
  }

  async beginTransaction(connection: SqliteShopConnection): Promise<void> {
    await connection.begin();
  }

  async commitTransaction(connection: SqliteShopConnection): Promise<void> {
    await connection.commit();
  }

  async rollbackTransaction(connection: SqliteShopConnection): Promise<void> {
    await connection.rollback();
  }

  async releaseConnection(connection: SqliteShopConnection): Promise<void> {
    // A transaction is always ended by commit or rollback; this only guards against a lost one.
    await connection.rollback();
  }

  async destroy(): Promise<void> {
    // Work members were promised a commit for is committed before the writer closes.
    if (this.writer.pending) await this.writer.flush();
    await this.connections.checkpoints?.close();
    this.connections.reader?.close();
    this.connections.writer.close();
  }
}

/**
 * Kysely's SQLite dialect with the shop's driver: prepared statements cached by SQL text, and plain
 * reads on a connection of their own beside the writer (WAL lets readers run while a write
 * transaction is open; they see what was committed before they started).
 */
export class SqliteShopDialect extends SqliteDialect {
  constructor(private readonly connections: SqliteConnections) {
    super({ database: connections.writer });
  }

  override createDriver(): Driver {
    return new SqliteShopDriver(this.connections);
  }
}
