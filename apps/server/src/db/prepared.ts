import type { Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./database.js";

/** Stands for the query's argument `index` while the query is built once. */
class Argument {
  constructor(readonly index: number) {}
}

type Slot = { argument: number } | { constant: unknown };

interface Compiled {
  template: CompiledQuery;
  slots: Slot[];
}

/**
 * The name each statement built once is kept prepared under on PostgreSQL, by its SQL
 * (db/connection.ts): each connection parses and plans it once instead of on every run.
 */
const statementNames = new Map<string, string>();

/**
 * A statement that selects or returns `*` is not kept prepared: a column added by a migration of a
 * newer release, while this process still runs, would change its rows, and PostgreSQL refuses to run
 * a prepared statement whose rows changed shape. `count(*)` is no such statement.
 */
const EVERY_COLUMN = /(?:select|returning|,)\s+\*|\.\*/i;

/** The name a statement built once is prepared under on PostgreSQL; undefined for any other SQL. */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

function keepPrepared(sql: string) {
  if (!statementNames.has(sql) && !EVERY_COLUMN.test(sql)) statementNames.set(sql, `shop_${statementNames.size + 1}`);
}

/**
 * A query of a fixed shape built and compiled by Kysely once per dialect, then run again with each
 * call's values (docs/performance.md, 2026-11-27 session 2): building a query is most of Kysely's
 * CPU per statement, and the hot queries of an order have the same SQL text every time.
 *
 * `build` gets the executor and stand-ins for its arguments; each argument must be used as a plain
 * value (compared, inserted, set), never looked into or branched on, since the SQL is made once. An
 * argument that does not reach the SQL as one parameter is a mistake and throws on first use.
 */
export function prepared<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  // At most one per dialect: the SQL text depends on nothing else.
  const byDialect = new Map<unknown, Compiled>();

  function compile(db: Executor, arity: number): Compiled {
    const stands = Array.from({ length: arity }, (_, index) => new Argument(index));
    const template = build(db, ...(stands as unknown as A)).compile();
    keepPrepared(template.sql);
    const slots: Slot[] = template.parameters.map((value) =>
      value instanceof Argument ? { argument: value.index } : { constant: value },
    );
    for (const stand of stands) {
      if (!slots.some((slot) => "argument" in slot && slot.argument === stand.index)) {
        throw new Error(`prepared query: argument ${stand.index} is not a parameter of ${template.sql}`);
      }
    }
    return { template, slots };
  }

  function query(db: Executor, args: A): CompiledQuery<R> {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = compile(db, args.length);
      byDialect.set(dialect, compiled);
    }
    const parameters = compiled.slots.map((slot) => ("argument" in slot ? args[slot.argument] : slot.constant));
    return { ...compiled.template, parameters } as CompiledQuery<R>;
  }

  return {
    /** The SQL and values a call runs. */
    compile(db: Executor, ...args: A): CompiledQuery<R> {
      return query(db, args);
    },
    /** Every row. */
    async rows(db: Executor, ...args: A): Promise<R[]> {
      return (await db.executeQuery(query(db, args))).rows;
    },
    /** The first row, if any. */
    async first(db: Executor, ...args: A): Promise<R | undefined> {
      return (await db.executeQuery(query(db, args))).rows[0];
    },
    /** The first row; throws when there is none (as Kysely's executeTakeFirstOrThrow). */
    async firstOrThrow(db: Executor, ...args: A): Promise<R> {
      const row = (await db.executeQuery(query(db, args))).rows[0];
      if (row === undefined) throw new Error("prepared query: no result");
      return row;
    },
    /** How many rows an update or delete changed. */
    async changed(db: Executor, ...args: A): Promise<bigint> {
      return (await db.executeQuery(query(db, args))).numAffectedRows ?? 0n;
    },
  };
}

/** Row counts up to this many keep their statement; a larger insert builds its own each time. */
const KEPT_ROW_COUNTS = 16;

/**
 * `prepared` for a statement over several rows of `width` values each (an insert of an order's
 * mails, their jobs; the products of an order locked or their stock taken): one statement is built
 * for each number of rows and run again with the rows' values, so several rows cost one round trip
 * and no more building than one. `args` are values the statement takes once, besides the rows.
 */
export function preparedRows<Row extends unknown[], R, A extends unknown[] = []>(
  width: number,
  build: (db: Executor, rows: Row[], ...args: A) => Compilable<R>,
) {
  const byCount = new Map<number, ReturnType<typeof prepared<unknown[], R>>>();
  const forCount = (count: number, arity: number) => {
    const kept = byCount.get(count);
    if (kept) return kept;
    const query = prepared<unknown[], R>((db, ...values) =>
      build(
        db,
        Array.from({ length: count }, (_, row) => values.slice(arity + row * width, arity + (row + 1) * width) as Row),
        ...(values.slice(0, arity) as A),
      ),
    );
    if (count <= KEPT_ROW_COUNTS) byCount.set(count, query);
    return query;
  };
  const checked = (rows: Row[]) => {
    for (const row of rows)
      if (row.length !== width) throw new Error(`prepared rows: a row of ${row.length} values, not ${width}`);
    return rows;
  };
  return {
    /** Every row the statement answers; none is run for no rows. */
    async rows(db: Executor, rows: Row[], ...args: A): Promise<R[]> {
      if (rows.length === 0) return [];
      return forCount(rows.length, args.length).rows(db, ...args, ...checked(rows).flat());
    },
    /** The SQL and values a call for at least one row runs. */
    compile(db: Executor, rows: Row[], ...args: A): CompiledQuery<R> {
      if (rows.length === 0) throw new Error("prepared rows: no statement for no rows");
      return forCount(rows.length, args.length).compile(db, ...args, ...checked(rows).flat());
    },
  };
}
