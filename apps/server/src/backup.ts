import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "./config.js";
import { checkSqlite, snapshotSqlite } from "./db/backup.js";
import { dialectOf, sqliteFile } from "./db/connection.js";
import { nowIso } from "./lib/time.js";

/**
 * `npm run backup` and `npm run restore` (docs/operations.md, Backups): a SQLite shop's database,
 * copied while it keeps taking orders, with everything else in DATA_DIR (product images, delivery
 * proofs, transfer receipts, the mail outbox), into a folder with a manifest that restore checks
 * before it touches anything.
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

/**
 * Writes a backup into a new folder under `target` (BACKUP_DIR unless given) and answers its path.
 * The database is copied first, as it stands at that instant; then the other files of DATA_DIR, so
 * every image, proof and receipt the copied database names is there (the shop writes a file before
 * it commits the row naming it). The folder is named `….partial` until its manifest is written.
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
    const files = await filesUnder(config.dataDir, new Set([...databaseFiles(source), target]));
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
    const manifest: Manifest = {
      format: FORMAT,
      startedAt,
      finishedAt: nowIso(),
      database: { ...(await describe(partial, DATABASE_FILE)), newestMigration },
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

  const occupied = !(await isEmpty(config.dataDir)) || (await exists(databaseTarget));
  if (occupied && !options.force) {
    throw new BackupError(
      `${config.dataDir} is not empty: restoring would replace the shop's data there. ` +
        "Choose an empty DATA_DIR, or stop the shop and run again with --force.",
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
  log(`Restored into ${config.dataDir} (database ${databaseTarget}).`);
  return manifest;
}
