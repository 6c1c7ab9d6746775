import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

const columns = ["occasion_id", "name", "position"] as const;

/** Every occasion in the admin's order, with how many products on sale carry it. */
export function listOccasions(db: Executor) {
  return db
    .selectFrom("occasions")
    .select([...columns, countOnSale().as("product_count")])
    .orderBy("position")
    .orderBy("occasion_id")
    .execute();
}

/** Products on sale (not archived, as the catalogue shows them) tagged with the occasion of the row. */
function countOnSale() {
  return sql<number | string>`(select count(*) from product_occasions po
    join products p on p.product_id = po.product_id
    where po.occasion_id = occasions.occasion_id and p.archived_at is null)`;
}

export function findOccasion(db: Executor, occasionId: number) {
  return db
    .selectFrom("occasions")
    .select([...columns, countOnSale().as("product_count")])
    .where("occasion_id", "=", occasionId)
    .executeTakeFirst();
}

/** The occasion already called `name`, however it is cased, other than `exceptId`. */
export function findByName(db: Executor, name: string, exceptId: number | null) {
  let query = db.selectFrom("occasions").select(columns).where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId !== null) query = query.where("occasion_id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function nextPosition(db: Executor): Promise<number> {
  const row = await db.selectFrom("occasions").select(sql<number | null>`max(position)`.as("last")).executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export function insertOccasion(db: Executor, name: string, position: number) {
  return db.insertInto("occasions").values({ name, position }).returning(columns).executeTakeFirstOrThrow();
}

export async function renameOccasion(db: Executor, occasionId: number, name: string) {
  await db.updateTable("occasions").set({ name }).where("occasion_id", "=", occasionId).execute();
}

/** Deletes the occasion; its tags on products go with it (ON DELETE CASCADE). */
export async function deleteOccasion(db: Executor, occasionId: number) {
  await db.deleteFrom("occasions").where("occasion_id", "=", occasionId).execute();
}

/** Which of these ids name an occasion. */
export async function existingIds(db: Executor, occasionIds: number[]): Promise<Set<number>> {
  if (occasionIds.length === 0) return new Set();
  const rows = await db.selectFrom("occasions").select("occasion_id").where("occasion_id", "in", occasionIds).execute();
  return new Set(rows.map((row) => row.occasion_id));
}

export async function occasionIdsOf(db: Executor, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("product_occasions")
    .select("occasion_id")
    .where("product_id", "=", productId)
    .orderBy("occasion_id")
    .execute();
  return rows.map((row) => row.occasion_id);
}

/** Tags the product with exactly these occasions. */
export async function setProductOccasions(db: Executor, productId: number, occasionIds: number[]) {
  await db.deleteFrom("product_occasions").where("product_id", "=", productId).execute();
  if (occasionIds.length === 0) return;
  await db
    .insertInto("product_occasions")
    .values(occasionIds.map((occasion_id) => ({ product_id: productId, occasion_id })))
    .execute();
}
