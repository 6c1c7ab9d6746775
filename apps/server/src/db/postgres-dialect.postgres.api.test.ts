import { type Generated, Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";
import { PipelinedPostgresDialect, sendAhead } from "./postgres-dialect.js";

interface Notes {
  notes: { note_id: Generated<number>; text: string };
}

interface CountedSocket {
  _write: (...args: unknown[]) => unknown;
  _writev?: (...args: unknown[]) => unknown;
}

/** PostgreSQL only (vitest.config.ts): on SQLite a statement is a function call, with nothing to send. */
describe("the shop's PostgreSQL driver sends statements ahead of their answers", () => {
  let shop: TestShop;
  let db: Kysely<Notes>;
  /** How many times the pool's sockets handed bytes to the kernel: one per round trip the shop waits for. */
  let writes = 0;

  beforeAll(async () => {
    shop = await createTestShop();
    const pool = new pg.Pool({ connectionString: shop.ctx.config.databaseUrl, max: 1, pipeline: true });
    pool.on("connect", (client) => {
      const socket = (client as unknown as { connection: { stream: CountedSocket } }).connection.stream;
      for (const method of ["_write", "_writev"] as const) {
        const original = socket[method];
        if (!original) continue;
        socket[method] = function counted(this: unknown, ...args: unknown[]) {
          writes++;
          return original.apply(this, args);
        };
      }
    });
    db = new Kysely<Notes>({ dialect: new PipelinedPostgresDialect(pool) });
  });
  afterAll(async () => {
    await db.destroy();
    await shop.close();
  });
  beforeEach(async () => {
    await sql`drop table if exists notes`.execute(db);
    await sql`create table notes (note_id serial primary key, text text not null unique)`.execute(db);
    await db.insertInto("notes").values({ text: "first" }).execute();
    writes = 0;
  });

  const texts = async () =>
    (await db.selectFrom("notes").select("text").orderBy("note_id").execute()).map((n) => n.text);
  const insert = (trx: Kysely<Notes>, text: string) =>
    trx.insertInto("notes").values({ text }).returning(["note_id", "text"]).compile();

  it("sends begin with a transaction's first statement, and a statement sent ahead with the commit", async () => {
    let counted = 0;
    const sent = await db.transaction().execute(async (trx) => {
      counted = Number((await trx.selectFrom("notes").select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n);
      return sendAhead(trx, insert(trx, "second"));
    });
    expect(counted).toBe(1);
    expect((await sent.answer).rows).toEqual([{ note_id: 2, text: "second" }]);
    // begin and the count, then the insert and the commit: two round trips where one at a time takes four.
    expect(writes).toBe(2);
    expect(await texts()).toEqual(["first", "second"]);
  });

  it("runs what was sent ahead before what follows it, in the order sent", async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await sendAhead(trx, insert(trx, "second"));
      await sendAhead(trx, insert(trx, "third"));
      return trx.selectFrom("notes").select("text").orderBy("note_id").execute();
    });
    expect(seen.map((n) => n.text)).toEqual(["first", "second", "third"]);
  });

  it("throws a statement's failure from the next statement that waits, and writes nothing", async () => {
    const failing = db.transaction().execute(async (trx) => {
      const sent = await sendAhead(trx, insert(trx, "first"));
      // The next statement would fail as "current transaction is aborted"; it names the cause instead.
      await trx.insertInto("notes").values({ text: "after it" }).execute();
      return sent;
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await texts()).toEqual(["first"]);
  });

  it("fails the answer of a statement sent behind a failed one with that failure", async () => {
    const failing = db.transaction().execute(async (trx) => {
      await sendAhead(trx, insert(trx, "first"));
      const behind = await sendAhead(trx, insert(trx, "second"));
      // PostgreSQL answers the second "current transaction is aborted" (25P02); its answer names the cause.
      return behind.answer;
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await texts()).toEqual(["first"]);
  });

  it("fails the commit when a statement sent ahead of it fails, and writes nothing", async () => {
    let answer: Promise<unknown> | undefined;
    const committing = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ text: "second" }).execute();
      answer = (await sendAhead(trx, insert(trx, "first"))).answer;
    });
    await expect(committing).rejects.toMatchObject({ code: "23505" });
    await expect(answer).rejects.toMatchObject({ code: "23505" });
    expect(await texts()).toEqual(["first"]);
    // The connection goes on serving the next transaction.
    await db.transaction().execute((trx) => trx.insertInto("notes").values({ text: "later" }).execute());
    expect(await texts()).toEqual(["first", "later"]);
  });

  it("is refused outside a transaction, where the next statement may take another connection", async () => {
    await expect(sendAhead(db, insert(db, "second"))).rejects.toThrow(/only within a transaction/);
  });
});
