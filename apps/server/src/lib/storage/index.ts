import path from "node:path";
import { diskStore } from "./disk.js";
import { type S3Settings, s3Store } from "./s3.js";
import type { FileStore } from "./store.js";

export { contentTypeOf, type FileStore, isStorageKey, type PutOptions, type StoredFile } from "./store.js";
export type { S3Settings };

const opened = new Map<string, FileStore>();

/**
 * Opens the store the configuration names: the bucket when S3_* is set, else DATA_DIR. It is also
 * registered under its DATA_DIR, so code that still names a DATA_DIR (storeImage(dataDir, …)) reaches
 * the same store; closing it forgets it.
 */
export function openFileStore(config: { dataDir: string; s3: S3Settings | undefined }): FileStore {
  const root = path.resolve(config.dataDir);
  const store = config.s3 ? s3Store(config.s3) : diskStore(root);
  const registered: FileStore = {
    ...store,
    async close() {
      if (opened.get(root) === registered) opened.delete(root);
      await store.close();
    },
  };
  opened.set(root, registered);
  return registered;
}

/** The store opened for a DATA_DIR, or that folder itself when none was (a script, a seed run alone). */
export function fileStoreAt(dataDir: string): FileStore {
  const root = path.resolve(dataDir);
  return opened.get(root) ?? diskStore(root);
}
