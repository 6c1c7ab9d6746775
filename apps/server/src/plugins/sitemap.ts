import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { changeWatchOf } from "../db/changes.js";
import { AnswerCache } from "../lib/cached-answer.js";
import { catalogVersion, getCatalog } from "../modules/catalog/service.js";
import { listPosts } from "../modules/posts/service.js";
import { escapeHtml } from "./page-meta.js";

const urlEntry = (location: string, lastModified?: string) =>
  `<url><loc>${escapeHtml(location)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ""}</url>`;

/**
 * GET /sitemap.xml and GET /robots.txt (contract §7.6): the home page, the catalogue, every product
 * on sale and every post visitors can read, at the shop's public address; robots.txt names the
 * sitemap and keeps crawlers out of the admin area and the API.
 */
export async function sitemapPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const appUrl = ctx.config.appUrl;
  // The products' part is made again only when the catalogue changed (docs/decisions/0022).
  const products = new AnswerCache(() => catalogVersion(ctx.db), changeWatchOf(ctx.db));

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const [productUrls, posts] = await Promise.all([
      products.get("sitemap", async () =>
        (await getCatalog(ctx.db))
          .flatMap((category) => category.products)
          .map((product) => urlEntry(`${appUrl}/produk/${product.productId}`))
          .join("\n"),
      ),
      listPosts(ctx.db, false),
    ]);
    const urls = [
      urlEntry(`${appUrl}/`),
      urlEntry(`${appUrl}/katalog`),
      productUrls.body.toString(),
      urlEntry(`${appUrl}/blog`),
      ...posts.map((post) => urlEntry(`${appUrl}/blog/${post.postId}`, post.publishedAt)),
    ].filter((line) => line !== "");
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", "no-cache").send(xml);
  });

  const robots = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${appUrl}/sitemap.xml`, ""];
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots.join("\n")),
  );
}
