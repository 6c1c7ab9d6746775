#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server only when they are missing or older than their
 * sources (so a restart takes a moment, not a build), then runs the compiled server in this very
 * process. The npm script is `exec node scripts/start.mjs`, so npm's child is this process and the
 * SIGTERM that npm passes on reaches the server's own shutdown (docs/decisions/0012).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, buildWeb, SERVER_BUNDLE, SERVER_DIR, serverIsStale, webIsStale } from "./build.mjs";

let stopped = false;
const stopBeforeOpening = () => {
  stopped = true;
};
process.on("SIGTERM", stopBeforeOpening);
process.on("SIGINT", stopBeforeOpening);

try {
  // WEB_DIST names a build made elsewhere; only the repository's own web app is built here.
  if (!process.env.WEB_DIST && webIsStale()) {
    console.log("Building the web app (its sources changed since the last build)…");
    await buildWeb();
  }
  if (serverIsStale()) await buildServer();
} catch (error) {
  if (stopped) process.exit(0);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (stopped) process.exit(0);
process.off("SIGTERM", stopBeforeOpening);
process.off("SIGINT", stopBeforeOpening);

// Relative DATA_DIR and WEB_DIST values keep meaning what they always meant: paths from apps/server,
// where the shop was started before (so the default database stays apps/server/data/shop.db).
process.chdir(SERVER_DIR);
// Stack traces in the log then point at the TypeScript sources.
process.setSourceMapsEnabled(true);
// The shop as customers use it: answers are serialised from their schemas without the checks that
// tests and `npm run dev` make (apps/server/src/lib/contract-schemas.ts).
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.resolve(SERVER_BUNDLE)).href);
