import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "./app.js";
import { type Config, loadConfig } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase } from "./db/connection.js";
import { createMailer } from "./lib/mailer.js";
import { openFileStore } from "./lib/storage/index.js";

/** Where the checked-in document lives; `npm run openapi` writes it, a unit test keeps it current. */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, "../../../docs/openapi.json");

/**
 * The OpenAPI document as `npm run openapi` writes it: generated from the routes' zod schemas by
 * building the app (nothing listens, no query runs: an empty in-memory database stands in), then
 * pretty-printed with two spaces and a final newline. Routes are listed in the order they are
 * registered, so the text is the same on every run.
 */
export async function openApiText(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-openapi-"));
  // The shop's own defaults, read through the same schema as a real start, with nothing taken from the environment.
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: "sqlite::memory:",
      APP_URL: "http://localhost:3000",
      SEED_DEMO: "0",
      JOB_RUNNER: "0",
      WEB_DIST: path.join(dataDir, "no-web-build"),
    }),
    port: 0,
  };
  const { db, dialect } = openDatabase(config.databaseUrl);
  const ctx: AppContext = { db, dialect, config, mailer: createMailer(config), files: openFileStore(config) };
  const app = await buildApp(ctx);
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await db.destroy();
    await ctx.files.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
