import type { Insertable } from "kysely";
import type { Executor, NewProduct, ProductImagesTable, ProductUpdate } from "../../db/database.js";

export async function categoryExists(db: Executor, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom("categories")
    .select("category_id")
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findProductForChange(db: Executor, productId: number) {
  return db
    .selectFrom("products")
    .select([
      "product_id",
      "category_id",
      "name",
      "description",
      "price",
      "stock_quantity",
      "availability_status",
      "product_type",
      "image_url",
      "size_options",
      "color_options",
    ])
    .where("product_id", "=", productId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
}

export async function insertProduct(db: Executor, product: NewProduct): Promise<number> {
  const row = await db.insertInto("products").values(product).returning("product_id").executeTakeFirstOrThrow();
  return row.product_id;
}

/** Updates a product on sale; false when it is unknown or archived. */
export async function updateProduct(db: Executor, productId: number, changes: ProductUpdate): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set(changes)
    .where("product_id", "=", productId)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Touches a product on sale and answers its cover. As an UPDATE it also locks the row on
 * PostgreSQL, so an order placed at the same moment is either seen here or waits for us.
 */
export function lockProduct(db: Executor, productId: number, now: string) {
  return db
    .updateTable("products")
    .set({ updated_at: now })
    .where("product_id", "=", productId)
    .where("archived_at", "is", null)
    .returning(["product_id", "image_url"])
    .executeTakeFirst();
}

export async function isOrdered(db: Executor, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom("order_items")
    .select("order_item_id")
    .where("product_id", "=", productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function archiveProduct(db: Executor, productId: number, now: string) {
  return db.updateTable("products").set({ archived_at: now }).where("product_id", "=", productId).execute();
}

export function removeFromCarts(db: Executor, productId: number) {
  return db.deleteFrom("cart_items").where("product_id", "=", productId).execute();
}

export async function imageUrlsOf(db: Executor, productId: number): Promise<string[]> {
  const rows = await db.selectFrom("product_images").select("image_url").where("product_id", "=", productId).execute();
  return rows.map((r) => r.image_url);
}

/** Deletes the product; its colour images and cart lines go with it (ON DELETE CASCADE). */
export function deleteProduct(db: Executor, productId: number) {
  return db.deleteFrom("products").where("product_id", "=", productId).execute();
}

/** A colour image of a product that is still on sale. */
export function findImageOfProduct(db: Executor, productId: number, imageId: number) {
  return db
    .selectFrom("product_images")
    .innerJoin("products", "products.product_id", "product_images.product_id")
    .select([
      "product_images.image_id",
      "product_images.product_id",
      "product_images.color_name",
      "product_images.image_url",
      "product_images.stock_quantity",
    ])
    .where("product_images.image_id", "=", imageId)
    .where("product_images.product_id", "=", productId)
    .where("products.archived_at", "is", null)
    .executeTakeFirst();
}

const imageColumns = ["image_id", "product_id", "color_name", "image_url", "stock_quantity"] as const;

export function insertImage(db: Executor, image: Insertable<ProductImagesTable>) {
  return db.insertInto("product_images").values(image).returning(imageColumns).executeTakeFirstOrThrow();
}

export function updateImage(
  db: Executor,
  imageId: number,
  changes: { color_name?: string; image_url?: string; stock_quantity?: number },
) {
  return db
    .updateTable("product_images")
    .set(changes)
    .where("image_id", "=", imageId)
    .returning(imageColumns)
    .executeTakeFirst();
}

export function deleteImageRow(db: Executor, imageId: number) {
  return db.deleteFrom("product_images").where("image_id", "=", imageId).execute();
}

/** Which of these image paths a product, a colour image or a blog post still shows. */
export async function imageUrlsInUse(db: Executor, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom("products")
    .select("image_url as url")
    .where("image_url", "in", urls)
    .union(db.selectFrom("product_images").select("image_url as url").where("image_url", "in", urls))
    .union(db.selectFrom("posts").select("image_url as url").where("image_url", "in", urls))
    .execute();
  return new Set(rows.flatMap((r) => (r.url ? [r.url] : [])));
}

/** Every photo address the shop's pages show: products' covers, their colours' photos and posts' pictures. */
export async function photoUrls(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("products")
    .select("image_url")
    .where("image_url", "is not", null)
    .union(db.selectFrom("product_images").select("image_url"))
    .union(db.selectFrom("posts").select("image_url").where("image_url", "is not", null))
    .execute();
  return rows.flatMap((row) => (row.image_url ? [row.image_url] : []));
}
