import { type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";
import { openDatabase } from "./connection.js";
import type { Executor } from "./database.js";
import { prepared, statementName } from "./prepared.js";

interface Notes {
  notes: { note_id: Generated<number>; text: string; kind: string };
}

// The shop's queries take its own Database; these run on a table of their own.
const asShop = (notes: Kysely<Notes>) => notes as unknown as Executor;
const asNotes = (shop: Executor) => shop as unknown as Kysely<Notes>;

/** The statements this connection keeps prepared, by name. */
async function preparedOn(connection: Kysely<Notes>): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; statement: string }>`
    select name, statement from pg_prepared_statements`.execute(connection);
  return new Map(rows.map((row) => [row.name, row.statement]));
}

/** PostgreSQL only (vitest.config.ts): SQLite prepares every statement in the process already. */
describe("statements built once, kept prepared on each PostgreSQL connection", () => {
  let shop: TestShop;
  let db: Kysely<Notes>;
  beforeAll(async () => {
    shop = await createTestShop();
    db = openDatabase(shop.ctx.config.databaseUrl).db as unknown as Kysely<Notes>;
  });
  afterAll(async () => {
    await db.destroy();
    await shop.close();
  });
  beforeEach(async () => {
    await sql`drop table if exists notes`.execute(db);
    await sql`create table notes (note_id serial primary key, text text not null, kind text not null)`.execute(db);
    await db
      .insertInto("notes")
      .values([
        { text: "one", kind: "memo" },
        { text: "two", kind: "memo" },
        { text: "three", kind: "other" },
      ])
      .execute();
  });

  it("runs under its name with each call's values, and a column added later changes nothing it answers", async () => {
    const byKind = prepared((shop, kind: string) =>
      asNotes(shop).selectFrom("notes").select(["note_id", "text"]).where("kind", "=", kind).orderBy("note_id"),
    );
    await db.connection().execute(async (connection) => {
      expect(await byKind.rows(asShop(connection), "memo")).toEqual([
        { note_id: 1, text: "one" },
        { note_id: 2, text: "two" },
      ]);
      expect(await byKind.rows(asShop(connection), "other")).toEqual([{ note_id: 3, text: "three" }]);
      const kept = await preparedOn(connection);
      const compiled = byKind.compile(asShop(connection), "memo");
      const name = statementName(compiled.sql) as string;
      expect(name).toMatch(/^shop_\d+$/);
      expect(kept.get(name)).toBe(compiled.sql);

      // A migration of a newer release adds a column while this connection keeps the statement.
      await sql`alter table notes add column pinned boolean not null default false`.execute(db);
      expect(await byKind.rows(asShop(connection), "other")).toEqual([{ note_id: 3, text: "three" }]);
    });
  });

  it("keeps a statement that selects every column unprepared, so a column added later is answered too", async () => {
    const byId = prepared((shop, noteId: number) =>
      asNotes(shop).selectFrom("notes").selectAll().where("note_id", "=", noteId),
    );
    await db.connection().execute(async (connection) => {
      expect(await byId.first(asShop(connection), 1)).toEqual({ note_id: 1, text: "one", kind: "memo" });
      const compiled = byId.compile(asShop(connection), 1);
      expect(statementName(compiled.sql)).toBeUndefined();
      expect([...(await preparedOn(connection)).values()]).not.toContain(compiled.sql);

      await sql`alter table notes add column pinned boolean not null default false`.execute(db);
      expect(await byId.first(asShop(connection), 1)).toEqual({ note_id: 1, text: "one", kind: "memo", pinned: false });
    });
  });
});
