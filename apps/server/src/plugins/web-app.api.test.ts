import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../test/fixtures.js";
import { createTestShop, type TestShop } from "../../test/harness.js";

let shop: TestShop;
let webDist: string;
/** The home page's hero preload, as the build writes it: marked for the home page only. */
const HERO = '<link rel="preload" as="image" href="/assets/hero-Xy12Zw34.svg" fetchpriority="high"';
const PAGE = `<!doctype html><html><head><title>Bandung Florist</title>${HERO} data-page="/" /></head><body>${"<p>Bunga segar.</p>".repeat(100)}</body></html>`;
/** The same page with its frame drawn in Indonesian, as the web build writes it beside index.html. */
const PAGE_ID = PAGE.replace("<html>", '<html lang="en">').replaceAll("Bunga segar.", "Langsung ke konten");
const SCRIPT = `export const greeting = "${"Selamat datang di toko bunga. ".repeat(200)}";`;

/** A built web app as scripts/build.mjs leaves it: hashed assets with their brotli and gzip copies. */
async function writeBuild(dir: string) {
  await fs.mkdir(path.join(dir, "assets"), { recursive: true });
  const files: Record<string, string> = {
    "index.html": PAGE,
    "index.id.html": PAGE_ID,
    "assets/index-Ab12Cd34.js": SCRIPT,
  };
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, name), text);
    await fs.writeFile(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  }
  await fs.writeFile(path.join(dir, "assets", "tiny-Ef56Gh78.css"), "body{margin:0}");
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "florist-web-"));
  await writeBuild(webDist);
  shop = await createTestShop({ webDist });
});
afterAll(async () => {
  await shop.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: "GET", url, headers });

function text(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return String(zlib.brotliDecompressSync(res.rawPayload));
  if (encoding === "gzip") return String(zlib.gunzipSync(res.rawPayload));
  return res.body;
}

describe("hashed assets", () => {
  it("are cached for a year, immutable, and sent in the build's brotli or gzip copy when the browser takes one", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"], accept).toMatch(/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(text(res), accept).toBe(SCRIPT);
    }
    // A file the build left without copies is compressed on the fly.
    const tiny = await get("/assets/tiny-Ef56Gh78.css", { "accept-encoding": "br, gzip" });
    expect(tiny.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(text(tiny)).toBe("body{margin:0}");
  });

  it("answers 404 for an asset that is not in the build, never the page", async () => {
    const res = await get("/assets/index-Old00000.js");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/json/);
  });
});

describe("the page", () => {
  it("is revalidated with its ETag, compressed as the browser asks, on every path of the web app", async () => {
    const { product_id: productId } = await createProduct(shop, { name: "Page Roses" });
    for (const url of ["/", "/katalog", `/produk/${productId}?warna=merah`]) {
      const res = await get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      // The build's page, with the page's own head (page-meta.api.test.ts) in place of the build's title.
      expect(text(res), url).toContain(PAGE.slice(PAGE.indexOf("</head>")));
      expect(text(res), url).not.toContain("<title>Bandung Florist</title>");
    }
    const plain = await get("/katalog");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("<title>Product Catalog — Bandung Florist</title>");
    const gzip = await get("/katalog", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(text(gzip)).toBe(plain.body);

    const again = await get("/katalog", { "if-none-match": String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["content-security-policy"]).toBeDefined();
  });

  it("carries a head tag the build marked for one page on that page only, without the mark", async () => {
    const { product_id: productId } = await createProduct(shop, { name: "Hero Roses" });
    for (const language of ["en", "id"]) {
      const home = (await get("/", { cookie: `lang=${language}` })).body;
      expect(home, language).toContain(`${HERO} />`);
      expect(home, language).not.toContain("data-page");
      for (const url of ["/katalog", `/produk/${productId}`, "/blog", "/no-such-page"]) {
        expect((await get(url, { cookie: `lang=${language}` })).body, url).not.toContain("hero-Xy12Zw34");
      }
    }
  });
});

describe("the page's language", () => {
  it("is the frame drawn in the lang cookie's language, else the browser's, else English", async () => {
    const indonesian = await get("/katalog", { "accept-language": "id-ID,id;q=0.9,en;q=0.8" });
    expect(indonesian.body).toContain('<html lang="id"');
    expect(indonesian.body).toContain("Langsung ke konten");
    expect(indonesian.body).not.toContain("Bunga segar.");
    expect(indonesian.headers.vary).toContain("cookie");

    const chosen = await get("/katalog", { "accept-language": "id-ID", cookie: "lang=en" });
    expect(chosen.body).toContain('<html lang="en"');
    expect(chosen.body).toContain("Bunga segar.");
    expect(chosen.body).not.toContain("Langsung ke konten");

    const cookieId = await get("/", { cookie: "lang=id" });
    expect(cookieId.body).toContain("Langsung ke konten");
    // The two pages are told apart by their ETag too, so a cached English page is not kept for Indonesian.
    expect(cookieId.headers.etag).not.toBe((await get("/")).headers.etag);
  });
});

describe("JSON answers", () => {
  it("are compressed on the fly from 1 KB on when the client accepts it, and sent plain otherwise", async () => {
    for (let i = 0; i < 6; i += 1) await createProduct(shop, { name: `Compressed Roses ${i}` });
    const plain = await get("/api/products");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["deflate", undefined],
    ] as const) {
      const res = await get("/api/products", { "accept-encoding": accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(JSON.parse(text(res)), accept).toEqual(plain.json());
    }
    const small = await get("/api/category", { "accept-encoding": "br, gzip" });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
