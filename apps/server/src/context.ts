import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Dialect } from "./db/connection.js";
import type { Database } from "./db/database.js";
import type { Mailer } from "./lib/mailer.js";
import type { FileStore } from "./lib/storage/index.js";

/** What every module gets: the database, its dialect, the configuration, the mailer and the file store. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  /** Uploaded images, delivery proofs and receipts: DATA_DIR, or the bucket when S3_* is set. */
  files: FileStore;
}
