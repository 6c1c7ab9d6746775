import { BackupError, backup, backupToBucket, bucketBackups, restore, restoreFromBucket } from "./backup.js";
import { loadConfig } from "./config.js";

/**
 * `npm run backup [folder | --to s3]` and `npm run restore <backup folder> [--force]` or
 * `npm run restore -- --from s3 [name] [--force]`, with the shop's own configuration (DATA_DIR,
 * DATABASE_URL, BACKUP_DIR, S3_*, BACKUP_S3_*). Exits 1 with one readable line when it refuses.
 */
const USAGE =
  "Usage: npm run backup [folder | --to s3]  ·  npm run restore <backup folder> [--force]  ·  " +
  "npm run restore -- --from s3 [backup name] [--force]";

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
/** `--to s3` or `--from s3`: the bucket instead of a folder. */
const bucketFlag = command === "backup" ? "--to" : "--from";
const flagAt = rest.indexOf(bucketFlag);
const inBucket = flagAt >= 0 && rest[flagAt + 1] === "s3";
const [folder, ...extra] = rest.filter(
  (arg, i) => arg !== "--force" && !(inBucket && (i === flagAt || i === flagAt + 1)),
);

try {
  const config = loadConfig();
  if (flagAt >= 0 && !inBucket) {
    console.error(USAGE);
    process.exitCode = 1;
  } else if (command === "backup" && inBucket && !force && !folder) {
    const { location, manifest } = await backupToBucket(config, { log: console.log });
    console.log(`Backup written to ${location} (${manifest.files.length} files and the database).`);
  } else if (command === "backup" && !force && extra.length === 0) {
    const { dir, manifest } = await backup(config, { ...(folder ? { target: folder } : {}), log: console.log });
    console.log(`Backup written to ${dir} (${manifest.files.length} files and the database).`);
  } else if (command === "restore" && inBucket && !folder) {
    const names = await bucketBackups(config);
    console.log(names.length ? names.join("\n") : "There is no backup in the bucket yet.");
    console.error("Name one of them: npm run restore -- --from s3 <backup name>");
    process.exitCode = 1;
  } else if (command === "restore" && folder && extra.length === 0) {
    const manifest = inBucket
      ? await restoreFromBucket(config, folder, { force, log: console.log })
      : await restore(config, folder, { force, log: console.log });
    console.log(`Restored the backup of ${manifest.startedAt}. Start the shop to use it.`);
  } else {
    console.error(USAGE);
    process.exitCode = 1;
  }
} catch (error) {
  const readable = error instanceof BackupError || String(error).includes("Invalid configuration");
  if (!readable) throw error;
  console.error((error as Error).message);
  process.exitCode = 1;
}
