import type { ProductListQuery, ProductSort } from "@florist/contract";
import { PostgresAdapter, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database, Executor } from "../../db/database.js";

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

/**
 * What a product shows besides its own columns, read in the product's own row so that a list of any
 * length takes one query: its occasions (comma-joined ids) and the reviews of the orders that hold
 * it, through the indexes on order_items.product_id, reviews.order_id and product_occasions.
 */
function productExtras(db: Executor) {
  const reviewed = sql`from reviews r where r.order_id in
    (select oi.order_id from order_items oi where oi.product_id = products.product_id)`;
  const occasionIds =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<string | null>`(select string_agg(po.occasion_id::text, ',') from product_occasions po
          where po.product_id = products.product_id)`
      : sql<string | null>`(select group_concat(po.occasion_id) from product_occasions po
          where po.product_id = products.product_id)`;
  return [
    occasionIds.as("occasion_ids"),
    sql<number | string | null>`(select avg(r.rating) ${reviewed})`.as("rating_average"),
    sql<number | string>`(select count(*) ${reviewed})`.as("rating_count"),
  ] as const;
}

/** Products the shop still sells, with what they show; archived products are kept only for the orders that name them. */
export function visibleProducts(db: Executor) {
  return db.selectFrom("products").select(productColumns).select(productExtras(db)).where("archived_at", "is", null);
}

/** Products tagged with the occasion. */
export function taggedWith<O>(query: ProductQuery<O>, occasionId: number): ProductQuery<O> {
  return query.where("product_id", "in", (eb) =>
    eb.selectFrom("product_occasions").select("product_occasions.product_id").where("occasion_id", "=", occasionId),
  );
}

/** Every product on sale in the catalogue's order, or only those of one occasion. */
export function listVisibleProducts(db: Executor, occasionId?: number) {
  const query = visibleProducts(db).orderBy("category_id").orderBy("product_id");
  return (occasionId === undefined ? query : taggedWith(query, occasionId)).execute();
}

export function findVisibleProduct(db: Executor, productId: number) {
  return visibleProducts(db).where("product_id", "=", productId).executeTakeFirst();
}

/**
 * Ids per query when reading the pictures of many products: well below SQLite's 32,766 bound
 * parameters, so a list of any length is read in a few queries instead of failing.
 */
const IDS_PER_QUERY = 5000;

/** The colour pictures of many products, a few thousand products per query, in product and image order. */
export async function listImagesOf(db: Executor, productIds: number[]) {
  const chunks: number[][] = [];
  for (let start = 0; start < productIds.length; start += IDS_PER_QUERY) {
    chunks.push(productIds.slice(start, start + IDS_PER_QUERY));
  }
  const found = await Promise.all(
    chunks.map((ids) =>
      db
        .selectFrom("product_images")
        .select(imageColumns)
        .where("product_id", "in", ids)
        .orderBy("product_id")
        .orderBy("image_id")
        .execute(),
    ),
  );
  return found.flat();
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type ProductQuery<O> = SelectQueryBuilder<Database, "products", O>;

/**
 * The admin's filters: name containing `q` in any case, the category, and the availability a
 * shopper sees (out of stock when marked so or when nothing is left, docs/rules.md).
 */
function filtered<O>(query: ProductQuery<O>, filter: ProductListQuery): ProductQuery<O> {
  let result = query.where("archived_at", "is", null);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    result = result.where(sql<SqlBool>`lower(${sql.ref("name")}) like ${pattern} escape '\\'`);
  }
  if (filter.categoryId !== undefined) result = result.where("category_id", "=", filter.categoryId);
  if (filter.availability === "in_stock") {
    result = result.where("availability_status", "=", "in_stock").where("stock_quantity", ">", 0);
  } else if (filter.availability === "out_of_stock") {
    result = result.where((eb) => eb.or([eb("availability_status", "!=", "in_stock"), eb("stock_quantity", "<=", 0)]));
  }
  return result;
}

const SORT_COLUMNS = {
  name: "name",
  price: "price",
  stock: "stock_quantity",
  newest: "created_at",
} as const satisfies Record<ProductSort, string>;

/**
 * Products on sale matching the filters, sorted as asked (newest first unless told otherwise, the
 * rest smallest first; ties by id) or, without a sort, in the catalogue's order.
 */
export function listProducts(db: Executor, filter: ProductListQuery, page?: { limit: number; offset: number }) {
  let query = filtered(db.selectFrom("products").select(productColumns).select(productExtras(db)), filter);
  if (filter.sort) {
    const dir = filter.dir ?? (filter.sort === "newest" ? "desc" : "asc");
    const column = SORT_COLUMNS[filter.sort];
    query =
      column === "name"
        ? query.orderBy(sql`lower(${sql.ref("name")})`, dir).orderBy("name", dir)
        : query.orderBy(column, dir);
    query = query.orderBy("product_id", dir);
  } else {
    query = query.orderBy("category_id").orderBy("product_id");
  }
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export async function countProducts(db: Executor, filter: ProductListQuery): Promise<number> {
  const row = await filtered(db.selectFrom("products"), filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type ProductRecord = Awaited<ReturnType<typeof listVisibleProducts>>[number];
export type ImageRecord = Awaited<ReturnType<typeof listImagesOf>>[number];

/**
 * The catalogue's version: the sum of the counters that triggers raise with every change to
 * products, their pictures, categories and reviews (docs/decisions/0022). One small read per request.
 */
export async function catalogVersion(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("catalog_versions")
    .select((eb) => eb.fn.sum<number>("version").as("version"))
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
