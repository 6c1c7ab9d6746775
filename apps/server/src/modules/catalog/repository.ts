import type { Executor } from "../../db/database.js";

const productColumns = [
  "product_id",
  "category_id",
  "name",
  "description",
  "price",
  "stock_quantity",
  "image_url",
  "availability_status",
  "size_options",
  "color_options",
  "product_type",
] as const;

const imageColumns = ["image_id", "product_id", "color_name", "image_url", "stock_quantity"] as const;

/** Products the shop still sells; archived products are kept only for the orders that name them. */
function visibleProducts(db: Executor) {
  return db.selectFrom("products").select(productColumns).where("archived_at", "is", null);
}

export function listVisibleProducts(db: Executor) {
  return visibleProducts(db).orderBy("category_id").orderBy("product_id").execute();
}

export function findVisibleProduct(db: Executor, productId: number) {
  return visibleProducts(db).where("product_id", "=", productId).executeTakeFirst();
}

/** The colour pictures of many products in one query, so a list costs the same whatever its length. */
export function listImagesOf(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("product_images")
    .select(imageColumns)
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("image_id")
    .execute();
}

export function findImage(db: Executor, productId: number, imageId: number) {
  return db
    .selectFrom("product_images")
    .select(imageColumns)
    .where("image_id", "=", imageId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
}

export function listCategories(db: Executor) {
  return db
    .selectFrom("categories")
    .select(["category_id", "name", "position"])
    .orderBy("position")
    .orderBy("category_id")
    .execute();
}

export function listCustomizations(db: Executor) {
  return db
    .selectFrom("customizations")
    .select(["customization_id", "name", "price"])
    .where("archived_at", "is", null)
    .orderBy("customization_id")
    .execute();
}

export type ProductRecord = Awaited<ReturnType<typeof listVisibleProducts>>[number];
export type ImageRecord = Awaited<ReturnType<typeof listImagesOf>>[number];
