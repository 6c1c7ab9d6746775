import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "./config.js";
import { checkSqlite, snapshotSqlite } from "./db/backup.js";
import { dialectOf, sqliteFile } from "./db/connection.js";
import { cacheControlOf, storedFolders } from "./lib/images.js";
import { contentTypeOf, type FileStore, isStorageKey } from "./lib/storage/index.js";
import { s3Store } from "./lib/storage/s3.js";
import { nowIso } from "./lib/time.js";

/**
 * `npm run backup` and `npm run restore` (docs/operations.md, Backups): a SQLite shop's database,
 * copied while it keeps taking orders, with everything else in DATA_DIR (product images, delivery
 * proofs, transfer receipts, the mail outbox) or, when S3_* is set, in the shop's bucket, into a
 * folder with a manifest that restore checks before it touches anything. The folder can also be
 * written to, and read back from, a folder of a bucket (`--to s3`, `--from s3`).
 */

export const MANIFEST = "manifest.json";
const FORMAT = "bandung-florist-backup/1";
const DATABASE_FILE = "shop.db";
const FILES_DIR = "files";

export interface BackupEntry {
  /** Path inside the backup folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  /** When the copy began: every order acknowledged before it is in the backup. */
  startedAt: string;
  finishedAt: string;
  /** The schema the database holds: the newest migration it ran. */
  database: BackupEntry & { newestMigration: string | null };
  /** Where the images, proofs and receipts were taken from (the outbox is always DATA_DIR's). */
  filesFrom?: "disk" | "bucket";
  files: BackupEntry[];
}

export class BackupError extends Error {
  override name = "BackupError";
}

const POSTGRES_ADVICE =
  "DATABASE_URL is PostgreSQL: back the database up with pg_dump and restore it with pg_restore " +
  "(docs/operations.md, Backups). npm run backup and npm run restore are for a shop on SQLite.";

/** The SQLite file behind the configuration, or a BackupError telling a PostgreSQL shop what to use. */
function databaseFile(config: Config): string {
  if (dialectOf(config.databaseUrl) === "postgres") throw new BackupError(POSTGRES_ADVICE);
  const file = sqliteFile(config.databaseUrl);
  if (file === ":memory:") throw new BackupError("An in-memory database has nothing to back up.");
  return path.resolve(file);
}

/** The database file and the files SQLite keeps beside it while the database is open. */
const databaseFiles = (file: string) => ["", "-wal", "-shm", "-journal"].map((suffix) => `${file}${suffix}`);

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

async function describe(root: string, relative: string): Promise<BackupEntry> {
  const file = path.join(root, relative);
  return { path: relative.split(path.sep).join("/"), bytes: (await fs.stat(file)).size, sha256: await sha256(file) };
}

/** Every file under `dir` (relative paths), leaving out the paths in `skip`. */
async function filesUnder(dir: string, skip: Set<string>): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => ![...skip].some((s) => file === s || file.startsWith(`${s}${path.sep}`)))
    .map((file) => path.relative(dir, file))
    .sort();
}

/** `florist-2026-11-23T18-05-00Z`: sorts by time and is a valid name on every file system. */
const backupName = (at: string) => `florist-${at.replace(/\.\d+Z$/, "Z").replaceAll(":", "-")}`;

/** Writes `body` to `file`, making its folder. */
async function writeInto(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
}

/**
 * Copies the shop's images, proofs and receipts from its bucket into `files/` of the backup, key for
 * key, and answers their paths there. An object deleted since it was listed (a replaced proof) is
 * left out; an object whose name the shop never makes is left out and logged.
 */
async function copyBucketFiles(store: FileStore, partial: string, log: (line: string) => void): Promise<string[]> {
  const copied: string[] = [];
  for (const folder of storedFolders()) {
    for (const key of await store.list(folder)) {
      if (!isStorageKey(key)) {
        log(`Left out ${key}: not a file the shop stores.`);
        continue;
      }
      const file = await store.get(key);
      if (!file) continue;
      const copy = path.join(FILES_DIR, ...key.split("/"));
      await writeInto(path.join(partial, copy), file.body);
      copied.push(copy);
    }
  }
  return copied;
}

