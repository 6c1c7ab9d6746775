import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "./app.js";
import { type Config, DEFAULT_MAIL_FROM, defaultHttpLimits } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase } from "./db/connection.js";
import { createMailer } from "./lib/mailer.js";

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
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: "sqlite::memory:",
    appUrl: "http://localhost:3000",
    admin: { username: "admin", email: "admin@localhost", password: undefined },
    seedDemo: false,
    smtpUrl: undefined,
    mailFrom: DEFAULT_MAIL_FROM,
    notifyEmail: "admin@localhost",
    runJobs: false,
    trustProxy: false,
    webDist: path.join(dataDir, "no-web-build"),
    http: defaultHttpLimits(),
  };
  const { db, dialect } = openDatabase(config.databaseUrl);
  const ctx: AppContext = { db, dialect, config, mailer: createMailer(config) };
  const app = await buildApp(ctx);
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await db.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
