#!/usr/bin/env node
/**
 * Builds what `npm start` runs: the web app (Vite, into apps/web/dist) and the server, bundled with
 * esbuild into one JavaScript file, apps/server/dist/server.js (docs/decisions/0012). Run directly
 * (`npm run build`) it builds both; scripts/start.mjs imports it and builds only what is stale.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_DIR = path.join(ROOT, "apps", "server");
export const SERVER_BUNDLE = path.join(SERVER_DIR, "dist", "server.js");
/** `npm run backup` and `npm run restore` (apps/server/src/backup-cli.ts), bundled beside the server. */
export const BACKUP_BUNDLE = path.join(SERVER_DIR, "dist", "backup-cli.js");
const WEB_DIR = path.join(ROOT, "apps", "web");
const WEB_DIST = path.join(WEB_DIR, "dist");
const WEB_INDEX = path.join(WEB_DIST, "index.html");
/** The VITE_* settings and the lock file's hash a web build was made with, so a change of either rebuilds it. */
const WEB_STAMP = path.join(WEB_DIST, ".build-settings.json");
const CONTRACT_SRC = path.join(ROOT, "packages", "contract", "src");
const LOCKFILE = path.join(ROOT, "package-lock.json");
const SKIPPED = new Set(["node_modules", "dist", "data", ".git", "test"]);
/** Tests and notes are not part of what is built: editing them rebuilds nothing. */
const NOT_BUILT = /\.test\.tsx?$|\.md$/;

/** The newest modification time among the files at and under these paths, tests aside. */
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
    } else if (!NOT_BUILT.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

const mtimeOf = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/**
 * What a web build depends on besides its sources: the VITE_* settings, and the lock file by its
 * content (npm rewrites it on every install, changed or not; only a changed one can change a bundled package).
 */
function webStamp(env = process.env) {
  const settings = Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith("VITE_"))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const lockfile = fs.existsSync(LOCKFILE) ? createHash("sha256").update(fs.readFileSync(LOCKFILE)).digest("hex") : "";
  return JSON.stringify({ settings, lockfile });
}

/** Whether the web build is missing, older than a source it is made from, or made with other settings or packages. */
export function webIsStale() {
  const built = mtimeOf(WEB_INDEX);
  if (!built) return true;
  if (newestMtime([WEB_DIR, CONTRACT_SRC]) > built) return true;
  const stamp = fs.existsSync(WEB_STAMP) ? fs.readFileSync(WEB_STAMP, "utf8") : "";
  return stamp !== webStamp();
}

/**
 * Whether the server bundle is missing or older than its sources or this script. npm packages are
 * not in the bundle (they are imported at run time), so the lock file does not make it stale.
 */
export function serverIsStale() {
  const built = mtimeOf(SERVER_BUNDLE);
  return !built || newestMtime([path.join(SERVER_DIR, "src"), CONTRACT_SRC, import.meta.filename]) > built;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** What is worth compressing: text (scripts, styles, the page, SVG pictures, JSON); fonts and images already are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each compressible file of the web
 * build from 1 KB on, which the server sends as they are (docs/decisions/0022): the work is done
 * once here, not for each visitor.
 */
export async function precompressWeb(dir = WEB_DIST) {
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= 1024);
  await Promise.all(
    files.map(async (file) => {
      const body = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
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
      precompressWeb().then(() => {
        fs.writeFileSync(WEB_STAMP, webStamp());
        resolve();
      }, reject);
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
 * the seed's pre-rendered artwork, the mail templates and the SQLite checkpoint thread are copied
 * beside it. Files are written under a temporary name and renamed, so a server starting meanwhile
 * never reads half a bundle.
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
    // The SQLite checkpoint thread is loaded from beside the code that starts it (db/wal-checkpoints.ts).
    fs.copyFileSync(
      path.join(SERVER_DIR, "src", "db", "wal-checkpointer.worker.js"),
      path.join(outDir, "wal-checkpointer.worker.js"),
    );
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
