#!/usr/bin/env node
/**
 * Adds the platform-specific optional packages (rollup's and biome's native builds for other systems)
 * that npm leaves out of package-lock.json when its registry does not serve them. Without those entries
 * `npm ci` refuses the lock file as out of sync. Each added entry names the platform it is for, so npm
 * skips it on every other machine. Run after `npm install` changes the lock file: npm run lockfile
 */
import fs from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "sunos", "win32", "aix", "netbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "riscv64", "ppc64", "loong64", "s390x", "mips64el"];

/** "@rollup/rollup-linux-arm64-musl" → { os: ["linux"], cpu: ["arm64"], libc: ["musl"] } */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes("eabihf") || parts.includes("eabi") ? "arm" : undefined);
  const libc = parts.includes("musl")
    ? "musl"
    : parts.includes("gnu") || parts.includes("gnueabihf")
      ? "glibc"
      : undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform.os) continue;
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~]/, ""),
      ...platform,
      ...(entry.dev && { dev: true }),
      optional: true,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, "en")));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform packages`);
