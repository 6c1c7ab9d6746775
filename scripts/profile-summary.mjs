#!/usr/bin/env node
/**
 * Sums a V8 CPU profile (`node --cpu-prof`, as `BENCH_PROFILE=dir npm run bench` writes one per shop
 * started) by where the time went, so the costs of a request can be read without a browser:
 *
 *   node scripts/profile-summary.mjs file.cpuprofile [--per N] [--top 40] [--from S] [--to S]
 *
 * Prints self time by function and by file (packages by name, the shop's code by module), and
 * total time (self plus callees) of the shop's own functions. `--per N` also shows each figure in µs
 * per unit of work, e.g. the number of orders the run placed. `--from S --to S` keep only the samples
 * taken between those seconds after the profile started (a load's window, not the work after it).
 */
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  return Number(value);
};
const per = option("--per", 0);
const top = option("--top", 30);
const fromUs = option("--from", 0) * 1e6;
const toUs = option("--to", Number.POSITIVE_INFINITY) * 1e6;
const file = args[0];
if (!file) {
  console.error("usage: node scripts/profile-summary.mjs file.cpuprofile [--per N] [--top 30] [--from S] [--to S]");
  process.exit(2);
}

const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Each sample is charged the interval until the next one.
const self = new Map();
const { samples, timeDeltas } = profile;
let sampledAt = 0;
for (let i = 0; i < samples.length; i++) {
  sampledAt += timeDeltas[i];
  if (sampledAt < fromUs || sampledAt >= toUs) continue;
  const delta = timeDeltas[i + 1] ?? 0;
  self.set(samples[i], (self.get(samples[i]) ?? 0) + delta);
}
const totalUs = [...self.values()].reduce((a, b) => a + b, 0);

/** A short place name: a package by its name, the bundle or a source file by its path's end. */
function place(url) {
  if (!url) return "(native)";
  const packageMatch = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\//, "").replace(/^.*\/(apps|packages)\//, "$1/");
}

const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${place(url)}:${lineNumber + 1}`;
};

const byFunction = new Map();
const byPlace = new Map();
for (const [id, us] of self) {
  const node = nodes.get(id);
  const name = label(node);
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const where = node.callFrame.url ? place(node.callFrame.url) : node.callFrame.functionName || "(native)";
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
}

// Inclusive time of the shop's own functions (in the bundle or the sources), each counted once per sample.
const inclusive = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const node = nodes.get(at);
    const url = node.callFrame.url ?? "";
    if (!/\/apps\/|\/packages\/contract/.test(url) || url.includes("node_modules")) continue;
    const name = label(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}

const show = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, us] of rows) {
    const share = ((100 * us) / totalUs).toFixed(1).padStart(5);
    const perUnit = per ? `${(us / per).toFixed(0).padStart(6)} µs/unit` : "";
    console.log(`${share} % ${(us / 1000).toFixed(0).padStart(7)} ms ${perUnit}  ${name}`);
  }
};

const idle = [...self]
  .filter(([id]) => nodes.get(id).callFrame.functionName === "(idle)")
  .reduce((a, [, us]) => a + us, 0);
console.log(
  `${file}: ${(totalUs / 1000).toFixed(0)} ms sampled, ${(idle / 1000).toFixed(0)} ms idle, ` +
    `${((totalUs - idle) / 1000).toFixed(0)} ms busy` +
    (per ? `, ${((totalUs - idle) / per).toFixed(0)} µs busy per unit (${per})` : ""),
);
show("Self time by place", byPlace);
show("Self time by function", byFunction);
show("Total time of the shop's own functions", inclusive);
