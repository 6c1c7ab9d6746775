import type { AuditActionOf, AvailabilityStatus, Product, ProductFields, ProductImage } from "@florist/contract";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { badRequest, notFound } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { deleteImage, storeImage } from "../../lib/images.js";
import { nowIso } from "../../lib/time.js";
import { type Actor, recordChange } from "../audit/service.js";
import { normalizeColors, normalizeSizes, parseSizeOptions, type SizeOption } from "../catalog/product-options.js";
import { getProduct, PRODUCT_NOT_FOUND, toProductImage } from "../catalog/service.js";
import { tagProduct } from "../occasions/tags.js";
import * as repo from "./repository.js";

const IMAGE_NOT_FOUND = "Product image not found." satisfies MessageKey;

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
  const sizes = normalizeSizes(fields.size_available, previousSizes, fields.size_prices);
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

type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.findProductForChange>>>;

/**
 * What the audit log keeps of a product: its fields as the admin set them, the colours as a list and
 * each size with its own price or "base price", so a price change per size reads before → after.
 */
function auditedProduct(row: Omit<ProductRow, "product_id">) {
  const { size_options, color_options, ...fields } = row;
  const sizes = Object.fromEntries(
    parseSizeOptions(size_options).map((size) => [size.label, size.price ?? BASE_PRICE]),
  );
  return { ...fields, sizes, colors: JSON.parse(color_options) as unknown };
}

const BASE_PRICE = "base price";

/** A colour image as the audit log keeps it. */
function auditedImage(row: { image_id: number; color_name: string; stock_quantity: number; image_url: string }) {
  return {
    image: row.image_id,
    color_name: row.color_name,
    stock_quantity: row.stock_quantity,
    image_url: row.image_url,
  };
}

const productTarget = (productId: number) => `product:${productId}`;

/** Writes the entry of a product change in the change's own transaction. */
function recordProduct(
  trx: Executor,
  actor: Actor,
  action: AuditActionOf<"product">,
  productId: number,
  details: Record<string, unknown>,
) {
  return recordChange(trx, actor, { action: `product.${action}`, target: productTarget(productId), details });
}

/**
 * Deletes stored files that nothing shows any more. Called after the database change has
 * committed, so a failed change never loses a picture that a row still points to.
 */
async function deleteUnusedImages(ctx: AppContext, urls: (string | null | undefined)[]) {
  const candidates = [...new Set(urls.filter((u): u is string => !!u))];
  const inUse = await repo.imageUrlsInUse(ctx.db, candidates);
  await Promise.all(candidates.filter((u) => !inUse.has(u)).map((u) => deleteImage(ctx.files, u)));
}

/** Stores an upload, runs `write`, and removes the new file again when `write` fails. */
async function withStoredImage<T>(ctx: AppContext, file: Buffer, write: (url: string) => Promise<T>): Promise<T> {
  const url = await storeImage(ctx.files, "products", file);
  try {
    return await write(url);
  } catch (error) {
    await deleteImage(ctx.files, url);
    throw error;
  }
}

export async function createProduct(ctx: AppContext, actor: Actor, fields: ProductFields, file: Buffer | undefined) {
  const imageUrl = !file && fields.image_url ? checkImageUrl(fields.image_url) : null;
  if (!file && !imageUrl) throw badRequest("Please upload at least one product image.");
  const options = await checkedOptions(ctx, fields);
  const now = nowIso();
  const insert = (image_url: string | null) =>
    ctx.db.transaction().execute(async (trx) => {
      const columns = { ...productColumns(fields), ...options, image_url };
      const productId = await repo.insertProduct(trx, { ...columns, created_at: now, updated_at: now });
      const occasions = await tagProduct(trx, productId, fields.occasion_ids ?? []);
      await recordProduct(trx, actor, "create", productId, {
        before: null,
        after: { ...auditedProduct(columns), occasions: occasions.after },
      });
      return productId;
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
  actor: Actor,
  productId: number,
  fields: ProductFields,
  file: Buffer | undefined,
): Promise<Product> {
  const current = await repo.findProductForChange(ctx.db, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  const options = await checkedOptions(ctx, fields, parseSizeOptions(current.size_options));
  const changes = { ...productColumns(fields), ...options, updated_at: nowIso() };
  const save = (image_url: string | null | undefined) =>
    ctx.db.transaction().execute(async (trx) => {
      const saved = await repo.updateProduct(
        trx,
        productId,
        image_url === undefined ? changes : { ...changes, image_url },
      );
      if (!saved) throw notFound(PRODUCT_NOT_FOUND);
      const { product_id: _, ...before } = current;
      const { updated_at: __, ...after } = changes;
      // Occasions left out of the form keep the ones the product has.
      const occasions =
        fields.occasion_ids === undefined ? undefined : await tagProduct(trx, productId, fields.occasion_ids);
      await recordProduct(trx, actor, "update", productId, {
        before: { ...auditedProduct(before), ...(occasions && { occasions: occasions.before }) },
        after: {
          ...auditedProduct({ ...after, image_url: image_url === undefined ? current.image_url : image_url }),
          ...(occasions && { occasions: occasions.after }),
        },
      });
    });
  if (file) await withStoredImage(ctx, file, save);
  else if (fields.image_url === undefined) await save(undefined);
  else await save(fields.image_url ? checkImageUrl(fields.image_url) : null);
  const product = await getProduct(ctx.db, productId);
  if (product.imageUrl !== current.image_url) await deleteUnusedImages(ctx, [current.image_url]);
  return product;
}

export async function setAvailability(ctx: AppContext, actor: Actor, productId: number, status: AvailabilityStatus) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findProductForChange(trx, productId);
    const changed = await repo.updateProduct(trx, productId, { availability_status: status, updated_at: nowIso() });
    if (!current || !changed) throw notFound(PRODUCT_NOT_FOUND);
    await recordProduct(trx, actor, "availability", productId, {
      before: { availability_status: current.availability_status },
      after: { availability_status: status },
    });
  });
  return getProduct(ctx.db, productId);
}

