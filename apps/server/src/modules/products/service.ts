import type { AvailabilityStatus, Product, ProductFields, ProductImage } from "@florist/contract";
import type { AppContext } from "../../context.js";
import { badRequest, notFound } from "../../errors.js";
import { deleteImage, storeImage } from "../../lib/images.js";
import { nowIso } from "../../lib/time.js";
import { normalizeColors, normalizeSizes, parseSizeOptions, type SizeOption } from "../catalog/product-options.js";
import { getProduct, PRODUCT_NOT_FOUND, toProductImage } from "../catalog/service.js";
import * as repo from "./repository.js";

const IMAGE_NOT_FOUND = "Product image not found.";

// Only pictures the shop stores itself, or a plain web address: nothing a browser could run.
const IMAGE_URL = /^(\/uploads\/[A-Za-z0-9_\-/]+\.(webp|png|jpe?g)|https?:\/\/[^\s"'<>]+)$/;

function checkImageUrl(url: string): string {
  if (!IMAGE_URL.test(url) || url.includes("..")) {
    throw badRequest("Image URL must be an uploaded image (/uploads/…) or an http(s) address.");
  }
  return url;
}

async function checkedOptions(ctx: AppContext, fields: ProductFields, previousSizes: SizeOption[] = []) {
  const colors = normalizeColors(fields.color_available);
  if (colors.length === 0) throw badRequest("Please add at least one color option.");
  const sizes = normalizeSizes(fields.size_available, previousSizes);
  if (sizes.length === 0) throw badRequest("Please add at least one size option.");
  if (!(await repo.categoryExists(ctx.db, fields.category_id))) throw badRequest("Category does not exist.");
  return { size_options: JSON.stringify(sizes), color_options: JSON.stringify(colors) };
}

function productColumns(fields: ProductFields) {
  return {
    category_id: fields.category_id,
    name: fields.name,
    description: fields.description,
    price: fields.price,
    stock_quantity: fields.stock_quantity,
    availability_status: fields.availability_status,
    product_type: fields.product_type,
  };
}

/**
 * Deletes stored files that nothing shows any more. Called after the database change has
 * committed, so a failed change never loses a picture that a row still points to.
 */
async function deleteUnusedImages(ctx: AppContext, urls: (string | null | undefined)[]) {
  const candidates = [...new Set(urls.filter((u): u is string => !!u))];
  const inUse = await repo.imageUrlsInUse(ctx.db, candidates);
  await Promise.all(candidates.filter((u) => !inUse.has(u)).map((u) => deleteImage(ctx.config.dataDir, u)));
}

/** Stores an upload, runs `write`, and removes the new file again when `write` fails. */
async function withStoredImage<T>(ctx: AppContext, file: Buffer, write: (url: string) => Promise<T>): Promise<T> {
  const url = await storeImage(ctx.config.dataDir, "products", file);
  try {
    return await write(url);
  } catch (error) {
    await deleteImage(ctx.config.dataDir, url);
    throw error;
  }
}

export async function createProduct(ctx: AppContext, fields: ProductFields, file: Buffer | undefined) {
  const imageUrl = !file && fields.image_url ? checkImageUrl(fields.image_url) : null;
  if (!file && !imageUrl) throw badRequest("Please upload at least one product image.");
  const options = await checkedOptions(ctx, fields);
  const now = nowIso();
  const insert = (image_url: string | null) =>
    repo.insertProduct(ctx.db, {
      ...productColumns(fields),
      ...options,
      image_url,
      created_at: now,
      updated_at: now,
    });
  const productId = file ? await withStoredImage(ctx, file, insert) : await insert(imageUrl);
  return getProduct(ctx.db, productId);
}

/**
 * Replaces every field of a product. The cover: a new file wins; otherwise an image_url that is
 * empty (or null) clears it, one that is absent keeps it, and any other value replaces it.
 */
export async function updateProduct(
  ctx: AppContext,
  productId: number,
  fields: ProductFields,
  file: Buffer | undefined,
): Promise<Product> {
  const current = await repo.findProductForChange(ctx.db, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  const options = await checkedOptions(ctx, fields, parseSizeOptions(current.size_options));
  const changes = { ...productColumns(fields), ...options, updated_at: nowIso() };
  const save = async (image_url: string | null | undefined) => {
    const saved = await repo.updateProduct(
      ctx.db,
      productId,
      image_url === undefined ? changes : { ...changes, image_url },
    );
    if (!saved) throw notFound(PRODUCT_NOT_FOUND);
  };
  if (file) await withStoredImage(ctx, file, save);
  else if (fields.image_url === undefined) await save(undefined);
  else await save(fields.image_url ? checkImageUrl(fields.image_url) : null);
  const product = await getProduct(ctx.db, productId);
  if (product.imageUrl !== current.image_url) await deleteUnusedImages(ctx, [current.image_url]);
  return product;
}

export async function setAvailability(ctx: AppContext, productId: number, status: AvailabilityStatus) {
  const changed = await repo.updateProduct(ctx.db, productId, { availability_status: status, updated_at: nowIso() });
  if (!changed) throw notFound(PRODUCT_NOT_FOUND);
  return getProduct(ctx.db, productId);
}

export async function replaceCover(ctx: AppContext, productId: number, file: Buffer) {
  const current = await repo.findProductForChange(ctx.db, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  await withStoredImage(ctx, file, async (image_url) => {
    const changed = await repo.updateProduct(ctx.db, productId, { image_url, updated_at: nowIso() });
    if (!changed) throw notFound(PRODUCT_NOT_FOUND);
  });
  await deleteUnusedImages(ctx, [current.image_url]);
  return getProduct(ctx.db, productId);
}

/**
 * A product that some order names is archived: it leaves the catalogue and every cart, and its
 * orders keep their names and prices. Any other product is deleted with its picture files.
 */
export async function removeProduct(ctx: AppContext, productId: number): Promise<void> {
  const files = await ctx.db.transaction().execute(async (trx): Promise<(string | null)[]> => {
    const now = nowIso();
    const product = await repo.lockProduct(trx, productId, now);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    if (await repo.isOrdered(trx, productId)) {
      await repo.archiveProduct(trx, productId, now);
      await repo.removeFromCarts(trx, productId);
      return [];
    }
    const imageUrls = await repo.imageUrlsOf(trx, productId);
    await repo.deleteProduct(trx, productId);
    return [product.image_url, ...imageUrls];
  });
  await deleteUnusedImages(ctx, files);
}

export async function addImage(
  ctx: AppContext,
  productId: number,
  fields: { color_name: string; stock_quantity: number },
  file: Buffer | undefined,
): Promise<ProductImage> {
  if (!file) throw badRequest("Please choose an image file.");
  if (!(await repo.findProductForChange(ctx.db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const row = await withStoredImage(ctx, file, (image_url) =>
    repo.insertImage(ctx.db, { product_id: productId, ...fields, image_url, created_at: nowIso() }),
  );
  return toProductImage(row);
}

export async function updateImage(
  ctx: AppContext,
  productId: number,
  imageId: number,
  fields: { color_name?: string | undefined; stock_quantity?: number | undefined },
  file: Buffer | undefined,
): Promise<ProductImage> {
  const current = await repo.findImageOfProduct(ctx.db, productId, imageId);
  if (!current) throw notFound(IMAGE_NOT_FOUND);
  const changes = {
    ...(fields.color_name !== undefined && { color_name: fields.color_name }),
    ...(fields.stock_quantity !== undefined && { stock_quantity: fields.stock_quantity }),
  };
  const save = async (image_url?: string) => {
    const row = await repo.updateImage(ctx.db, imageId, image_url ? { ...changes, image_url } : changes);
    if (!row) throw notFound(IMAGE_NOT_FOUND);
    return row;
  };
  if (!file && Object.keys(changes).length === 0) return toProductImage(current);
  const row = file ? await withStoredImage(ctx, file, save) : await save();
  if (row.image_url !== current.image_url) await deleteUnusedImages(ctx, [current.image_url]);
  return toProductImage(row);
}

export async function setImageStock(ctx: AppContext, productId: number, imageId: number, stockQuantity: number) {
  if (!(await repo.findImageOfProduct(ctx.db, productId, imageId))) throw notFound(IMAGE_NOT_FOUND);
  const row = await repo.updateImage(ctx.db, imageId, { stock_quantity: stockQuantity });
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  return toProductImage(row);
}

export async function removeImage(ctx: AppContext, productId: number, imageId: number) {
  const current = await repo.findImageOfProduct(ctx.db, productId, imageId);
  if (!current) throw notFound(IMAGE_NOT_FOUND);
  await repo.deleteImageRow(ctx.db, imageId);
  await deleteUnusedImages(ctx, [current.image_url]);
}
