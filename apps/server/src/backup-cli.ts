import { BackupError, backup, restore } from "./backup.js";
import { loadConfig } from "./config.js";

/**
 * `npm run backup [folder]` and `npm run restore <backup> [--force]`, with the shop's own
 * configuration (DATA_DIR, DATABASE_URL, BACKUP_DIR). Exits 1 with one readable line when it refuses.
 */
const USAGE = "Usage: npm run backup [folder]  ·  npm run restore <backup folder> [--force]";

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
const [folder, ...extra] = rest.filter((arg) => arg !== "--force");

try {
  const config = loadConfig();
  if (command === "backup" && !force && extra.length === 0) {
    const { dir, manifest } = await backup(config, { ...(folder ? { target: folder } : {}), log: console.log });
    console.log(`Backup written to ${dir} (${manifest.files.length} files and the database).`);
  } else if (command === "restore" && folder && extra.length === 0) {
    const manifest = await restore(config, folder, { force, log: console.log });
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
