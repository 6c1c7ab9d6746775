import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { PHOTO_COPIES, PHOTO_FULL_WIDTH } from "@florist/contract/pages";
import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";
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

/** The WebP quality of a stored photo's copies (contract PHOTO_COPIES): the smaller, the lower. */
const COPY_QUALITY: Record<(typeof PHOTO_COPIES)[number]["suffix"], number> = {
  "-thumb": 76,
  "-card": 78,
  "-phone": 80,
};

/** The files of a photo stored under `name`: the photo, then its copies in PHOTO_COPIES' order. */
export const photoFiles = (name: string) => [`${name}.webp`, ...PHOTO_COPIES.map((c) => `${name}${c.suffix}.webp`)];

/** A stored photo's smaller copies, made from the photo (or from what was uploaded) with sharp. */
function photoCopies(base: Sharp): Promise<Buffer[]> {
  return Promise.all(
    PHOTO_COPIES.map(({ suffix, width }) =>
      base
        .clone()
        .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
        .webp({ quality: COPY_QUALITY[suffix] })
        .toBuffer(),
    ),
  );
}

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
  let copies: Buffer[] = [];
  try {
    // The limit again where pixels are decoded, in case a header understated them.
    const base = sharp(input, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    detail = await base
      .clone()
      .resize({ width: PHOTO_FULL_WIDTH, height: PHOTO_FULL_WIDTH, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    if (area === "products") copies = await photoCopies(base);
  } catch {
    throw new AppError(415, "The image could not be read.", "UNREADABLE_IMAGE");
  }
  return storeWebp(storeOf(where), area, [detail, ...copies]);
}

/**
 * Stores an image's files under a new name (the image, then a product photo's copies, as photoFiles
 * names them); when the store fails half-way, what was already stored goes again.
 */
async function storeWebp(files: FileStore, area: ImageArea, bodies: Buffer[]): Promise<string> {
  const name = newImageName();
  const names = photoFiles(name);
  // Every write settles before a failure cleans up: a write still under way would otherwise land
  // after the clean-up and leave a file nothing points at.
  const written = await Promise.allSettled(
    bodies.map((body, index) => putImage(files, area, names[index] as string, body)),
  );
  const failed = written.find((result) => result.status === "rejected");
  if (failed) {
    await removeStoredFiles(files, area, name).catch(() => {});
    throw failed.reason;
  }
  return `/uploads/${area}/${name}.webp`;
}

/** A random file name of the form every stored image has; deleteImage only ever removes names like it. */
export function newImageName(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Stores a photo that is already WebP in every width (the seed's pre-rendered artwork) under a new name:
 * `<base>.webp` and its copies beside it, named as photoFiles names them.
 */
export async function storePrerendered(where: FilesAt, base: string): Promise<string> {
  const bodies = await Promise.all(photoFiles(base).map((file) => fs.readFile(file)));
  return storeWebp(storeOf(where), "products", bodies);
}

/**
 * Makes the copies a stored photo lacks from the photo itself: for photos stored before a width was
 * added to PHOTO_COPIES. Returns how many it made; a photo that is gone, or an address the shop did
 * not store, has none made.
 */
export async function makeMissingCopies(files: FileStore, url: string): Promise<number> {
  const match = STORED_PATH.exec(url);
  if (match?.[1] !== "products") return 0;
  const folder = areaFolder("products");
  const [photo, ...copies] = photoFiles(match[2] as string);
  const missing = await Promise.all(copies.map(async (file) => (await files.head(`${folder}/${file}`)) === null));
  if (!missing.includes(true)) return 0;
  const stored = await files.get(`${folder}/${photo}`);
  if (!stored) return 0;
  const made = await photoCopies(sharp(stored.body, { limitInputPixels: MAX_IMAGE_PIXELS }));
  const wanted = copies.flatMap((file, index) => (missing[index] ? [{ file, body: made[index] as Buffer }] : []));
  await Promise.all(wanted.map(({ file, body }) => putImage(files, "products", file, body)));
  return wanted.length;
}

/** A stored image's files: every width, and the JPEG copy made for link previews (plugins/share-image.ts). */
async function removeStoredFiles(files: FileStore, area: ImageArea, name: string) {
  const names = [...photoFiles(name), `${name}-share.jpg`];
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
