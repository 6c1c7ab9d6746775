import path from "node:path";

/** A stored file as the shop reads it back. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  /** Kept with the object in a bucket, so a CDN that serves the bucket caches it as the shop would. */
  cacheControl?: string;
}

/**
 * Where the shop keeps its files: a folder (DATA_DIR) or an S3-compatible bucket. A key is a path
 * relative to DATA_DIR, e.g. `uploads/products/9f…c2.webp` or `proofs/9f…c2.webp`, the same in both,
 * so `npm run storage:migrate` copies a disk into a bucket key for key.
 */
export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Where the files are, for logs: a folder or a bucket at an endpoint. */
  readonly location: string;
  put(key: string, body: Buffer, options: PutOptions): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** The file's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Deletes the file; a key with no file is no error. */
  delete(key: string): Promise<void>;
  /** Every key under a folder (`proofs`, `backups/florist-…`), sorted; files being written are left out. */
  list(folder: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A key the shop makes: a folder, then plain names ("uploads/products/9f…c2-card.webp"); never "..". */
export const isStorageKey = (key: string) =>
  /^[a-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/.test(key) && !key.split("/").includes("..");

/** Keys are made by the shop, never taken from a request as they are; one that could leave its folder is a bug. */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/** The content type a file is served with, from its name (the shop stores WebP; seeds and old rows may name others). */
export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}
