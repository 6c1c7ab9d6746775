import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.js";
import { StatementCache } from "./sqlite-dialect.js";

interface Notes {
  notes: { note_id: Generated<number>; text: string };
}

let dir: string;
let db: Kysely<Notes>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-sqlite-"));
  db = openDatabase(`sqlite:${path.join(dir, "shop.db")}`).db as unknown as Kysely<Notes>;
  await sql`create table notes (note_id integer primary key, text text not null)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const texts = async (executor: Kysely<Notes>) =>
  (await executor.selectFrom("notes").select("text").orderBy("note_id").execute()).map((n) => n.text);

describe("the SQLite connections", () => {
  it("answer a read while another request's transaction is open, with what was committed before it", async () => {
    await db.insertInto("notes").values({ text: "committed" }).execute();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ text: "in flight" }).execute();
      expect(await texts(trx)).toEqual(["committed", "in flight"]);
      await held;
    });
    // With one connection behind a mutex this read would wait for the transaction, which waits for it.
    expect(await texts(db)).toEqual(["committed"]);
    release();
    await transaction;
    expect(await texts(db)).toEqual(["committed", "in flight"]);
  });

  it("make a write outside a transaction wait for an open one, then run it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ text: "first" }).execute();
      await held;
      order.push("transaction done");
    });
    const write = db
      .insertInto("notes")
      .values({ text: "second" })
      .execute()
      .then(() => order.push("write done"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([transaction, write]);
    expect(order).toEqual(["transaction done", "write done"]);
    expect(await texts(db)).toEqual(["first", "second"]);
  });

  it("roll a failed transaction back and let the next one run", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ text: "undone" }).execute();
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await db.transaction().execute((trx) => trx.insertInto("notes").values({ text: "kept" }).execute());
    expect(await texts(db)).toEqual(["kept"]);
  });

  it("answer the id of an inserted row and the count of changed ones", async () => {
    const inserted = await db.insertInto("notes").values({ text: "a" }).executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(1n);
    const updated = await db.updateTable("notes").set({ text: "b" }).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);
  });
});

describe("StatementCache", () => {
  it("prepares a text once and drops the least recently used beyond its size", () => {
    const database = new SQLite(":memory:");
    const cache = new StatementCache(database, 2);
    const one = cache.get("select 1");
    expect(cache.get("select 1")).toBe(one);
    cache.get("select 2");
    cache.get("select 1");
    cache.get("select 3");
    expect(cache.count).toBe(2);
    expect(cache.get("select 1")).toBe(one);
    expect(cache.get("select 2")).not.toBe(one);
    database.close();
  });
});
