import type { FastifyServerOptions } from "fastify";
import { buildApp } from "./app.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { openDatabase } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { seed } from "./db/seed/seed.js";
import { oneStartAtATime } from "./db/start-lock.js";
import { createMailer } from "./lib/mailer.js";
import { createRequestLoad, watchRequestLoad } from "./lib/request-load.js";
import { openFileStore } from "./lib/storage/index.js";
import { backgroundSettled } from "./modules/accounts/service.js";
import { startJobRunner } from "./modules/jobs/runner.js";

/**
 * Everything `npm start` does before listening: open the database, migrate, seed what is missing,
 * build the app and start the job runner (JOB_RUNNER=0 leaves it off). The browser tests start the
 * shop the same way.
 */
export async function createShop(
  config: Config,
  options: { log?: (line: string) => void; fastify?: FastifyServerOptions } = {},
) {
  const log = options.log ?? console.log;
  const { db, dialect } = openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    checkpointAside: true,
  });
  // Before seeding: the demo pictures go where every upload goes (S3_* or DATA_DIR).
  const files = openFileStore(config);
  try {
    // Processes started together on one PostgreSQL database take turns: one migrates and seeds.
    await oneStartAtATime(db, dialect, async () => {
      await migrateToLatest(db);
      await seed(db, config, log);
    });
  } catch (error) {
    await db.destroy();
    await files.close();
    throw error;
  }
  const mailer = createMailer(config);
  const load = createRequestLoad();
  const ctx: AppContext = { db, dialect, config, mailer, files, load };
  const app = await buildApp(ctx, options.fastify);
  watchRequestLoad(app.server, load);
  // Every process runs one; claims in the database keep each job to one of them (docs/decisions/0013).
  // It puts jobs off for a while when this process's shoppers keep it busy (docs/decisions/0040).
  const runner = config.runJobs ? startJobRunner(ctx, app.log, { busy: load.busy }) : null;
  app.addHook("onClose", async () => {
    await runner?.stop();
    // A reset mail started after its answer still needs the database to find the account.
    await backgroundSettled();
    mailer.close?.();
    await db.destroy();
    await files.close();
  });
  return { app, ctx };
}
