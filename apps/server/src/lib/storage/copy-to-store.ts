import fs from "node:fs/promises";
import path from "node:path";
import { cacheControlOf, storedFolders } from "../images.js";
import { contentTypeOf, type FileStore, isStorageKey } from "./index.js";

export interface CopyResult {
  copied: string[];
  /** Already in the store with the same size: a second run copies nothing again. */
  present: number;
  /** Files whose names the shop never makes (left where they are, and named in the log). */
  ignored: string[];
}

/**
 * Copies the files of a DATA_DIR (uploads/, proofs/, receipts/) into a store under the same keys, so
 * every /uploads/… path in the database finds its file there. A file the store already holds with
 * the same size is left alone, so the copy can be run again after an interruption or a late upload.
 * Nothing is deleted from the disk.
 */
export async function copyFilesToStore(
  dataDir: string,
  store: FileStore,
  log: (line: string) => void = () => {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: [], present: 0, ignored: [] };
  for (const folder of storedFolders()) {
    const root = path.join(dataDir, folder);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const keys = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .sort();
    for (const key of keys) {
      if (!isStorageKey(key) || key.endsWith(".tmp")) {
        result.ignored.push(key);
        log(`ignored ${key}: not a file the shop stores`);
        continue;
      }
      const body = await fs.readFile(path.join(dataDir, key));
      if ((await store.head(key))?.size === body.length) {
        result.present += 1;
        continue;
      }
      await store.put(key, body, { contentType: contentTypeOf(key), cacheControl: cacheControlOf(key) });
      result.copied.push(key);
      log(`copied ${key}`);
    }
  }
  return result;
}
