#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse 12 with its default mobile settings (a mid-range phone on slow
 * 4G, simulated) on the home page, the catalogue, a product, the blog and an article, against the
 * shop as `npm start` runs it (built web app, compiled server, NODE_ENV=production) on a fresh
 * demo database, in Debian's Chromium. Prints the four category scores and the paint and layout
 * figures of each page. LIGHTHOUSE_PAGES=/,/katalog picks pages; CHROMIUM overrides the browser;
 * LIGHTHOUSE_WEB_DIST serves another web build (not rebuilt here); LIGHTHOUSE_DETAILS=1 prints what
 * each audit below 90 points at (its addresses, bytes and milliseconds), and the largest paint's
 * element and phases; LIGHTHOUSE_RUNS=3 measures the pages in turn that many times and prints each
 * page's median (the machine is shared: one run says little); LIGHTHOUSE_REPORTS=dir keeps each
 * run's full report there as JSON.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildServer, buildWeb, SERVER_BUNDLE, SERVER_DIR, serverIsStale, webIsStale } from "./build.mjs";
import { freePort, startShop } from "./lib/shop-process.mjs";

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/katalog,/produk/1,/blog,/blog/1").split(",");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const WEB_DIST = process.env.LIGHTHOUSE_WEB_DIST;
const DETAILS = process.env.LIGHTHOUSE_DETAILS === "1";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** Audits printed with LIGHTHOUSE_DETAILS=1 whatever their score: where the largest paint's time goes. */
const ALWAYS_DETAILED = ["largest-contentful-paint-element", "lcp-breakdown-insight", "long-tasks"];

/**
 * The rows of an audit's table or list, one line each: the address and its figures; a table inside
 * a list (the largest paint's element, then its phases) is read row by row too.
 */
function auditDetails(details) {
  const items = details?.items ?? [];
  return items.slice(0, 8).flatMap((item) => {
    if (item.type === "table" || item.type === "list") return auditDetails(item);
    const figures = Object.entries(item)
      .filter(([key, value]) => key !== "url" && (typeof value === "number" || typeof value === "string"))
      .map(([key, value]) => `${key} ${typeof value === "number" ? Math.round(value) : value.slice(0, 80)}`);
    const where = item.url ?? item.node?.snippet ?? "";
    return [`${String(where).slice(0, 110)} ${figures.join(", ")}`.trim()];
  });
}

/** The middle value; of an even count, the lower of the two middle ones (a score that was reached). */
function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)];
}

if (!WEB_DIST && webIsStale()) await buildWeb();
if (serverIsStale()) await buildServer();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "florist-lighthouse-"));
const port = await freePort();
const shop = await startShop(
  {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    ...(WEB_DIST && { WEB_DIST: path.resolve(WEB_DIST) }),
  },
  { command: [process.execPath, SERVER_BUNDLE], cwd: SERVER_DIR },
);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});

const results = [];
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
try {
  for (let run = 1; run <= RUNS; run++) {
    if (RUNS > 1)
      console.log(
        `run ${run} of ${RUNS}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
    for (const page of PAGES) {
      const { lhr } = await lighthouse(`${shop.base}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
      });
      if (REPORTS) {
        const name = `${page.replace(/\W+/g, "_") || "_"}-${run}.json`;
        fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
      }
      const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.displayValue ?? "–";
      const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row = {
        page,
        scored: !lhr.runtimeError,
        values: {
          fcp: value("first-contentful-paint"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
        },
        ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        cls: audit("cumulative-layout-shift"),
        tbt: audit("total-blocking-time"),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
          .filter((a) => a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
          .map((a) => a.id),
      };
      results.push(row);
      console.log(
        `${page}: performance ${row.performance}, accessibility ${row.accessibility}, best practices ` +
          `${row["best-practices"]}, SEO ${row.seo}; FCP ${row.fcp}, LCP ${row.lcp}, CLS ${row.cls}, TBT ${row.tbt}`,
      );
      if (lhr.runtimeError) console.log(`  no score: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (row.failing.length > 0) console.log(`  below 90: ${row.failing.join(", ")}`);
      if (DETAILS) {
        for (const id of new Set([...row.failing, ...ALWAYS_DETAILED])) {
          const a = lhr.audits[id];
          if (!a) continue;
          console.log(`  ${id}: ${a.displayValue ?? ""}`);
          for (const line of auditDetails(a.details)) console.log(`    ${line}`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await shop.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | CLS |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.cls} |`,
  );
}

if (RUNS > 1) {
  // Runs that got no score (a failed load) are left out of the medians and counted.
  console.log(`\nMedians of ${RUNS} runs:\n`);
  console.log("| Page | Performance (each run) | FCP | LCP | TBT | CLS | runs without a score |");
  console.log("|---|---|---|---|---|---|---|");
  for (const page of PAGES) {
    const rows = results.filter((r) => r.page === page);
    const scored = rows.filter((r) => r.scored);
    const m = (key) => median(scored.map((r) => r.values[key]));
    const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "–");
    console.log(
      `| ${page} | ${median(scored.map((r) => r.performance))} (${scored.map((r) => r.performance).join(", ")}) | ` +
        `${seconds(m("fcp"))} | ${seconds(m("lcp"))} | ${Number.isFinite(m("tbt")) ? `${Math.round(m("tbt"))} ms` : "–"} | ` +
        `${Number.isFinite(m("cls")) ? m("cls").toFixed(3) : "–"} | ${rows.length - scored.length} |`,
    );
  }
}
