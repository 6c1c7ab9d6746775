import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../errors.js";
import type { MessageKey } from "./i18n.js";
import { type FileStore, fileStoreAt } from "./storage/index.js";

export { MAX_IMAGE_BYTES };

/**
 * 40 megapixels: more than any phone camera gives, far less than a "decompression bomb" — a few
 * kilobytes of PNG that declare 10000 × 10000 pixels and would take gigabytes of memory to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
const TOO_MANY_PIXELS =
  "The image is too large: at most 40 megapixels (for example 8000 × 5000 pixels)." satisfies MessageKey;
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Widths kept for every product image: the detail page and the catalogue cards. */
const DETAIL_WIDTH = 1200;
const CARD_WIDTH = 480;

/** Every area a stored image lives in; its path is /uploads/<area>/<name>.webp whatever the store. */
export const IMAGE_AREAS = ["products", "proofs", "receipts"] as const;
export type ImageArea = (typeof IMAGE_AREAS)[number];
/** The areas whose files are public: served to anyone under /uploads/, cached for a long time. */
const PUBLIC_AREAS: ReadonlySet<ImageArea> = new Set(["products"]);
/** The areas whose files are private: served only through a guarded route, to an order's owner and admins. */
export type PrivateArea = Exclude<ImageArea, "products">;

/** How a public image may be cached: its name is random and never reused. */
export const PUBLIC_IMAGE_CACHE = "public, max-age=31536000, immutable";
/** A proof or receipt: by its viewer's browser only, never by a shared cache. */
export const PRIVATE_IMAGE_CACHE = "private, max-age=3600";

/**
 * Where an area's files are kept, relative to DATA_DIR or the bucket's root: public areas under
 * uploads/ (served as they are), private ones beside it, so the public handler can never answer one.
 */
export function areaFolder(area: ImageArea): string {
  return PUBLIC_AREAS.has(area) ? `uploads/${area}` : area;
}

/**
 * The store to use: a FileStore, or a DATA_DIR as callers named it before files could live in a bucket,
 * which resolves to the store the shop opened for that folder.
 */
export type FilesAt = FileStore | string;
const storeOf = (files: FilesAt) => (typeof files === "string" ? fileStoreAt(files) : files);

/** The folders under DATA_DIR that hold stored files: uploads/ (every public area) and each private area's. */
export function storedFolders(): string[] {
  return ["uploads", ...IMAGE_AREAS.filter((area) => !PUBLIC_AREAS.has(area))];
}

/** How a stored file may be cached, from its key: public under uploads/, private elsewhere. */
export const cacheControlOf = (key: string) => (key.startsWith("uploads/") ? PUBLIC_IMAGE_CACHE : PRIVATE_IMAGE_CACHE);

function putImage(files: FileStore, area: ImageArea, file: string, body: Buffer) {
  const key = `${areaFolder(area)}/${file}`;
  return files.put(key, body, { contentType: "image/webp", cacheControl: cacheControlOf(key) });
}

/**
 * Checks an upload by its content (JPEG, PNG or WebP only; an SVG or HTML file named .png is refused),
 * re-encodes it to WebP — which also drops EXIF and GPS metadata — and stores it under a random name.
 * Returns the public path, e.g. /uploads/products/9f…c2.webp; products also get a -card.webp copy.
 */
export async function storeImage(where: FilesAt, area: ImageArea, input: Buffer): Promise<string> {
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
  let detail: Buffer;
  let card: Buffer | null = null;
  try {
    // The limit again where pixels are decoded, in case a header understated them.
    const base = sharp(input, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    detail = await base
      .clone()
      .resize({ width: DETAIL_WIDTH, height: DETAIL_WIDTH, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    if (area === "products") {
      card = await base
        .clone()
        .resize({ width: CARD_WIDTH, height: CARD_WIDTH, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
    }
  } catch {
    throw new AppError(415, "The image could not be read.", "UNREADABLE_IMAGE");
  }
  return storeWebp(storeOf(where), area, detail, card);
}

/** Stores both widths under a new name; when the store fails half-way, the half already stored goes again. */
async function storeWebp(files: FileStore, area: ImageArea, detail: Buffer, card: Buffer | null): Promise<string> {
  const name = newImageName();
  try {
    await putImage(files, area, `${name}.webp`, detail);
    if (card) await putImage(files, area, `${name}-card.webp`, card);
  } catch (error) {
    await removeStoredFiles(files, area, name).catch(() => {});
    throw error;
  }
  return `/uploads/${area}/${name}.webp`;
}

/** A random file name of the form every stored image has; deleteImage only ever removes names like it. */
export function newImageName(): string {
  return randomBytes(16).toString("hex");
}

/** Stores an image that is already WebP in both widths (the seed's pre-rendered artwork) under a new name. */
export async function storePrerendered(where: FilesAt, detailFile: string, cardFile: string): Promise<string> {
  const [detail, card] = await Promise.all([fs.readFile(detailFile), fs.readFile(cardFile)]);
  return storeWebp(storeOf(where), "products", detail, card);
}

/** A stored image's files: both widths, and the JPEG copy made for link previews (plugins/share-image.ts). */
async function removeStoredFiles(files: FileStore, area: ImageArea, name: string) {
  const names = [`${name}.webp`, `${name}-card.webp`, `${name}-share.jpg`];
  await Promise.all(names.map((f) => files.delete(`${areaFolder(area)}/${f}`)));
}

const STORED_PATH = /^\/uploads\/([a-z]+)\/([a-f0-9]{32})\.webp$/;
const isArea = (area: string | undefined): area is ImageArea => IMAGE_AREAS.includes(area as ImageArea);

/** Deletes a stored image and its card copy; paths that the shop did not store (seed URLs, outside links) are left alone. */
export async function deleteImage(where: FilesAt, url: string | null | undefined): Promise<void> {
  const match = url ? STORED_PATH.exec(url) : null;
  if (!match || !isArea(match[1])) return;
  await removeStoredFiles(storeOf(where), match[1], match[2] as string);
}

/** The key of a delivery proof's or transfer receipt's file from its name, or null for anything that is not one. */
export function privateImageKey(area: PrivateArea, name: string): string | null {
  return /^[a-f0-9]{32}\.webp$/.test(name) ? `${areaFolder(area)}/${name}` : null;
}

/** A delivery proof or transfer receipt as stored, or null when the name is none or its file is gone. */
export async function readPrivateImage(files: FileStore, area: PrivateArea, name: string): Promise<Buffer | null> {
  const key = privateImageKey(area, name);
  return key ? ((await files.get(key))?.body ?? null) : null;
}
