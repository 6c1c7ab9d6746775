import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

const columns = ["customization_id", "name", "price"] as const;

/** An add-on still offered; archived ones are kept only for the orders that copied them. */
export function findOffered(db: Executor, customizationId: number) {
  return db
    .selectFrom("customizations")
    .select(columns)
    .where("customization_id", "=", customizationId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
}

/** Any add-on, archived or not, whose name matches ignoring case: names stay unique across both. */
export function findByName(db: Executor, name: string) {
  return db
    .selectFrom("customizations")
    .select([...columns, "archived_at"])
    .where(sql<string>`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
}

export async function insert(db: Executor, values: { name: string; price: number }) {
  const row = await db.insertInto("customizations").values(values).returning(columns).executeTakeFirstOrThrow();
  return row;
}

export function update(db: Executor, customizationId: number, values: { name: string; price: number }) {
  return db
    .updateTable("customizations")
    .set(values)
    .where("customization_id", "=", customizationId)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Whether any order copied this add-on; such an add-on is archived, never deleted. */
export async function isUsedByOrders(db: Executor, customizationId: number) {
  const row = await db
    .selectFrom("order_item_customizations")
    .select("order_item_customization_id")
    .where("customization_id", "=", customizationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function archive(db: Executor, customizationId: number, at: string) {
  await db
    .updateTable("customizations")
    .set({ archived_at: at })
    .where("customization_id", "=", customizationId)
    .execute();
}

/** Deleting an unused add-on also takes it off the cart lines that held it (the foreign key cascades). */
export async function remove(db: Executor, customizationId: number) {
  await db.deleteFrom("customizations").where("customization_id", "=", customizationId).execute();
}

/** The archived add-ons that the given cart lines still hold, with the product each line is for. */
export function archivedOnLines(db: Executor, cartItemIds: number[]) {
  if (cartItemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("cart_item_customizations")
    .innerJoin("customizations", "customizations.customization_id", "cart_item_customizations.customization_id")
    .innerJoin("cart_items", "cart_items.cart_item_id", "cart_item_customizations.cart_item_id")
    .innerJoin("products", "products.product_id", "cart_items.product_id")
    .select([
      "cart_item_customizations.cart_item_id",
      "customizations.customization_id",
      "customizations.name",
      "products.name as product_name",
    ])
    .where("cart_item_customizations.cart_item_id", "in", cartItemIds)
    .where("customizations.archived_at", "is not", null)
    .orderBy("cart_item_customizations.cart_item_id")
    .orderBy("customizations.customization_id")
    .execute();
}

export async function removeFromLine(db: Executor, cartItemId: number, customizationId: number) {
  await db
    .deleteFrom("cart_item_customizations")
    .where("cart_item_id", "=", cartItemId)
    .where("customization_id", "=", customizationId)
    .execute();
}
