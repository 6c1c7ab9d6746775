import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Dialect } from "./db/connection.js";
import type { Database } from "./db/database.js";
import type { Mailer } from "./lib/mailer.js";
import type { RequestLoad } from "./lib/request-load.js";
import type { FileStore } from "./lib/storage/index.js";

/** What every module gets: the database, its dialect, the configuration, the mailer and the file store. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  /** Uploaded images, delivery proofs and receipts: DATA_DIR, or the bucket when S3_* is set. */
  files: FileStore;
  /**
   * How busy this process's shoppers keep it (lib/request-load.ts): in a rush, work that can wait
   * for it to pass does (docs/decisions/0040, 0041). Absent, as where a test builds the app alone, the
   * shop is never busy.
   */
  load?: Pick<RequestLoad, "busy">;
}
