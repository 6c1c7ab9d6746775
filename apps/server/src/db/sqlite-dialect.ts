import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from "kysely";

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

/** One waiter at a time on the writer; the others queue in arrival order. */
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

export interface SqliteConnections {
  /** Every write and every transaction. */
  writer: SQLite.Database;
  /** Plain reads outside a transaction; absent, they go to the writer (an in-memory database has no second connection). */
  reader?: SQLite.Database;
}

/**
 * What Kysely lends for one query or one transaction. It holds the writer only while a transaction is
 * open on it, or for the one write it runs outside a transaction; a plain read outside a transaction
 * runs on the reader at once, so it never queues behind another request's open transaction
 * (docs/decisions/0020).
 */
class SqliteShopConnection implements DatabaseConnection {
  #release: (() => void) | undefined;

  constructor(private readonly driver: SqliteShopDriver) {}

  get inTransaction(): boolean {
    return this.#release !== undefined;
  }

  async begin(): Promise<void> {
    this.#release = await this.driver.writerLock.lock();
    try {
      run(this.driver.writerStatements, CompiledQuery.raw("begin"));
    } catch (error) {
      this.end();
      throw error;
    }
  }

  end(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return run(this.driver.writerStatements, query) as QueryResult<R>;
    if (SelectQueryNode.is(query.query)) return run(this.driver.readerStatements, query) as QueryResult<R>;
    const release = await this.driver.writerLock.lock();
    try {
      return run(this.driver.writerStatements, query) as QueryResult<R>;
    } finally {
      release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("Only a select can be streamed from SQLite.");
    const database = this.inTransaction ? this.driver.connections.writer : this.driver.readerDatabase;
    for (const row of database.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

class SqliteShopDriver implements Driver {
  readonly writerLock = new Mutex();
  readonly writerStatements: StatementCache;
  readonly readerStatements: StatementCache;

  constructor(readonly connections: SqliteConnections) {
    this.writerStatements = new StatementCache(connections.writer);
    this.readerStatements = connections.reader ? new StatementCache(connections.reader) : this.writerStatements;
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
    try {
      await connection.executeQuery(CompiledQuery.raw("commit"));
    } finally {
      connection.end();
    }
  }

  async rollbackTransaction(connection: SqliteShopConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw("rollback"));
    } finally {
      connection.end();
    }
  }

  async releaseConnection(connection: SqliteShopConnection): Promise<void> {
    // A transaction is always ended by commit or rollback; this only guards against a lost lock.
    connection.end();
  }

  async destroy(): Promise<void> {
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
