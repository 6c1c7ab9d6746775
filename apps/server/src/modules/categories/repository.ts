import { sql } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Executor } from "../../db/database.js";

const columns = ["category_id", "name", "position"] as const;

/**
 * The category, its row locked on PostgreSQL: a product being filed under it at the same moment
 * holds the row's key, so a delete waits for it and then counts it. On SQLite transactions already
 * run one at a time.
 */
export function lockCategory(db: Executor, dialect: Dialect, categoryId: number) {
  const query = db.selectFrom("categories").select(columns).where("category_id", "=", categoryId);
  return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** Every category in the catalogue's order, locked so two new orders are set one after the other. */
export function lockAllCategories(db: Executor, dialect: Dialect) {
  const query = db.selectFrom("categories").select(columns).orderBy("position").orderBy("category_id");
  return (dialect === "postgres" ? query.forUpdate() : query).execute();
}

/** The category already called `name`, however it is cased, other than `exceptId`. */
export function findByName(db: Executor, name: string, exceptId: number | null) {
  let query = db.selectFrom("categories").select(columns).where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId !== null) query = query.where("category_id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function nextPosition(db: Executor): Promise<number> {
  const row = await db.selectFrom("categories").select(sql<number | null>`max(position)`.as("last")).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export function insertCategory(db: Executor, name: string, position: number) {
  return db.insertInto("categories").values({ name, position }).returning(columns).executeTakeFirstOrThrow();
}

export function renameCategory(db: Executor, categoryId: number, name: string) {
  return db
    .updateTable("categories")
    .set({ name })
    .where("category_id", "=", categoryId)
    .returning(columns)
    .executeTakeFirst();
}

export async function setPosition(db: Executor, categoryId: number, position: number) {
  await db.updateTable("categories").set({ position }).where("category_id", "=", categoryId).execute();
}

export async function deleteCategory(db: Executor, categoryId: number) {
  await db.deleteFrom("categories").where("category_id", "=", categoryId).execute();
}

/** Products filed under the category, archived ones included: orders still name them. */
export async function countProducts(db: Executor, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("category_id", "=", categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
