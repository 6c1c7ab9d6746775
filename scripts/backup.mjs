#!/usr/bin/env node
/**
 * `npm run backup [folder]` and `npm run restore <backup> [--force]`: builds the server bundle when it
 * is stale (as `npm start` does), then runs its backup tool, apps/server/dist/backup-cli.js, from
 * apps/server, where the shop runs, so a relative DATA_DIR or BACKUP_DIR means what it means to the
 * shop. Folders named on the command line are taken from where npm was run.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BACKUP_BUNDLE, buildServer, SERVER_DIR, serverIsStale } from "./build.mjs";

const from = process.env.INIT_CWD ?? process.cwd();
const [command, ...args] = process.argv.slice(2);
process.argv = [
  process.argv[0],
  BACKUP_BUNDLE,
  command,
  ...args.map((arg) => (arg.startsWith("--") ? arg : path.resolve(from, arg))),
];
if (serverIsStale()) await buildServer();
process.chdir(SERVER_DIR);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(BACKUP_BUNDLE).href);
