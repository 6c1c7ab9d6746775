#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse 12 with its default mobile settings (a mid-range phone on slow
 * 4G, simulated) on the home page, the catalogue, a product, the blog and an article, against the
 * shop as `npm start` runs it (built web app, compiled server, NODE_ENV=production) on a fresh
 * demo database, in Debian's Chromium. Prints the four category scores and the paint and layout
 * figures of each page. LIGHTHOUSE_PAGES=/,/katalog picks pages; CHROMIUM overrides the browser;
 * LIGHTHOUSE_WEB_DIST serves another web build (not rebuilt here); LIGHTHOUSE_DETAILS=1 prints what
 * each audit below 90 points at (its addresses, bytes and milliseconds).
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

/** The rows of an audit's table or list, one line each: the address and its figures. */
function auditDetails(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 8).map((item) => {
    const figures = Object.entries(item)
      .filter(([key, value]) => key !== "url" && (typeof value === "number" || typeof value === "string"))
      .map(([key, value]) => `${key} ${typeof value === "number" ? Math.round(value) : value.slice(0, 80)}`);
    const where = item.url ?? item.node?.snippet ?? "";
    return `${String(where).slice(0, 110)} ${figures.join(", ")}`.trim();
  });
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
try {
  for (const page of PAGES) {
    const { lhr } = await lighthouse(`${shop.base}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.displayValue ?? "–";
    const row = {
      page,
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
      for (const id of row.failing) {
        const a = lhr.audits[id];
        console.log(`  ${id}: ${a.displayValue ?? ""}`);
        for (const line of auditDetails(a)) console.log(`    ${line}`);
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
