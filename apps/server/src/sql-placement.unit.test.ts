import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = import.meta.dirname;

/** Where SQL may be written: repositories, and db/ (connection, migrations, seed). */
const mayHoldSql = (file: string) => file.endsWith("repository.ts") || file.startsWith(`db${path.sep}`);

/** Building a statement: Kysely's query builder, its schema builder or a raw sql`…` template. */
const SQL =
  /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with)\(|\.schema\.|\bsql`/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : [];
  });
}

describe("the server's SQL", () => {
  it("is written only in repositories and db/ (dependency-cruiser checks the imports; this checks ctx.db use)", () => {
    const misplaced = sources(SRC)
      .filter((file) => !mayHoldSql(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(SRC, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (SQL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(misplaced).toEqual([]);
  });

  it("is found where it is written: a route or plugin that queries is caught", () => {
    expect(SQL.test("const row = await ctx.db.selectFrom('sessions')")).toBe(true);
    expect(SQL.test("await sql`select 1`.execute(ctx.db);")).toBe(true);
    expect(SQL.test("await ctx.db.transaction().execute(async (trx) => {")).toBe(false);
  });
});
