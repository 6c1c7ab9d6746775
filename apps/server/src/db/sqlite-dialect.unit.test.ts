import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeWatchOf } from "./changes.js";
import { openDatabase } from "./connection.js";
import { StatementCache } from "./sqlite-dialect.js";

interface Notes {
  notes: { note_id: Generated<number>; text: string };
}

let dir: string;
let file: string;
let db: Kysely<Notes>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-sqlite-"));
  file = path.join(dir, "shop.db");
  db = openDatabase(`sqlite:${file}`).db as unknown as Kysely<Notes>;
  await sql`create table notes (note_id integer primary key, text text not null)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const texts = async (executor: Kysely<Notes>) =>
  (await executor.selectFrom("notes").select("text").orderBy("note_id").execute()).map((n) => n.text);

/** What another connection to the file sees: the committed notes only. */
function committedTexts(): string[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return other.prepare("select text from notes order by note_id").pluck().all() as string[];
  } finally {
    other.close();
  }
}

/** A promise a test resolves when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** A transaction that writes one note, then holds the writer until `until` resolves. */
const holding = (text: string, until: Promise<void>) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto("notes").values({ text }).execute();
    await until;
  });

/** Lets the requests started so far run until they wait for something (the writer, a gate). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the SQLite connections", () => {
  it("keep a statement's journal and a query's sort in memory, not in temporary files", async () => {
    // 2 is MEMORY: a statement that fires a trigger no longer writes its journal to a file (connection.ts).
    const rows = (await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows;
    expect(rows).toEqual([{ temp_store: 2 }]);
  });

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

describe("the SQLite writer's group commit", () => {
  it("commits the transactions that queued for it together, each answering only once its work is committed", async () => {
    const first = gate();
    const second = gate();
    const answered: string[] = [];
    const a = holding("a", first.opened).then(() => answered.push("a"));
    const b = holding("b", second.opened).then(() => answered.push("b"));
    const c = db
      .insertInto("notes")
      .values({ text: "c" })
      .execute()
      .then(() => answered.push("c"));
    await settle();
    first.open();
    await settle();
    // a has ended while b and c waited: its work is in the transaction b now continues, not committed.
    expect(answered).toEqual([]);
    expect(committedTexts()).toEqual([]);
    second.open();
    await Promise.all([a, b, c]);
    expect(answered.sort()).toEqual(["a", "b", "c"]);
    expect(committedTexts()).toEqual(["a", "b", "c"]);
  });

  it("rolls a failed member back to its own savepoint and commits the others' work", async () => {
    const first = gate();
    const a = holding("a", first.opened);
    const b = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ text: "b" }).execute();
      throw new Error("refused");
    });
    const c = db.insertInto("notes").values({ text: "c" }).execute();
    await settle();
    first.open();
    await expect(b).rejects.toThrow("refused");
    await Promise.all([a, c]);
    expect(committedTexts()).toEqual(["a", "c"]);
  });

  it("fails every member a failed commit held, and lets the next transaction run", async () => {
    // A deferred foreign key is checked at the commit: the only way a commit itself refuses here.
    await sql`create table tags (note_id integer references notes (note_id) deferrable initially deferred)`.execute(db);
    const first = gate();
    const a = holding("a", first.opened);
    const b = db.transaction().execute((trx) => sql`insert into tags (note_id) values (999)`.execute(trx));
    await settle();
    first.open();
    await expect(a).rejects.toThrow(/FOREIGN KEY/);
    await expect(b).rejects.toThrow(/FOREIGN KEY/);
    expect(committedTexts()).toEqual([]);
    await db.insertInto("notes").values({ text: "later" }).execute();
    expect(committedTexts()).toEqual(["later"]);
  });
});

describe("the SQLite change token", () => {
  it("stays what the readers can see while a transaction is open, and moves with its commit", async () => {
    const watch = changeWatchOf(db as never);
    const before = watch?.token();
    expect(before).toBeDefined();
    const first = gate();
    const transaction = holding("in flight", first.opened);
    await settle();
    // A read cached now holds what was committed before the transaction: the same token says so.
    expect(watch?.token()).toBe(before);
    expect(await texts(db)).toEqual([]);
    first.open();
    await transaction;
    expect(watch?.token()).not.toBe(before);
    expect(await texts(db)).toEqual(["in flight"]);
  });
});

/** The notes in the database file itself, without its write-ahead log: what a checkpoint has copied there. */
function notesInTheFile(): number {
  const alone = path.join(dir, "file-alone.db");
  fs.copyFileSync(file, alone);
  const copy = new SQLite(alone);
  try {
    const table = copy.prepare("select count(*) from sqlite_master where name = 'notes'").pluck().get();
    return table ? (copy.prepare("select count(*) from notes").pluck().get() as number) : 0;
  } finally {
    copy.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${alone}${suffix}`, { force: true });
  }
}

describe("the SQLite checkpoint thread", () => {
  beforeEach(async () => {
    await db.destroy();
    db = openDatabase(`sqlite:${file}`, { checkpointAside: true }).db as unknown as Kysely<Notes>;
  });

  it("copies what the shop commits from the log into the database file, far below the writer's own threshold", async () => {
    await db
      .insertInto("notes")
      .values(Array.from({ length: 50 }, (_, i) => ({ text: `note ${i}` })))
      .execute();
    await vi.waitFor(() => expect(notesInTheFile()).toBe(50), { timeout: 5000, interval: 50 });
    // The shop's own reads still see every note.
    expect(await texts(db)).toHaveLength(50);
  });

  it("stops with the database, leaving the file whole", async () => {
    await db.insertInto("notes").values({ text: "kept" }).execute();
    await db.destroy();
    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.prepare("select text from notes").pluck().all()).toEqual(["kept"]);
      expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      reopened.close();
    }
    db = openDatabase(`sqlite:${file}`).db as unknown as Kysely<Notes>;
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
