import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { checkKey, contentTypeOf, type FileStore } from "./store.js";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Files under a folder, each key a relative path: the shop's DATA_DIR, as it always was. */
export function diskStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    kind: "disk",
    location: root,
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader (another request, another process) never sees half a file.
      const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return { body: await fs.readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return stat.isFile() ? { size: stat.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(folder) {
      const dir = path.join(root, ...folder.split("/"));
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .sort();
    },
    async close() {},
  };
}
