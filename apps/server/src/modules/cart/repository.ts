import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

export function findCartByUser(db: Executor, userId: number) {
  return db.selectFrom("carts").select(["cart_id", "user_id"]).where("user_id", "=", userId).executeTakeFirst();
}

export function findCart(db: Executor, cartId: number) {
  return db.selectFrom("carts").select(["cart_id", "user_id"]).where("cart_id", "=", cartId).executeTakeFirst();
}

/** Creates the user's cart unless one exists; two requests at once both end with the same cart. */
export async function insertCartIfMissing(db: Executor, userId: number, at: string) {
  await db
    .insertInto("carts")
    .values({ user_id: userId, created_at: at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export const productColumns = [
  "products.name",
  "products.image_url",
  "products.price",
  "products.stock_quantity",
  "products.availability_status",
  "products.archived_at",
  "products.size_options",
  "products.color_options",
] as const;

function linesQuery(db: Executor) {
  return db
    .selectFrom("cart_items")
    .innerJoin("carts", "carts.cart_id", "cart_items.cart_id")
    .innerJoin("products", "products.product_id", "cart_items.product_id")
    .select([
      "cart_items.cart_item_id",
      "cart_items.cart_id",
      "cart_items.product_id",
      "cart_items.quantity",
      "cart_items.size",
      "cart_items.color",
      "cart_items.color_hex",
      "carts.user_id",
      ...productColumns,
      // The picture of the colour the shopper chose, when the product has one for it.
      (eb) =>
        eb
          .selectFrom("product_images")
          .select("product_images.image_url")
          .whereRef("product_images.product_id", "=", "cart_items.product_id")
          .where(sql`lower(product_images.color_name)`, "=", sql`lower(cart_items.color)`)
          .orderBy("product_images.image_id")
          .limit(1)
          .as("color_image_url"),
    ])
    .orderBy("cart_items.cart_item_id");
}

export type CartLineRow = Awaited<ReturnType<typeof listLines>>[number];

/** Every line of a cart with its product, in one query. */
export function listLines(db: Executor, cartId: number) {
  return linesQuery(db).where("cart_items.cart_id", "=", cartId).execute();
}

/** The named lines of one user's cart; lines of other users' carts are simply not found. */
export function listUserLines(db: Executor, userId: number, cartItemIds: number[]) {
  if (cartItemIds.length === 0) return Promise.resolve([]);
  return linesQuery(db)
    .where("carts.user_id", "=", userId)
    .where("cart_items.cart_item_id", "in", cartItemIds)
    .execute();
}

export function findLine(db: Executor, cartItemId: number) {
  return linesQuery(db).where("cart_items.cart_item_id", "=", cartItemId).executeTakeFirst();
}

/** The products of the named cart lines, whoever owns them: what an order must lock before it reads the lines. */
export async function lineProductIds(db: Executor, cartItemIds: number[]): Promise<number[]> {
  if (cartItemIds.length === 0) return [];
  const rows = await db
    .selectFrom("cart_items")
    .select("product_id")
    .distinct()
    .where("cart_item_id", "in", cartItemIds)
    .execute();
  return rows.map((r) => r.product_id);
}

/** How many of a product a cart holds over all its sizes and colours, leaving out one line when named. */
export async function productQuantityInCart(
  db: Executor,
  cartId: number,
  productId: number,
  exceptLineId?: number,
): Promise<number> {
  let query = db
    .selectFrom("cart_items")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), sql<number>`0`).as("quantity"))
    .where("cart_id", "=", cartId)
    .where("product_id", "=", productId);
  if (exceptLineId !== undefined) query = query.where("cart_item_id", "<>", exceptLineId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.quantity);
}

export function findLineByOptions(db: Executor, cartId: number, productId: number, size: string, color: string) {
  return db
    .selectFrom("cart_items")
    .select(["cart_item_id", "quantity"])
    .where("cart_id", "=", cartId)
    .where("product_id", "=", productId)
    .where("size", "=", size)
    .where("color", "=", color)
    .executeTakeFirst();
}

/** The customizations of many cart lines in one query. */
export function listLineCustomizations(db: Executor, cartItemIds: number[]) {
  if (cartItemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("cart_item_customizations")
    .innerJoin("customizations", "customizations.customization_id", "cart_item_customizations.customization_id")
    .select([
      "cart_item_customizations.cart_item_id",
      "customizations.customization_id",
      "customizations.name",
      "customizations.price",
      "cart_item_customizations.quantity",
    ])
    .where("cart_item_customizations.cart_item_id", "in", cartItemIds)
    .orderBy("cart_item_customizations.cart_item_id")
    .orderBy("customizations.customization_id")
    .execute();
}

export type LineCustomizationRow = Awaited<ReturnType<typeof listLineCustomizations>>[number];

/** Adds to the line with the same product, size and colour, or starts one; the unique line key settles races. */
export function addToLine(
  db: Executor,
  line: { cart_id: number; product_id: number; quantity: number; size: string; color: string; color_hex: string },
  at: string,
) {
  return db
    .insertInto("cart_items")
    .values({ ...line, created_at: at })
    .onConflict((oc) =>
      oc
        .columns(["cart_id", "product_id", "size", "color"])
        .doUpdateSet((eb) => ({ quantity: eb("cart_items.quantity", "+", eb.ref("excluded.quantity")) })),
    )
    .execute();
}

export function setLineQuantity(db: Executor, cartItemId: number, quantity: number) {
  return db.updateTable("cart_items").set({ quantity }).where("cart_item_id", "=", cartItemId).execute();
}

export function deleteLine(db: Executor, cartItemId: number) {
  return db.deleteFrom("cart_items").where("cart_item_id", "=", cartItemId).execute();
}

export function deleteLines(db: Executor, cartItemIds: number[]) {
  if (cartItemIds.length === 0) return Promise.resolve([]);
  return db.deleteFrom("cart_items").where("cart_item_id", "in", cartItemIds).execute();
}

export function clearCart(db: Executor, cartId: number) {
  return db.deleteFrom("cart_items").where("cart_id", "=", cartId).execute();
}

export function findCustomization(db: Executor, customizationId: number) {
  return db
    .selectFrom("customizations")
    .select(["customization_id", "name", "price"])
    .where("customization_id", "=", customizationId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
}

export function findCustomizations(db: Executor, customizationIds: number[]) {
  if (customizationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("customizations")
    .select(["customization_id", "name", "price"])
    .where("customization_id", "in", customizationIds)
    .where("archived_at", "is", null)
    .execute();
}

/** Attaching the same customization again sets its quantity rather than adding a second row. */
export function putLineCustomization(db: Executor, cartItemId: number, customizationId: number, quantity: number) {
  return db
    .insertInto("cart_item_customizations")
    .values({ cart_item_id: cartItemId, customization_id: customizationId, quantity })
    .onConflict((oc) => oc.columns(["cart_item_id", "customization_id"]).doUpdateSet({ quantity }))
    .execute();
}
