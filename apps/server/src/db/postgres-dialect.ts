import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  PostgresDialect,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type pg from "pg";

/**
 * The shop's PostgreSQL driver for Kysely: node-postgres in pipeline mode, so a statement can go
 * out behind another without waiting for its answer (docs/decisions/0037).
 *
 * Every round trip to PostgreSQL is time a request waits, and, while a transaction holds locks, time
 * the next one that wants them waits too; with the database on another machine it is most of an
 * order's time. Statements whose answers the next statement does not need are therefore sent
 * ahead: `begin` goes out with a transaction's first statement, and `sendAhead` lets a transaction
 * send one statement and the next behind it (the products' lock and the stock taken, a savepoint
 * and the slot's lock, an order's write and the commit). PostgreSQL still runs them one after the
 * other, in the order sent, each as its own statement with its own answer.
 *
 * Every statement sent ahead is settled by the next statement that waits for its answer: that one
 * throws the first failure of those sent before it, so a transaction never goes on past a statement
 * that failed, and its commit never succeeds after one.
 */
export class PipelinedPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new PipelinedPostgresDriver(this.pool);
  }
}

const ignore = () => {};

/** Marks a compiled query as sent ahead; the connection leaves its answer here. */
const AHEAD = Symbol("sent ahead");

interface AheadMark {
  answer?: Promise<QueryResult<unknown>>;
}

type MarkedQuery = CompiledQuery & { [AHEAD]?: AheadMark };

/** A statement on its way: its answer comes later (await `answer`). */
export interface Sent<T> {
  answer: Promise<T>;
}

/**
 * Sends `query` within the transaction `db` and resolves once it has been sent, with its answer to
 * come. The statements that follow go out behind it at once on PostgreSQL; on SQLite, where a
 * statement is a function call, it has already run. Its failure, if any, is thrown by the next
 * statement that waits for its answer (or by the commit) as well as by `answer`; `answer` fails
 * with the first failure of the statements sent ahead before it, if one did.
 */
export async function sendAhead<R>(
  db: Pick<Kysely<unknown>, "isTransaction" | "executeQuery">,
  query: CompiledQuery<R>,
): Promise<Sent<QueryResult<R>>> {
  if (!db.isTransaction) throw new Error("sendAhead: only within a transaction, whose connection is its own");
  const mark: AheadMark = {};
  const marked: MarkedQuery = { ...query, [AHEAD]: mark };
  const result = (await db.executeQuery(marked)) as QueryResult<R>;
  return { answer: (mark.answer as Promise<QueryResult<R>> | undefined) ?? Promise.resolve(result) };
}

/** `sent` with its answer made into `use`'s value; a failure nobody is left to await (the commit threw it) crashes nothing. */
export function answerOf<R, T>(sent: Sent<R>, use: (result: R) => T): Sent<T> {
  const answer = sent.answer.then(use);
  answer.catch(ignore);
  return { answer };
}

/** A value already known, as a statement sent ahead answers it. */
export function answered<T>(value: T): Sent<T> {
  return { answer: Promise.resolve(value) };
}

interface PgSocket {
  cork?: () => void;
  uncork?: () => void;
}

class PipelinedConnection implements DatabaseConnection {
  /**
   * The answer of the last statement sent ahead that no statement has waited for yet. It fails with
   * the first failure of those sent before it, as PostgreSQL answers them in order: a statement
   * behind a failed one only says the transaction was aborted, which is no reason to give anyone.
   */
  #ahead: Promise<unknown> | undefined;
  #corked = false;

  constructor(readonly client: pg.PoolClient) {}

  /** The socket node-postgres writes to: held between a statement sent ahead and the next, so both leave in one write. */
  get #socket(): PgSocket | undefined {
    return (this.client as unknown as { connection?: { stream?: PgSocket } }).connection?.stream;
  }

  #send(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const answer = this.client.query(query.sql, [...query.parameters]).then(({ command, rowCount, rows }) => ({
      numAffectedRows:
        command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE"
          ? BigInt(rowCount ?? 0)
          : undefined,
      rows: rows ?? [],
      command,
    }));
    // A failure is thrown to whoever waits for it; an answer nobody waits for must not crash the process.
    answer.catch(ignore);
    return answer;
  }

  #hold(): void {
    if (this.#corked) return;
    const socket = this.#socket;
    if (!socket?.cork) return;
    socket.cork();
    this.#corked = true;
    // Let go at the latest once this turn of the event loop is over, whatever the transaction does next.
    setImmediate(() => this.#release());
  }

  #release(): void {
    if (!this.#corked) return;
    this.#corked = false;
    this.#socket?.uncork?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const mark = (query as MarkedQuery)[AHEAD];
    if (mark) {
      this.#hold();
      const own = this.#send(query);
      const earlier = this.#ahead;
      const answer = earlier ? earlier.then(() => own) : own;
      answer.catch(ignore);
      this.#ahead = answer;
      mark.answer = answer;
      return { rows: [] };
    }
    const answer = this.#send(query);
    this.#release();
    return (await this.#settled(answer)) as QueryResult<R>;
  }

  /** `answer`, once every statement sent ahead of it has been answered; the first failure among them is thrown. */
  async #settled(answer: Promise<QueryResult<unknown>>): Promise<QueryResult<unknown>> {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    await ahead;
    return answer;
  }

  /** `begin`, sent ahead of the transaction's first statement. */
  begin(settings: TransactionSettings): void {
    let text = "begin";
    if (settings.isolationLevel || settings.accessMode) {
      text = ["start transaction", settings.isolationLevel && `isolation level ${settings.isolationLevel}`]
        .concat(settings.accessMode ?? [])
        .filter(Boolean)
        .join(" ");
    }
    const mark: AheadMark = {};
    void this.executeQuery({ ...CompiledQuery.raw(text), [AHEAD]: mark } as MarkedQuery);
  }

  async commit(): Promise<void> {
    const result = (await this.executeQuery(CompiledQuery.raw("commit"))) as QueryResult<unknown> & {
      command?: string;
    };
    // PostgreSQL ends a transaction in which a statement failed with a rollback, even when told to commit.
    if (result.command === "ROLLBACK")
      throw new Error("The transaction was rolled back: one of its statements failed.");
  }

  async rollback(): Promise<void> {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    const answer = this.#send(CompiledQuery.raw("rollback"));
    this.#release();
    await ahead?.catch(ignore);
    await answer;
  }

  // biome-ignore lint/correctness/useYield: the shop streams no PostgreSQL query; a caller that tries learns why.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the shop's PostgreSQL connections.");
  }
}

class PipelinedPostgresDriver implements Driver {
  readonly #connections = new WeakMap<pg.PoolClient, PipelinedConnection>();

  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PipelinedConnection(client);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(connection: PipelinedConnection, settings: TransactionSettings): Promise<void> {
    connection.begin(settings);
  }

  async commitTransaction(connection: PipelinedConnection): Promise<void> {
    await connection.commit();
  }

  async rollbackTransaction(connection: PipelinedConnection): Promise<void> {
    await connection.rollback();
  }

  async releaseConnection(connection: PipelinedConnection): Promise<void> {
    connection.client.release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}
