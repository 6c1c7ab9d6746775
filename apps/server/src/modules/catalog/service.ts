import type {
  AvailabilityStatus,
  CatalogCategory,
  CatalogProduct,
  Category,
  Customization,
  Product,
  ProductImage,
  SizePrice,
} from "@florist/contract";
import type { Executor } from "../../db/database.js";
import { notFound } from "../../errors.js";
import type { ImageRecord, ProductRecord } from "./repository.js";
import * as repo from "./repository.js";

/** A size as stored in products.size_options: its own price, or null to use the product's price. */
export interface SizeOption {
  label: string;
  price: number | null;
}

export const PRODUCT_NOT_FOUND = "Product not found.";

export function parseSizeOptions(json: string): SizeOption[] {
  const parsed = parseJsonArray(json);
  return parsed.flatMap((entry) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { label, price } = entry as { label?: unknown; price?: unknown };
    if (typeof label !== "string") return [];
    return [{ label, price: typeof price === "number" && Number.isInteger(price) && price >= 0 ? price : null }];
  });
}

export function parseColorOptions(json: string): string[] {
  return parseJsonArray(json).filter((entry): entry is string => typeof entry === "string");
}

// A damaged list in one row must not take the whole catalogue down; it reads as empty instead.
function parseJsonArray(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const HEX_COLOUR = /^#[0-9a-fA-F]{3,6}$/;

/** Splits a colour option "label" or "label::#hex"; a hex that is not 3 to 6 hex digits counts as absent. */
export function parseColorOption(option: string): { label: string; hex: string | null } {
  const at = option.indexOf("::");
  if (at < 0) return { label: option.trim(), hex: null };
  const hex = option.slice(at + 2).trim();
  return { label: option.slice(0, at).trim(), hex: HEX_COLOUR.test(hex) ? hex : null };
}

/** The size a shopper picked, matched ignoring case and surrounding spaces. */
export function findSize(sizes: SizeOption[], size: string): SizeOption | undefined {
  const wanted = size.trim().toLowerCase();
  return sizes.find((s) => s.label.trim().toLowerCase() === wanted);
}

/**
 * The unit price of a product in a size: the size's own price, else the product's price.
 * An empty size means "no size chosen" and costs the product's price; a size the product
 * does not offer answers null.
 */
export function unitPriceFor(product: { price: number; sizes: SizeOption[] }, size: string): number | null {
  if (size.trim() === "") return product.price;
  const option = findSize(product.sizes, size);
  return option ? (option.price ?? product.price) : null;
}

/** Out of stock when the admin says so or when nothing is left. */
export function effectiveStatus(row: { availability_status: string; stock_quantity: number }): AvailabilityStatus {
  return row.availability_status === "out_of_stock" || row.stock_quantity <= 0 ? "out_of_stock" : "in_stock";
}

export function toProductImage(row: ImageRecord): ProductImage {
  return {
    imageId: row.image_id,
    color_name: row.color_name,
    image_url: row.image_url,
    stockQuantity: row.stock_quantity,
  };
}

export function toProduct(row: ProductRecord, images: ImageRecord[]): Product {
  return {
    productId: row.product_id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    price: row.price,
    stockQuantity: row.stock_quantity,
    imageUrl: row.image_url,
    availabilityStatus: effectiveStatus(row),
    sizeOptions: parseSizeOptions(row.size_options).map((s) => s.label),
    colorOptions: parseColorOptions(row.color_options),
    productType: row.product_type,
    images: images.map(toProductImage),
  };
}

function toCatalogProduct(row: ProductRecord): CatalogProduct {
  return {
    productId: row.product_id,
    name: row.name,
    description: row.description,
    price: row.price,
    imageUrl: row.image_url,
    stockQuantity: row.stock_quantity,
    availabilityStatus: effectiveStatus(row),
  };
}

function groupImages(images: ImageRecord[]): Map<number, ImageRecord[]> {
  const byProduct = new Map<number, ImageRecord[]>();
  for (const image of images) {
    const list = byProduct.get(image.product_id);
    if (list) list.push(image);
    else byProduct.set(image.product_id, [image]);
  }
  return byProduct;
}

/** Categories that have at least one product on sale, each with its products. */
export async function getCatalog(db: Executor): Promise<CatalogCategory[]> {
  const [categories, products] = await Promise.all([repo.listCategories(db), repo.listVisibleProducts(db)]);
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

export async function listProducts(db: Executor): Promise<Product[]> {
  const rows = await repo.listVisibleProducts(db);
  const images = groupImages(
    await repo.listImagesOf(
      db,
      rows.map((r) => r.product_id),
    ),
  );
  return rows.map((row) => toProduct(row, images.get(row.product_id) ?? []));
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
  if (!option) throw notFound(`This product has no size "${size.trim()}".`);
  return { productId, size: option.label, price: option.price ?? row.price };
}

/** What the cart and orders need to price, check and name a product line, as the server knows it. */
export interface PricingProduct {
  productId: number;
  name: string;
  /** The product's own price; a size may override it (see unitPriceFor). */
  price: number;
  sizes: SizeOption[];
  /** "label" or "label::#hex"; see parseColorOption. */
  colors: string[];
  stockQuantity: number;
  /** Already "out_of_stock" when the stock is 0 or less. */
  availabilityStatus: AvailabilityStatus;
  imageUrl: string | null;
}

/**
 * Loads the products on sale among `productIds` in one query, keyed by id. Archived and unknown
 * ids are simply absent from the map. Pass a transaction as `db` to read inside it.
 */
export async function loadProductsForPricing(db: Executor, productIds: number[]): Promise<Map<number, PricingProduct>> {
  const rows = await repo.findVisibleProducts(db, [...new Set(productIds)]);
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        productId: row.product_id,
        name: row.name,
        price: row.price,
        sizes: parseSizeOptions(row.size_options),
        colors: parseColorOptions(row.color_options),
        stockQuantity: row.stock_quantity,
        availabilityStatus: effectiveStatus(row),
        imageUrl: row.image_url,
      },
    ]),
  );
}
