#!/usr/bin/env node
/**
 * Builds what `npm start` runs: the web app (Vite, into apps/web/dist) and the server, bundled with
 * esbuild into one JavaScript file, apps/server/dist/server.js (docs/decisions/0012). Run directly
 * (`npm run build`) it builds both; scripts/start.mjs imports it and builds only what is stale.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_DIR = path.join(ROOT, "apps", "server");
export const SERVER_BUNDLE = path.join(SERVER_DIR, "dist", "server.js");
/** `npm run backup` and `npm run restore` (apps/server/src/backup-cli.ts), bundled beside the server. */
export const BACKUP_BUNDLE = path.join(SERVER_DIR, "dist", "backup-cli.js");
const WEB_DIR = path.join(ROOT, "apps", "web");
const WEB_DIST = path.join(WEB_DIR, "dist");
const WEB_INDEX = path.join(WEB_DIST, "index.html");
/** The VITE_* settings a web build was made with, so a changed setting rebuilds it. */
const WEB_STAMP = path.join(WEB_DIST, ".build-settings.json");
const CONTRACT_SRC = path.join(ROOT, "packages", "contract", "src");
const LOCKFILE = path.join(ROOT, "package-lock.json");
const SKIPPED = new Set(["node_modules", "dist", "data", ".git"]);

/** The newest modification time among the files at and under these paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!SKIPPED.has(entry)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

const mtimeOf = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function webSettings(env = process.env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith("VITE_"))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function webIsStale() {
  const built = mtimeOf(WEB_INDEX);
  if (!built) return true;
  if (newestMtime([WEB_DIR, CONTRACT_SRC, LOCKFILE]) > built) return true;
  const stamp = fs.existsSync(WEB_STAMP) ? fs.readFileSync(WEB_STAMP, "utf8") : JSON.stringify({});
  return stamp !== JSON.stringify(webSettings());
}

export function serverIsStale() {
  const built = mtimeOf(SERVER_BUNDLE);
  return !built || newestMtime([path.join(SERVER_DIR, "src"), CONTRACT_SRC, LOCKFILE, import.meta.filename]) > built;
}

/** Runs Vite in a child process; a SIGTERM or SIGINT meanwhile stops the build and rejects. */
export function buildWeb() {
  const vite = path.join(
    path.dirname(createRequire(path.join(WEB_DIR, "package.json")).resolve("vite/package.json")),
    "bin",
    "vite.js",
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, "build"], { cwd: WEB_DIR, stdio: "inherit" });
    const stop = (signal) => child.kill(signal);
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    child.on("exit", (code, signal) => {
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      if (code !== 0) return reject(new Error(`The web build failed (${signal ?? `exit code ${code}`}).`));
      fs.writeFileSync(WEB_STAMP, JSON.stringify(webSettings()));
      resolve();
    });
  });
}

/**
 * npm packages stay outside the bundle and are imported from node_modules at run time (the
 * Dockerfile installs the server's production dependencies for them); the workspace's own
 * @florist/* packages are bundled.
 */
export const packagesStayExternal = {
  name: "packages-stay-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@florist/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** The entry points of the server's bundles: the shop, the backup tool and the copy of DATA_DIR's files into a bucket. */
export const SERVER_ENTRY_POINTS = {
  server: path.join(SERVER_DIR, "src", "server.ts"),
  "backup-cli": path.join(SERVER_DIR, "src", "backup-cli.ts"),
  "storage-migrate": path.join(SERVER_DIR, "src", "storage-migrate.ts"),
};

/**
 * Bundles the server and the contract package's TypeScript into apps/server/dist/server.js, and the
 * backup tool into apps/server/dist/backup-cli.js.
 * Packages from node_modules stay outside the bundle (sharp and better-sqlite3 are native), and
 * the seed's pre-rendered artwork and the mail templates are copied beside it. Files are written under a temporary name
 * and renamed, so a server starting meanwhile never reads half a bundle.
 */
export async function buildServer() {
  const esbuild = await import("esbuild");
  const outDir = path.dirname(SERVER_BUNDLE);
  try {
    const result = await esbuild.build({
      entryPoints: SERVER_ENTRY_POINTS,
      outdir: outDir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: "linked",
      write: false,
      logLevel: "warning",
      plugins: [packagesStayExternal],
    });
    fs.mkdirSync(outDir, { recursive: true });
    fs.cpSync(path.join(SERVER_DIR, "src", "db", "seed", "art"), path.join(outDir, "art"), { recursive: true });
    // The mail templates are read at run time from beside the code that renders them.
    fs.cpSync(path.join(SERVER_DIR, "src", "modules", "notifications", "templates"), path.join(outDir, "templates"), {
      recursive: true,
    });
    // The bundle last: its modification time says the whole build is complete.
    const files = [...result.outputFiles].sort(
      (a, b) => Number(a.path === SERVER_BUNDLE) - Number(b.path === SERVER_BUNDLE),
    );
    for (const file of files) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, file.contents);
      fs.renameSync(temporary, file.path);
    }
  } finally {
    // esbuild keeps a helper process for further builds; the shop needs none.
    await esbuild.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildWeb();
  await buildServer();
  console.log(`Built ${path.relative(ROOT, WEB_DIST)} and ${path.relative(ROOT, SERVER_BUNDLE)}.`);
}
