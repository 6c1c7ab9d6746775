#!/usr/bin/env node
/**
 * `npm run backup [folder | --to s3]` and `npm run restore <backup> [--force]` (or `--from s3 <name>`):
 * builds the server bundle when it is stale (as `npm start` does), then runs its backup tool,
 * apps/server/dist/backup-cli.js, from apps/server, where the shop runs, so a relative DATA_DIR or
 * BACKUP_DIR means what it means to the shop. Folders named on the command line are taken from where
 * npm was run; with `--to s3` or `--from s3` nothing named is a folder (a backup's name in the bucket).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BACKUP_BUNDLE, buildServer, SERVER_DIR, serverIsStale } from "./build.mjs";

const from = process.env.INIT_CWD ?? process.cwd();
const [command, ...args] = process.argv.slice(2);
const inBucket = args.some((arg, i) => (arg === "--to" || arg === "--from") && args[i + 1] === "s3");
process.argv = [
  process.argv[0],
  BACKUP_BUNDLE,
  command,
  ...args.map((arg) => (arg.startsWith("--") || inBucket ? arg : path.resolve(from, arg))),
];
if (serverIsStale()) await buildServer();
process.chdir(SERVER_DIR);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(BACKUP_BUNDLE).href);
