import type {
  CatalogCategory,
  CatalogProduct,
  CatalogQuery,
  Category,
  Customization,
  Product,
  ProductImage,
  ProductListQuery,
  ProductRating,
  SizePrice,
} from "@florist/contract";
import type { Executor } from "../../db/database.js";
import { msg, notFound } from "../../errors.js";
import { groupBy } from "../../lib/group.js";
import type { MessageKey } from "../../lib/i18n.js";
import {
  effectiveStatus,
  findSize,
  parseColorOptions,
  parseSizeOptions,
  sizePrices,
  unitPrice,
} from "./product-options.js";
import type { ImageRecord, ProductRecord } from "./repository.js";
import * as repo from "./repository.js";

export const PRODUCT_NOT_FOUND = "Product not found." satisfies MessageKey;

/** A page of the admin's product list when a page is asked without a limit. */
const DEFAULT_PAGE_SIZE = 20;

export function toProductImage(row: ImageRecord): ProductImage {
  return {
    imageId: row.image_id,
    color_name: row.color_name,
    image_url: row.image_url,
    stockQuantity: row.stock_quantity,
  };
}

/** The reviews' average to one decimal and their number; null before the first review. */
function ratingOf(row: ProductRecord): ProductRating {
  const count = Number(row.rating_count);
  if (count === 0 || row.rating_average === null) return null;
  return { average: Math.round(Number(row.rating_average) * 10) / 10, count };
}

function occasionIdsOf(row: ProductRecord): number[] {
  if (!row.occasion_ids) return [];
  return row.occasion_ids
    .split(",")
    .map(Number)
    .sort((a, b) => a - b);
}

export function toProduct(row: ProductRecord, images: ImageRecord[]): Product {
  const sizes = parseSizeOptions(row.size_options);
  return {
    productId: row.product_id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    price: row.price,
    stockQuantity: row.stock_quantity,
    imageUrl: row.image_url,
    availabilityStatus: effectiveStatus(row),
    sizeOptions: sizes.map((s) => s.label),
    ...sizePrices(row, sizes),
    colorOptions: parseColorOptions(row.color_options).map((c) => c.raw),
    productType: row.product_type,
    images: images.map(toProductImage),
    occasionIds: occasionIdsOf(row),
    rating: ratingOf(row),
  };
}

/** What the cheapest size costs: the catalogue shows it as "Starting from". */
export function lowestPrice(row: ProductRecord): number {
  const sizes = parseSizeOptions(row.size_options);
  return sizes.length === 0 ? row.price : Math.min(...sizes.map((size) => unitPrice(row, size)));
}

export function toCatalogProduct(row: ProductRecord): CatalogProduct {
  return {
    productId: row.product_id,
    name: row.name,
    description: row.description,
    price: lowestPrice(row),
    imageUrl: row.image_url,
    stockQuantity: row.stock_quantity,
    availabilityStatus: effectiveStatus(row),
    occasionIds: occasionIdsOf(row),
    rating: ratingOf(row),
  };
}

/** Categories that have at least one product on sale, each with its products; only one occasion's when asked. */
export async function getCatalog(db: Executor, query: CatalogQuery = {}): Promise<CatalogCategory[]> {
  const [categories, products] = await Promise.all([
    repo.listCategories(db),
    repo.listVisibleProducts(db, query.occasion),
  ]);
  return categories
    .map((category) => ({
      categoryId: category.category_id,
      name: category.name,
      products: products.filter((p) => p.category_id === category.category_id).map(toCatalogProduct),
    }))
    .filter((category) => category.products.length > 0);
}

export function listCategories(db: Executor): Promise<Category[]> {
  return repo.listCategories(db);
}

export function listCustomizations(db: Executor): Promise<Customization[]> {
  return repo.listCustomizations(db);
}

/**
 * Products on sale with their colour pictures: every one in the catalogue's order when nothing is
 * asked, else those the admin's filters match in the order asked, one page when a page or limit is
 * asked. `total` is how many match.
 */
export async function listProducts(
  db: Executor,
  query: ProductListQuery = {},
): Promise<{ products: Product[]; total: number }> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * limit;
  const [rows, total] = await Promise.all([
    repo.listProducts(db, query, paged ? { limit, offset } : undefined),
    paged ? repo.countProducts(db, query) : undefined,
  ]);
  const images = groupBy(
    await repo.listImagesOf(
      db,
      rows.map((r) => r.product_id),
    ),
    (image) => image.product_id,
  );
  return {
    products: rows.map((row) => toProduct(row, images.get(row.product_id) ?? [])),
    total: total ?? rows.length,
  };
}

/** A product on sale with its colour pictures; 404 when it never existed or was archived. */
export async function getProduct(db: Executor, productId: number): Promise<Product> {
  const row = await repo.findVisibleProduct(db, productId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row, await repo.listImagesOf(db, [productId]));
}

export async function listProductImages(db: Executor, productId: number): Promise<ProductImage[]> {
  return (await getProduct(db, productId)).images;
}

export async function getSizePrice(db: Executor, productId: number, size: string): Promise<SizePrice> {
  const row = await repo.findVisibleProduct(db, productId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const option = findSize(parseSizeOptions(row.size_options), size);
  if (!option) throw notFound(msg('This product has no size "{{size}}".', { size: size.trim() }));
  return { productId, size: option.label, price: unitPrice(row, option) };
}

/** The version of what the catalogue and the product pages show, for the routes' cache (docs/decisions/0022). */
export function catalogVersion(db: Executor): Promise<number> {
  return repo.catalogVersion(db);
}