/**
 * Writes a backup into a new folder under `target` (BACKUP_DIR unless given) and answers its path.
 * The database is copied first, as it stands at that instant; then the other files of DATA_DIR and,
 * when S3_* is set, the images, proofs and receipts of the bucket, so every file the copied database
 * names is there (the shop writes a file before it commits the row naming it). The folder is named
 * `….partial` until its manifest is written.
 */
export async function backup(
  config: Config,
  options: { target?: string; log?: (line: string) => void } = {},
): Promise<{ dir: string; manifest: Manifest }> {
  const log = options.log ?? (() => {});
  const source = databaseFile(config);
  await fs.access(source).catch(() => {
    throw new BackupError(`There is no database at ${source} to back up.`);
  });
  const target = path.resolve(options.target ?? config.backupDir);
  const startedAt = nowIso();
  const dir = path.join(target, backupName(startedAt));
  const partial = `${dir}.partial`;
  await fs.mkdir(path.join(partial, FILES_DIR), { recursive: true });
  try {
    const newestMigration = await snapshotSqlite(source, path.join(partial, DATABASE_FILE));
    log(`Database copied from ${source}.`);
    // On a bucket, what DATA_DIR still holds under uploads/, proofs/ or receipts/ is not the shop's.
    const bucketFolders = config.s3 ? storedFolders().map((folder) => path.join(config.dataDir, folder)) : [];
    const files = await filesUnder(config.dataDir, new Set([...databaseFiles(source), target, ...bucketFolders]));
    const entries: BackupEntry[] = [];
    for (const file of files) {
      const copy = path.join(FILES_DIR, file);
      await fs.mkdir(path.dirname(path.join(partial, copy)), { recursive: true });
      // A file deleted since it was listed (a replaced proof) is no longer the shop's: it is left out.
      const copied = await fs.copyFile(path.join(config.dataDir, file), path.join(partial, copy)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return false;
          throw error;
        },
      );
      if (copied) entries.push(await describe(partial, copy));
    }
    log(`${entries.length} files copied from ${config.dataDir}.`);
    if (config.s3) {
      const store = s3Store(config.s3);
      try {
        const copied = await copyBucketFiles(store, partial, log);
        for (const copy of copied) entries.push(await describe(partial, copy));
        log(`${copied.length} files copied from ${store.location}.`);
      } finally {
        await store.close();
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      startedAt,
      finishedAt: nowIso(),
      database: { ...(await describe(partial, DATABASE_FILE)), newestMigration },
      filesFrom: config.s3 ? "bucket" : "disk",
      files: entries,
    };
    await fs.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(dir: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST), "utf8").catch(() => {
    throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST}.`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== FORMAT) throw new BackupError(`${dir} is a backup of an unknown format.`);
  return manifest;
}

/** Every file of the backup as its manifest says: present, of its size and its SHA-256. */
async function verify(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of [manifest.database, ...manifest.files]) {
    const found = await describe(dir, entry.path).catch(() => null);
    if (found?.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
      throw new BackupError(`The backup is damaged: ${entry.path} is missing or differs from its manifest.`);
    }
  }
  if (!checkSqlite(path.join(dir, manifest.database.path)).intact) {
    throw new BackupError("The backup is damaged: its database fails SQLite's integrity check.");
  }
}

/** Whether `file` is `dir` or lies under it. */
const inside = (file: string, dir: string) => {
  const relative = path.relative(dir, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

async function isEmpty(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch(() => []);
  return entries.length === 0;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Brings a backup back into DATA_DIR and the SQLite file DATABASE_URL names. The backup is checked
 * whole first. A DATA_DIR that holds anything, or a database file that exists, is refused unless
 * `force` is set, and then replaced: the shop must be stopped while it runs.
 */
export async function restore(
  config: Config,
  source: string,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const databaseTarget = databaseFile(config);
  const dir = path.resolve(source);
  const manifest = await readManifest(dir);
  await verify(dir, manifest);
  log(`Backup of ${manifest.startedAt} checked: ${manifest.files.length} files and the database are whole.`);

  const store = config.s3 ? s3Store(config.s3) : undefined;
  try {
    await restoreInto(config, dir, manifest, store, options);
  } finally {
    await store?.close();
  }
  log(`Restored into ${config.dataDir}${store ? ` and ${store.location}` : ""} (database ${databaseTarget}).`);
  return manifest;
}

/** Whether the bucket holds any image, proof or receipt. */
async function holdsFiles(store: FileStore): Promise<boolean> {
  for (const folder of storedFolders()) if ((await store.list(folder)).length > 0) return true;
  return false;
}

/** The key of a backed-up file in the shop's bucket, or null for a file that stays in DATA_DIR (the outbox). */
function bucketKeyOf(entry: BackupEntry): string | null {
  const key = entry.path.slice(`${FILES_DIR}/`.length);
  return storedFolders().includes(key.split("/")[0] ?? "") && isStorageKey(key) ? key : null;
}

async function restoreInto(
  config: Config,
  dir: string,
  manifest: Manifest,
  store: FileStore | undefined,
  options: { force?: boolean },
): Promise<void> {
  const databaseTarget = databaseFile(config);
  const occupied = !(await isEmpty(config.dataDir)) || (await exists(databaseTarget));
  if (occupied && !options.force) {
    throw new BackupError(
      `${config.dataDir} is not empty: restoring would replace the shop's data there. ` +
        "Choose an empty DATA_DIR, or stop the shop and run again with --force.",
    );
  }
  if (store && !options.force && (await holdsFiles(store))) {
    throw new BackupError(
      `The ${store.location} already holds images, proofs or receipts: restoring would overwrite them. ` +
        "Choose an empty bucket, or stop the shop and run again with --force.",
    );
  }
  if (occupied) {
    if (inside(dir, config.dataDir))
      throw new BackupError("Move the backup out of DATA_DIR first: --force empties it.");
    for (const file of databaseFiles(databaseTarget)) await fs.rm(file, { force: true });
    // What is in it, not the folder itself: DATA_DIR may be a mounted volume.
    for (const entry of await fs.readdir(config.dataDir)) {
      await fs.rm(path.join(config.dataDir, entry), { recursive: true, force: true });
    }
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  for (const entry of manifest.files) {
    const key = store ? bucketKeyOf(entry) : null;
    if (store && key) {
      const body = await fs.readFile(path.join(dir, entry.path));
      await store.put(key, body, { contentType: contentTypeOf(key), cacheControl: cacheControlOf(key) });
      continue;
    }
    const file = path.resolve(config.dataDir, path.relative(FILES_DIR, entry.path));
    if (!inside(file, config.dataDir))
      throw new BackupError(`The backup names a file outside DATA_DIR: ${entry.path}.`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(path.join(dir, entry.path), file);
  }
  await fs.mkdir(path.dirname(databaseTarget), { recursive: true });
  // Under another name until it is complete, so a shop started meanwhile never opens half a database.
  const incoming = `${databaseTarget}.restoring`;
  await fs.copyFile(path.join(dir, manifest.database.path), incoming);
  await fs.rename(incoming, databaseTarget);
}

/**
 * The bucket `--to s3` and `--from s3` use: BACKUP_S3_BUCKET, or the shop's own bucket, with the
 * endpoint and keys of S3_*; and the folder in it (BACKUP_S3_PREFIX).
 */
function backupBucketOf(config: Config): { store: FileStore; prefix: string } {
  if (!config.s3) {
    throw new BackupError(
      "A backup in a bucket needs the bucket's S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and " +
        "S3_SECRET_ACCESS_KEY (and BACKUP_S3_BUCKET for a bucket other than the shop's).",
    );
  }
  const { bucket, prefix } = config.backupBucket;
  const shared = (bucket ?? config.s3.bucket) === config.s3.bucket;
  if (shared && storedFolders().includes(prefix.split("/")[0] ?? "")) {
    throw new BackupError(`BACKUP_S3_PREFIX ${prefix} lies among the shop's own files: choose another folder.`);
  }
  return { store: s3Store({ ...config.s3, bucket: bucket ?? config.s3.bucket }), prefix };
}

/** A scratch folder for a backup on its way to or from a bucket, removed after `work`. */
async function inScratch<T>(work: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "florist-backup-"));
  try {
    return await work(scratch);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * `npm run backup -- --to s3`: the same backup, made in a scratch folder, then written under
 * `<BACKUP_S3_PREFIX>/<name>/` of the backup bucket, its manifest last: a backup whose manifest is
 * missing was interrupted, and restore refuses it. Answers where it went.
 */
export async function backupToBucket(
  config: Config,
  options: { log?: (line: string) => void } = {},
): Promise<{ location: string; name: string; manifest: Manifest }> {
  const { store, prefix } = backupBucketOf(config);
  try {
    return await inScratch(async (scratch) => {
      const { dir, manifest } = await backup(config, { target: scratch, ...options });
      const name = path.basename(dir);
      const written: string[] = [];
      try {
        for (const entry of [manifest.database, ...manifest.files, { path: MANIFEST }]) {
          const key = `${prefix}/${name}/${entry.path}`;
          await store.put(key, await fs.readFile(path.join(dir, entry.path)), { contentType: contentTypeOf(key) });
          written.push(key);
        }
      } catch (error) {
        for (const key of written) await store.delete(key).catch(() => {});
        throw error;
      }
      return { location: `${prefix}/${name}/ in ${store.location}`, name, manifest };
    });
  } finally {
    await store.close();
  }
}

/** The names of the complete backups in the backup bucket, oldest first. */
export async function bucketBackups(config: Config): Promise<string[]> {
  const { store, prefix } = backupBucketOf(config);
  try {
    const manifests = (await store.list(prefix)).filter((key) => key.endsWith(`/${MANIFEST}`));
    return manifests
      .map((key) => key.slice(prefix.length + 1, -MANIFEST.length - 1))
      .filter((name) => !name.includes("/"));
  } finally {
    await store.close();
  }
}

/**
 * `npm run restore -- --from s3 <name>`: reads the backup `name` from the backup bucket into a
 * scratch folder and restores it from there, with the same checks and refusals as a folder.
 */
export async function restoreFromBucket(
  config: Config,
  name: string,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<Manifest> {
  databaseFile(config);
  const { store, prefix } = backupBucketOf(config);
  try {
    return await inScratch(async (scratch) => {
      const folder = `${prefix}/${name}`;
      const manifest = isStorageKey(`${folder}/${MANIFEST}`) ? await store.get(`${folder}/${MANIFEST}`) : null;
      if (!manifest) {
        throw new BackupError(`There is no backup ${name} in ${prefix}/ of the ${store.location}.`);
      }
      await writeInto(path.join(scratch, MANIFEST), manifest.body);
      const { database, files } = await readManifest(scratch);
      for (const entry of [database, ...files]) {
        const file = path.resolve(scratch, entry.path);
        const body =
          inside(file, scratch) && isStorageKey(`${folder}/${entry.path}`)
            ? await store.get(`${folder}/${entry.path}`)
            : null;
        if (!body)
          throw new BackupError(`The backup is damaged: ${entry.path} is missing or differs from its manifest.`);
        await writeInto(file, body.body);
      }
      return restore(config, scratch, options);
    });
  } finally {
    await store.close();
  }
}