export async function replaceCover(ctx: AppContext, actor: Actor, productId: number, file: Buffer) {
  const current = await repo.findProductForChange(ctx.db, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  await withStoredImage(ctx, file, (image_url) =>
    ctx.db.transaction().execute(async (trx) => {
      const changed = await repo.updateProduct(trx, productId, { image_url, updated_at: nowIso() });
      if (!changed) throw notFound(PRODUCT_NOT_FOUND);
      await recordProduct(trx, actor, "cover", productId, {
        before: { image_url: current.image_url },
        after: { image_url },
      });
    }),
  );
  await deleteUnusedImages(ctx, [current.image_url]);
  return getProduct(ctx.db, productId);
}

/**
 * A product that some order names is archived: it leaves the catalogue and every cart, and its
 * orders keep their names and prices. Any other product is deleted with its picture files.
 */
export async function removeProduct(ctx: AppContext, actor: Actor, productId: number): Promise<void> {
  const files = await ctx.db.transaction().execute(async (trx): Promise<(string | null)[]> => {
    const now = nowIso();
    const product = await repo.lockProduct(trx, productId, now);
    const current = await repo.findProductForChange(trx, productId);
    if (!product || !current) throw notFound(PRODUCT_NOT_FOUND);
    const ordered = await repo.isOrdered(trx, productId);
    const { product_id: _, ...before } = current;
    await recordProduct(trx, actor, ordered ? "archive" : "delete", productId, {
      before: auditedProduct(before),
      after: null,
    });
    if (ordered) {
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
  actor: Actor,
  productId: number,
  fields: { color_name: string; stock_quantity: number },
  file: Buffer | undefined,
): Promise<ProductImage> {
  if (!file) throw badRequest("Please choose an image file.");
  if (!(await repo.findProductForChange(ctx.db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const row = await withStoredImage(ctx, file, (image_url) =>
    ctx.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertImage(trx, {
        product_id: productId,
        ...fields,
        image_url,
        created_at: nowIso(),
      });
      await recordProduct(trx, actor, "image-add", productId, { before: null, after: auditedImage(inserted) });
      return inserted;
    }),
  );
  return toProductImage(row);
}

export async function updateImage(
  ctx: AppContext,
  actor: Actor,
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
  const save = (image_url?: string) =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await repo.updateImage(trx, imageId, image_url ? { ...changes, image_url } : changes);
      if (!row) throw notFound(IMAGE_NOT_FOUND);
      await recordProduct(trx, actor, "image-update", productId, {
        before: auditedImage(current),
        after: auditedImage(row),
      });
      return row;
    });
  if (!file && Object.keys(changes).length === 0) return toProductImage(current);
  const row = file ? await withStoredImage(ctx, file, save) : await save();
  if (row.image_url !== current.image_url) await deleteUnusedImages(ctx, [current.image_url]);
  return toProductImage(row);
}

export async function setImageStock(
  ctx: AppContext,
  actor: Actor,
  productId: number,
  imageId: number,
  stockQuantity: number,
) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findImageOfProduct(trx, productId, imageId);
    if (!current) throw notFound(IMAGE_NOT_FOUND);
    const updated = await repo.updateImage(trx, imageId, { stock_quantity: stockQuantity });
    if (!updated) throw notFound(IMAGE_NOT_FOUND);
    await recordProduct(trx, actor, "image-stock", productId, {
      before: auditedImage(current),
      after: auditedImage(updated),
    });
    return updated;
  });
  return toProductImage(row);
}

export async function removeImage(ctx: AppContext, actor: Actor, productId: number, imageId: number) {
  const current = await repo.findImageOfProduct(ctx.db, productId, imageId);
  if (!current) throw notFound(IMAGE_NOT_FOUND);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteImageRow(trx, imageId);
    await recordProduct(trx, actor, "image-delete", productId, { before: auditedImage(current), after: null });
  });
  await deleteUnusedImages(ctx, [current.image_url]);
}
