/**
 * `npm run storage:migrate`: copies the files of DATA_DIR into the bucket that S3_* names, before (or
 * after) the shop is switched to it. Safe to run again: what the bucket already holds is skipped.
 */
import { loadConfig } from "./config.js";
import { copyFilesToStore } from "./lib/storage/copy-to-store.js";
import { openFileStore } from "./lib/storage/index.js";

const config = loadConfig();
if (!config.s3) {
  console.error(
    "Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy DATA_DIR's files into.",
  );
  process.exit(1);
}
const store = openFileStore(config);
try {
  console.log(`Copying the files of ${config.dataDir} into the ${store.location}.`);
  const { copied, present, ignored } = await copyFilesToStore(config.dataDir, store, console.log);
  console.log(
    `Done: ${copied.length} copied, ${present} already there${ignored.length ? `, ${ignored.length} ignored` : ""}.`,
  );
} finally {
  await store.close();
}
