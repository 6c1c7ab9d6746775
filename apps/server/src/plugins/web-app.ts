import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { CachedAnswer, sendCachedAnswer } from "../lib/cached-answer.js";
import { type Language, requestLanguage, translateText } from "../lib/i18n.js";
import { PageMetas, renderHead } from "./page-meta.js";

/**
 * Paths that are never a page of the web app: a miss there is the API's 404 in JSON, not the page,
 * so a client or a scraper gets a true not-found, and a script or stylesheet of an older build is
 * not answered with the page.
 */
const NOT_PAGES = ["/api/", "/uploads/", "/assets/", "/share/", "/metrics", "/sitemap.xml", "/robots.txt"];

/** Vite puts a content hash in the name of everything under assets/: a name never changes its content. */
const HASHED_ASSET = `${path.sep}assets${path.sep}`;
export const ASSET_CACHE = "public, max-age=31536000, immutable";

/** The page's HTML split where each request's own parts go: `<html lang>` and the head's title and meta. */
interface PageTemplate {
  beforeLang: string;
  beforeHead: string;
  rest: string;
  /** Head tags index.html meant for one page only, by that page's path (see PAGE_ONLY_TAG). */
  pageTags: Record<string, string>;
}

/**
 * A head tag index.html marks `data-page="<path>"`: sent with that page only, without the mark. The
 * home page's hero preload is one: every other page would fetch the hero at high priority too,
 * beside its own largest image.
 */
const PAGE_ONLY_TAG = /\s*(<link\b[^>]*?)\s+data-page="([^"]*)"([^>]*>)/gi;

const HTML_LANG = /<html\b[^>]*?\blang="[^"]*"/i;

/** index.html without its own title and description, marked where the language and a page's head go. */
export function pageTemplate(html: string): PageTemplate {
  const pageTags: Record<string, string> = {};
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, "")
    .replace(PAGE_ONLY_TAG, (_tag, start: string, page: string, end: string) => {
      pageTags[page] = `${pageTags[page] ?? ""}\n    ${start}${end}`;
      return "";
    });
  const withLang = HTML_LANG.test(stripped) ? stripped : stripped.replace(/<html\b/i, '<html lang="en"');
  const lang = HTML_LANG.exec(withLang);
  const headEnd = withLang.indexOf("</head>");
  if (!lang || headEnd < 0) throw new Error("The web app's index.html has no <html> or </head>.");
  const langValue = withLang.indexOf('lang="', lang.index) + 'lang="'.length;
  const langEnd = withLang.indexOf('"', langValue);
  return {
    beforeLang: withLang.slice(0, langValue),
    beforeHead: withLang.slice(langEnd, headEnd),
    rest: withLang.slice(headEnd),
    pageTags,
  };
}

/** Pages made at most; past it the least recently asked go first (each is a few KB, with its compressed copies). */
const MAX_PAGES = 1000;

/**
 * The served pages, one per language and head: made once and kept while asked for, so the HTML
 * step costs a string join and a map lookup on the hot path, and a page is compressed once.
 */
class PageAnswers {
  private readonly pages = new Map<string, CachedAnswer>();

  /** One template per language: the build draws the page's frame (header, footer) in each (web vite.config.ts). */
  constructor(private readonly templates: Record<Language, PageTemplate>) {}

  get(language: Language, head: string): CachedAnswer {
    const key = `${language}\n${head}`;
    const kept = this.pages.get(key);
    if (kept) {
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const { beforeLang, beforeHead, rest } = this.templates[language];
    const page = new CachedAnswer(
      `${beforeLang}${language}${beforeHead}  ${head}\n  ${rest}`,
      "text/html; charset=utf-8",
    );
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, page);
    return page;
  }
}

/**
 * Serves the built web app (docs/decisions/0022): its files with their brotli or gzip copy when the
 * client takes one, hashed assets cached for a year, everything else revalidated. Every other path
 * gets the page, with an ETag, so a browser keeps it and asks with If-None-Match: with that page's
 * title, description and link preview (contract §7.6, page-meta.ts) in the request's language, and
 * status 404 where the web app has no page, no such product or no such post.
 */
export async function webAppPlugin(app: FastifyInstance, { webDist, ctx }: { webDist: string; ctx: AppContext }) {
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
  // index.id.html: the same page with its frame in Indonesian; a build without it serves English to everyone.
  const webIndexId = path.join(webDist, "index.id.html");
  const english = pageTemplate(fs.readFileSync(webIndex, "utf8"));
  const pages = new PageAnswers({
    en: english,
    id: fs.existsSync(webIndexId) ? pageTemplate(fs.readFileSync(webIndexId, "utf8")) : english,
  });
  // The head tags marked for one page: the same in both languages' index.html.
  const { pageTags } = english;
  const metas = new PageMetas(ctx);
  const appUrl = ctx.config.appUrl;
  // The web app's pages are not part of the API's document.
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const at = request.url.indexOf("?");
    const url = at === -1 ? request.url : request.url.slice(0, at);
    if (NOT_PAGES.some((prefix) => url.startsWith(prefix))) return reply.callNotFound();
    const meta = await metas.of(url, new URLSearchParams(at === -1 ? "" : request.url.slice(at + 1)));
    const language = requestLanguage(request);
    const head =
      renderHead(meta, { appUrl, language, translate: (text) => translateText(language, text) }) +
      (meta.status === 200 ? (pageTags[meta.path] ?? "") : "");
    reply.code(meta.status);
    // The page differs by language, which the cookie or Accept-Language decide.
    return sendCachedAnswer(request, reply, pages.get(language, head), "accept-encoding, accept-language, cookie");
  });
}
