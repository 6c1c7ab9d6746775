import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Dialect } from "./db/connection.js";
import type { Database } from "./db/database.js";
import type { Mailer } from "./lib/mailer.js";

/** What every module gets: the database, its dialect, the configuration and the mailer. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
}
