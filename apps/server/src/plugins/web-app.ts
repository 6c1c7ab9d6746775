import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { CachedAnswer, type Encoding, sendCachedAnswer } from "../lib/cached-answer.js";

/**
 * Paths that are never a page of the web app: a miss there is the API's 404, not index.html, so a
 * client, a scraper or a search engine gets a true not-found (/sitemap.xml and /robots.txt too
 * until something serves them), and a script or stylesheet of an older build is not answered with
 * the page.
 */
const NOT_PAGES = ["/api/", "/uploads/", "/assets/", "/metrics", "/sitemap.xml", "/robots.txt"];

/** Vite puts a content hash in the name of everything under assets/: a name never changes its content. */
const HASHED_ASSET = `${path.sep}assets${path.sep}`;
export const ASSET_CACHE = "public, max-age=31536000, immutable";

/** The brotli and gzip copies that scripts/build.mjs writes beside a file, where there are. */
function precompressed(file: string): Partial<Record<Encoding, Buffer>> {
  const copies: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, extension] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (fs.existsSync(file + extension)) copies[encoding] = fs.readFileSync(file + extension);
  }
  return copies;
}

/**
 * Serves the built web app (docs/decisions/0022): its files with their brotli or gzip copy when the
 * client takes one, hashed assets cached for a year, everything else revalidated; every other path
 * that is a page gets index.html, with an ETag, so a browser keeps it and asks with If-None-Match.
 */
export async function webAppPlugin(app: FastifyInstance, { webDist }: { webDist: string }) {
  const webIndex = path.join(webDist, "index.html");
  if (!fs.existsSync(webIndex)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    wildcard: false,
    index: false,
    preCompressed: true,
    // Its own Cache-Control ("public, max-age=0") would overwrite the one setHeaders sets.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader("cache-control", filePath.includes(HASHED_ASSET) ? ASSET_CACHE : "no-cache");
      res.setHeader("vary", "accept-encoding");
    },
  });
  const page = new CachedAnswer(fs.readFileSync(webIndex), "text/html; charset=utf-8", precompressed(webIndex));
  // The web app's pages are not part of the API's document.
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (NOT_PAGES.some((prefix) => url.startsWith(prefix))) return reply.callNotFound();
    return sendCachedAnswer(request, reply, page);
  });
}
