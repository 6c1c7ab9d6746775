import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Generated, type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.js";
import type { Executor } from "./database.js";
import { prepared, preparedRows } from "./prepared.js";

interface Notes {
  notes: { note_id: Generated<number>; text: string; kind: string };
}

let dir: string;
let db: Kysely<Notes>;
// The shop's queries take its own Database; these run on a table of their own.
const asShop = (notes: Kysely<Notes>) => notes as unknown as Executor;
const asNotes = (shop: Executor) => shop as unknown as Kysely<Notes>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-prepared-"));
  db = openDatabase(`sqlite:${path.join(dir, "shop.db")}`).db as unknown as Kysely<Notes>;
  await sql`create table notes (note_id integer primary key, text text not null, kind text not null)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("prepared", () => {
  it("builds the query once and runs it with each call's values, constants kept", async () => {
    let builds = 0;
    const insert = prepared((shop, text: string) => {
      builds += 1;
      return asNotes(shop).insertInto("notes").values({ text, kind: "memo" }).returning("note_id");
    });
    const byKind = prepared((shop, kind: string, after: number) => {
      builds += 1;
      return asNotes(shop)
        .selectFrom("notes")
        .select(["text", "kind"])
        .where("kind", "=", kind)
        .where("note_id", ">", after)
        .orderBy("note_id");
    });
    const first = await insert.firstOrThrow(asShop(db), "one");
    await insert.firstOrThrow(asShop(db), "two");
    await insert.firstOrThrow(asShop(db), "three");
    expect(await byKind.rows(asShop(db), "memo", first.note_id)).toEqual([
      { text: "two", kind: "memo" },
      { text: "three", kind: "memo" },
    ]);
    expect(await byKind.first(asShop(db), "other", 0)).toBeUndefined();
    expect(builds).toBe(2);
  });

  it("uses an argument named twice at both places", async () => {
    const same = prepared((shop, value: string) =>
      asNotes(shop).selectFrom("notes").select("note_id").where("text", "=", value).where("kind", "=", value),
    );
    await db.insertInto("notes").values({ text: "x", kind: "x" }).execute();
    await db.insertInto("notes").values({ text: "x", kind: "y" }).execute();
    expect(await same.rows(asShop(db), "x")).toEqual([{ note_id: 1 }]);
  });

  it("runs inside a transaction and counts the rows an update changed", async () => {
    const rename = prepared((shop, text: string, kind: string) =>
      asNotes(shop).updateTable("notes").set({ text }).where("kind", "=", kind),
    );
    await db.insertInto("notes").values({ text: "a", kind: "k" }).execute();
    await db.insertInto("notes").values({ text: "b", kind: "k" }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await rename.changed(asShop(trx), "c", "k")).toBe(2n);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await db.selectFrom("notes").select("text").execute()).map((n) => n.text)).toEqual(["a", "b"]);
    expect(await rename.changed(asShop(db), "c", "k")).toBe(2n);
  });

  it("refuses an argument that does not reach the SQL as a value", async () => {
    // The kind is looked at while building, so the SQL would hold the first call's choice for every call.
    const branches = prepared((shop, kind: string) =>
      asNotes(shop)
        .selectFrom("notes")
        .select("note_id")
        .where("kind", "=", typeof kind === "string" ? kind : "memo"),
    );
    await expect(branches.rows(asShop(db), "memo")).rejects.toThrow("argument 0 is not a parameter");
  });

  it("inserts several rows in one statement, built once for each number of rows", async () => {
    let builds = 0;
    const insert = preparedRows<[string, string], { text: string; kind: string }>(2, (shop, rows) => {
      builds += 1;
      return asNotes(shop)
        .insertInto("notes")
        .values(rows.map(([text, kind]) => ({ text, kind })))
        .returning(["text", "kind"]);
    });
    const texts = async () =>
      (await db.selectFrom("notes").select("text").orderBy("note_id").execute()).map((n) => n.text);
    const sorted = (rows: { text: string; kind: string }[]) => [...rows].sort((a, b) => a.text.localeCompare(b.text));
    expect(
      sorted(
        await insert.rows(asShop(db), [
          ["a", "x"],
          ["b", "y"],
        ]),
      ),
    ).toEqual([
      { text: "a", kind: "x" },
      { text: "b", kind: "y" },
    ]);
    await insert.rows(asShop(db), [
      ["c", "x"],
      ["d", "x"],
    ]);
    await insert.rows(asShop(db), [["e", "z"]]);
    expect(await insert.rows(asShop(db), [])).toEqual([]);
    expect(await texts()).toEqual(["a", "b", "c", "d", "e"]);
    expect(builds).toBe(2);
    await expect(insert.rows(asShop(db), [["f"] as unknown as [string, string]])).rejects.toThrow("a row of 1 values");
    // The statement a call runs, to be sent by other means (db/postgres-dialect.ts, sendAhead): the one kept for its row count.
    const compiled = insert.compile(asShop(db), [
      ["f", "x"],
      ["g", "y"],
    ]);
    expect(compiled.parameters).toEqual(["f", "x", "g", "y"]);
    expect(sorted((await db.executeQuery(compiled)).rows)).toEqual([
      { text: "f", kind: "x" },
      { text: "g", kind: "y" },
    ]);
    expect(builds).toBe(2);
    expect(() => insert.compile(asShop(db), [])).toThrow("no statement for no rows");
  });

  it("takes values besides the rows, as an update of the listed rows does", async () => {
    let builds = 0;
    const rename = preparedRows(1, (shop, rows: [noteId: number][], text: string, kind: string) => {
      builds += 1;
      return asNotes(shop)
        .updateTable("notes")
        .set({ text })
        .where(
          "note_id",
          "in",
          rows.map(([id]) => id),
        )
        .where("kind", "=", kind)
        .returning("note_id");
    });
    await db
      .insertInto("notes")
      .values([
        { text: "a", kind: "memo" },
        { text: "b", kind: "memo" },
        { text: "c", kind: "other" },
      ])
      .execute();
    const ids = async (rows: { note_id: number }[]) => rows.map((r) => r.note_id).sort();
    expect(await ids(await rename.rows(asShop(db), [[1], [3]], "x", "memo"))).toEqual([1]);
    expect(await ids(await rename.rows(asShop(db), [[2], [3]], "y", "other"))).toEqual([3]);
    expect(await ids(await rename.rows(asShop(db), [[2]], "z", "memo"))).toEqual([2]);
    expect((await db.selectFrom("notes").select("text").orderBy("note_id").execute()).map((n) => n.text)).toEqual([
      "x",
      "z",
      "y",
    ]);
    expect(builds).toBe(2);
  });
});
