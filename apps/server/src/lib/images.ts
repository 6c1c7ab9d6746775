import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../errors.js";

export { MAX_IMAGE_BYTES };

/**
 * 40 megapixels: more than any phone camera gives, far less than a "decompression bomb" — a few
 * kilobytes of PNG that declare 10000 × 10000 pixels and would take gigabytes of memory to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
const TOO_MANY_PIXELS = "The image is too large: at most 40 megapixels (for example 8000 × 5000 pixels).";
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Widths kept for every product image: the detail page and the catalogue cards. */
const DETAIL_WIDTH = 1200;
const CARD_WIDTH = 480;

export type ImageArea = "products" | "proofs" | "receipts";
/** The areas whose files are private: served only through a guarded route, to an order's owner and admins. */
export type PrivateArea = Exclude<ImageArea, "products">;

/**
 * Where files live on disk: products are public under /uploads/; delivery proofs and transfer
 * receipts live outside it and are served only through a guarded route.
 */
export function areaDir(dataDir: string, area: ImageArea): string {
  return area === "products" ? path.join(dataDir, "uploads", "products") : path.join(dataDir, area);
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP only; an SVG or HTML file named .png is refused),
 * re-encodes it to WebP — which also drops EXIF and GPS metadata — and stores it under a random name.
 * Returns the public path, e.g. /uploads/products/9f…c2.webp; products also get a -card.webp copy.
 */
export async function storeImage(dataDir: string, area: ImageArea, input: Buffer): Promise<string> {
  if (input.length > MAX_IMAGE_BYTES) throw new AppError(413, "Image maximum size is 5 MB.", "FILE_TOO_LARGE");
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError(415, "Only JPEG, PNG or WebP images are accepted.", "UNSUPPORTED_IMAGE");
  }
  // The header states the size; an image refused here is never decoded.
  const { width, height } = await sharp(input)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_IMAGE_PIXELS) throw new AppError(413, TOO_MANY_PIXELS, "IMAGE_TOO_LARGE");
  const dir = areaDir(dataDir, area);
  await fs.mkdir(dir, { recursive: true });
  const name = newImageName();
  try {
    // The limit again where pixels are decoded, in case a header understated them.
    const base = sharp(input, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    await base
      .clone()
      .resize({ width: DETAIL_WIDTH, height: DETAIL_WIDTH, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(path.join(dir, `${name}.webp`));
    if (area === "products") {
      await base
        .clone()
        .resize({ width: CARD_WIDTH, height: CARD_WIDTH, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(path.join(dir, `${name}-card.webp`));
    }
  } catch {
    await removeStoredFiles(dir, name);
    throw new AppError(415, "The image could not be read.", "UNREADABLE_IMAGE");
  }
  return `/uploads/${area}/${name}.webp`;
}

/** A random file name of the form every stored image has; deleteImage only ever removes names like it. */
export function newImageName(): string {
  return randomBytes(16).toString("hex");
}

/** Stores an image that is already WebP in both widths (the seed's pre-rendered artwork) under a new name. */
export async function storePrerendered(dataDir: string, detailFile: string, cardFile: string): Promise<string> {
  const dir = areaDir(dataDir, "products");
  await fs.mkdir(dir, { recursive: true });
  const name = newImageName();
  await fs.copyFile(detailFile, path.join(dir, `${name}.webp`));
  await fs.copyFile(cardFile, path.join(dir, `${name}-card.webp`));
  return `/uploads/products/${name}.webp`;
}

async function removeStoredFiles(dir: string, name: string) {
  await Promise.all([`${name}.webp`, `${name}-card.webp`].map((f) => fs.rm(path.join(dir, f), { force: true })));
}

const STORED_PATH = /^\/uploads\/(products|proofs|receipts)\/([a-f0-9]{32})\.webp$/;

/** Deletes a stored image and its card copy; paths that the shop did not store (seed URLs, outside links) are left alone. */
export async function deleteImage(dataDir: string, url: string | null | undefined): Promise<void> {
  const match = url ? STORED_PATH.exec(url) : null;
  if (!match) return;
  await removeStoredFiles(areaDir(dataDir, match[1] as ImageArea), match[2] as string);
}

/** The file on disk behind a delivery proof's or transfer receipt's path, or null for anything that is not one. */
export function proofFile(dataDir: string, name: string, area: PrivateArea = "proofs"): string | null {
  return /^[a-f0-9]{32}\.webp$/.test(name) ? path.join(areaDir(dataDir, area), name) : null;
}
