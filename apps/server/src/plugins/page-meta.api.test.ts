import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OrderDetail } from "@florist/contract";
import { IMAGE_SIZES } from "@florist/contract/pages";
import type { LightMyRequestResponse } from "fastify";
import { Window } from "happy-dom";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct, createProduct, placeOrder, setOrder } from "../../test/fixtures.js";
import { APP_URL, callerOf, createTestShop, createUser, login, type TestShop } from "../../test/harness.js";
import { storeImage } from "../lib/images.js";
import { DAY, isoIn, nowIso } from "../lib/time.js";

/**
 * Links that travel (contract §7.6): each page of the web app is served with its own title,
 * description and link preview, a product with its JSON-LD; unknown pages answer 404; the sitemap
 * and robots.txt tell crawlers what there is.
 */
let shop: TestShop;
let webDist: string;
const call = callerOf(() => shop);
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The build's own description."
    />
    <title>The build's own title</title>
  </head>
  <body>
    <div id="root"><main id="main"></main></div>
    <script type="module" src="/assets/index-Ab12Cd34.js"></script>
  </body>
</html>
`;
const TRICKY_NAME = `Roses <b>"Merah"</b> & Lilies`;

const f = { tricky: 0, pictured: 0, pictureName: "", soldOut: 0, archived: 0, post: 0, draft: 0, scheduled: 0 };

async function insertPost(title: string, status: "published" | "draft", publishedAt: string, imageUrl: string | null) {
  const row = await shop.ctx.db
    .insertInto("posts")
    .values({
      title,
      excerpt: `${title}: what a florist knows.`,
      image_url: imageUrl,
      author: "Tim Florist",
      category: "Care",
      sections: "[]",
      status,
      published_at: publishedAt,
    })
    .returning("post_id")
    .executeTakeFirstOrThrow();
  return row.post_id;
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "florist-web-"));
  await fs.writeFile(path.join(webDist, "index.html"), INDEX);
  shop = await createTestShop({ webDist });
  f.tricky = (await createProduct(shop, { name: TRICKY_NAME, sizes: [{ label: "One", price: null }] })).product_id;
  await shop.ctx.db
    .updateTable("products")
    .set({ description: `Fresh roses </script><script>alert(1)</script> "wrapped" by hand.` })
    .where("product_id", "=", f.tricky)
    .execute();
  f.pictured = (await createProduct(shop, { name: "Pictured Peonies", stock: 100 })).product_id;
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c8707e" } })
    .png()
    .toBuffer();
  const imageUrl = await storeImage(shop.ctx.files, "products", picture);
  f.pictureName = /([a-f0-9]{32})\.webp$/.exec(imageUrl)?.[1] as string;
  await shop.ctx.db.updateTable("products").set({ image_url: imageUrl }).where("product_id", "=", f.pictured).execute();
  f.soldOut = (await createProduct(shop, { name: "Sold Out Tulips", stock: 0 })).product_id;
  f.archived = (await createProduct(shop, { name: "Archived Orchids" })).product_id;
  await archiveProduct(shop, f.archived);
  f.post = await insertPost("Caring for <roses>", "published", nowIso(), imageUrl);
  f.draft = await insertPost("A draft about tulips", "draft", nowIso(), null);
  f.scheduled = await insertPost("Coming soon: lilies", "published", isoIn(7 * DAY), null);
});
afterAll(async () => {
  await shop?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: "GET", url, headers });

/** The served page as a browser's document, before any script ran. */
function documentOf(res: LightMyRequestResponse) {
  const window = new Window({ url: APP_URL });
  window.document.write(res.body);
  return window.document;
}

function metaOf(document: ReturnType<typeof documentOf>) {
  const content = (selector: string) => document.querySelector(selector)?.getAttribute("content") ?? null;
  return {
    title: document.title,
    lang: document.documentElement.getAttribute("lang"),
    description: content('meta[name="description"]'),
    ogTitle: content('meta[property="og:title"]'),
    ogDescription: content('meta[property="og:description"]'),
    ogType: content('meta[property="og:type"]'),
    ogUrl: content('meta[property="og:url"]'),
    ogImage: content('meta[property="og:image"]'),
    robots: content('meta[name="robots"]'),
    titles: document.querySelectorAll("title").length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
    ),
    scripts: [...document.querySelectorAll("script")].map((script) => script.getAttribute("type")),
  };
}

async function pageMeta(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
  return { status: res.statusCode, body: res.body, ...metaOf(documentOf(res)) };
}

/** A small plain picture of `colour`, stored as the shop stores a product's photo; answers its address. */
async function storePicture(colour: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return storeImage(shop.ctx.files, "products", png);
}

describe("a product's page", () => {
  it("carries the product's title, description and Open Graph tags, escaped, and its JSON-LD Product", async () => {
    const page = await pageMeta(`/produk/${f.tricky}?warna=Red`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${TRICKY_NAME} — Bandung Florist`);
    expect(page.ogTitle).toBe(TRICKY_NAME);
    expect(page.description).toBe(`Fresh roses </script><script>alert(1)</script> "wrapped" by hand.`);
    expect(page.ogDescription).toBe(page.description);
    expect(page.ogType).toBe("product");
    expect(page.ogUrl).toBe(`${APP_URL}/produk/${f.tricky}`);
    // One title and description: the build's own are replaced, not repeated.
    expect([page.titles, page.descriptions]).toEqual([1, 1]);
    // Nothing the product's texts hold becomes markup: the only scripts are the app's and the data block.
    expect(page.scripts).toEqual(["application/ld+json", "module"]);
    expect(page.body).not.toContain("<b>");
    expect(page.body).not.toContain("<script>alert");
    expect(page.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: TRICKY_NAME,
        description: page.description,
        sku: String(f.tricky),
        url: `${APP_URL}/produk/${f.tricky}`,
        offers: {
          "@type": "Offer",
          price: 200000,
          priceCurrency: "IDR",
          availability: "https://schema.org/InStock",
          url: `${APP_URL}/produk/${f.tricky}`,
        },
      },
    ]);
  });

  it("offers its picture as an absolute JPEG address that answers a JPEG, made once and kept", async () => {
    const page = await pageMeta(`/produk/${f.pictured}`);
    const jpegUrl = `${APP_URL}/share/${f.pictureName}.jpg`;
    expect(page.ogImage).toBe(jpegUrl);
    expect(page.jsonLd[0]?.image).toEqual([jpegUrl]);
    // Sizes at different prices: the offer runs from the lowest to the highest.
    expect(page.jsonLd[0]?.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: 200000, highPrice: 300000 });

    const image = await get(`/share/${f.pictureName}.jpg`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const { format, width, height } = await sharp(image.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 640, height: 480 });
    // Kept in the store beside the picture: the next request reads it instead of converting again.
    const kept = await shop.ctx.files.get(`uploads/products/${f.pictureName}-share.jpg`);
    expect(kept?.body.equals(image.rawPayload)).toBe(true);
    expect((await get(`/share/${f.pictureName}.jpg`)).rawPayload.equals(image.rawPayload)).toBe(true);

    for (const url of ["/share/0123456789abcdef0123456789abcdef.jpg", "/share/..%2Fshop.db", "/share/x.jpg"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("says when it is sold out, and carries its rating once the product is reviewed", async () => {
    const soldOut = await pageMeta(`/produk/${f.soldOut}`);
    expect(soldOut.jsonLd[0]?.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(soldOut.jsonLd[0]).not.toHaveProperty("aggregateRating");

    const user = await createUser(shop);
    const cookie = await login(shop, user.username);
    const placed = await placeOrder(shop, cookie, [{ product_id: f.pictured }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json() as OrderDetail;
    await setOrder(shop, orderId, { order_status: "Finished" });
    const review = await call("POST", "/api/review", cookie, { order_id: orderId, rating: 4 });
    expect(review.statusCode, review.body).toBe(201);
    const reviewed = await pageMeta(`/produk/${f.pictured}`);
    expect(reviewed.jsonLd[0]?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe("a post's page", () => {
  it("carries the post's title, excerpt and cover as an article", async () => {
    const page = await pageMeta(`/blog/${f.post}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe("Caring for <roses> — Bandung Florist");
    expect(page.description).toBe("Caring for <roses>: what a florist knows.");
    expect(page.ogType).toBe("article");
    expect(page.ogUrl).toBe(`${APP_URL}/blog/${f.post}`);
    expect(page.ogImage).toBe(`${APP_URL}/share/${f.pictureName}.jpg`);
    expect(page.jsonLd).toEqual([]);
  });
});

/** The image the head preloads: what the browser fetches before any script found the page's <img>. */
function preloadOf(res: LightMyRequestResponse) {
  const links = [...documentOf(res).querySelectorAll('link[rel="preload"][as="image"]')];
  return links.map((link) => ({
    href: link.getAttribute("href"),
    srcset: link.getAttribute("imagesrcset"),
    sizes: link.getAttribute("imagesizes"),
    priority: link.getAttribute("fetchpriority"),
  }));
}

describe("the page's largest image", () => {
  const widths = (name: string) =>
    `/uploads/products/${name}-thumb.webp 320w, /uploads/products/${name}-card.webp 480w, /uploads/products/${name}-phone.webp 840w, /uploads/products/${name}.webp 1200w`;

  it("is preloaded from the head of a product's and a post's page, in the widths and sizes the page draws it", async () => {
    expect(preloadOf(await get(`/produk/${f.pictured}`))).toEqual([
      {
        href: `/uploads/products/${f.pictureName}.webp`,
        srcset: widths(f.pictureName),
        sizes: IMAGE_SIZES.productPhoto,
        priority: "high",
      },
    ]);
    expect(preloadOf(await get(`/blog/${f.post}`))).toEqual([
      {
        href: `/uploads/products/${f.pictureName}.webp`,
        srcset: widths(f.pictureName),
        sizes: IMAGE_SIZES.article,
        priority: "high",
      },
    ]);
    // A product whose first colour has its own picture opens with that picture.
    const tulips = (await createProduct(shop, { name: "Red Tulips", colors: ["Red::#c0392b", "White"] })).product_id;
    const red = await storePicture("#c0392b");
    const redName = /([a-f0-9]{32})\.webp$/.exec(red)?.[1] as string;
    await shop.ctx.db
      .insertInto("product_images")
      .values({ product_id: tulips, color_name: " red ", image_url: red, stock_quantity: 5, created_at: nowIso() })
      .execute();
    expect(preloadOf(await get(`/produk/${tulips}`))).toEqual([
      { href: red, srcset: widths(redName), sizes: IMAGE_SIZES.productPhoto, priority: "high" },
    ]);
    // No picture, no preload; a missing page preloads nothing.
    expect(preloadOf(await get(`/produk/${f.tricky}`))).toEqual([]);
    expect(preloadOf(await get("/produk/999999"))).toEqual([]);
    expect(preloadOf(await get("/login"))).toEqual([]);
  });

  it("is the first row's of cards on a phone for the catalogue and the blog, and follows the catalogue's changes", async () => {
    const firstRow = async () => {
      const catalog = (await get("/api/catalog")).json() as {
        products: { productId: number; imageUrl: string | null }[];
      }[];
      return catalog[0]?.products.slice(0, 2) ?? [];
    };
    const row = await firstRow();
    const first = row[0];
    if (!first) throw new Error("The catalogue has no product.");
    const hrefs = (cards: { imageUrl: string | null }[]) =>
      cards.flatMap((card) => (card.imageUrl ? [card.imageUrl] : []));
    expect(preloadOf(await get("/katalog")).map((link) => link.href)).toEqual(hrefs(row));

    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#7e9c70" } })
      .png()
      .toBuffer();
    const imageUrl = await storeImage(shop.ctx.files, "products", picture);
    const name = /([a-f0-9]{32})\.webp$/.exec(imageUrl)?.[1] as string;
    await shop.ctx.db
      .updateTable("products")
      .set({ image_url: imageUrl })
      .where("product_id", "=", first.productId)
      .execute();
    const changed = await firstRow();
    expect(changed[0]?.imageUrl).toBe(imageUrl);
    const preloads = preloadOf(await get("/katalog"));
    expect(preloads[0]).toEqual({
      href: imageUrl,
      srcset: widths(name),
      sizes: IMAGE_SIZES.productCard,
      priority: "high",
    });
    expect(preloads.map((link) => link.href)).toEqual(hrefs(changed));

    const posts = (await get("/api/posts")).json() as { postId: number }[];
    expect(posts[0]?.postId).toBe(f.post);
    expect(preloadOf(await get("/blog"))).toEqual([
      {
        href: `/uploads/products/${f.pictureName}.webp`,
        srcset: widths(f.pictureName),
        sizes: IMAGE_SIZES.postCard,
        priority: "high",
      },
    ]);
  });
  it("follows the catalogue's address: an occasion's first row, a category's own, every category's for a name it has not", async () => {
    type Group = { name: string; products: { productId: number; imageUrl: string | null }[] };
    const vase = (await createProduct(shop, { name: "Glass Vase of Lilies", category: "Vases" })).product_id;
    const vasePicture = await storePicture("#e8d8b0");
    await shop.ctx.db.updateTable("products").set({ image_url: vasePicture }).where("product_id", "=", vase).execute();
    const catalog = (await get("/api/catalog")).json() as Group[];
    const cards = (group: Group | undefined) =>
      (group?.products ?? []).slice(0, 2).flatMap((product) => (product.imageUrl ? [product.imageUrl] : []));
    const hrefs = async (url: string) => preloadOf(await get(url)).map((link) => link.href);
    const first = catalog[0];
    const last = catalog.at(-1);
    if (!first || !last || first === last) throw new Error("The test needs two categories.");
    expect(cards(last).length).toBeGreaterThan(0);
    expect(cards(last)).not.toEqual(cards(first));

    // A category, however the address cases it, shows its own cards first.
    expect(await hrefs(`/katalog?category=${encodeURIComponent(last.name.toUpperCase())}`)).toEqual(cards(last));
    // A name no pill has, or an occasion that is not an id, shows the whole catalogue as the page does.
    expect(await hrefs("/katalog?category=Nothing%20Like%20It")).toEqual(cards(first));
    expect(await hrefs("/katalog?occasion=mothers-day")).toEqual(cards(first));

    const occasion = await shop.ctx.db
      .insertInto("occasions")
      .values({ name: "Hari Ibu", position: 99 })
      .returning("occasion_id")
      .executeTakeFirstOrThrow();
    await shop.ctx.db
      .insertInto("product_occasions")
      .values({ product_id: f.pictured, occasion_id: occasion.occasion_id })
      .execute();
    const ofOccasion = (await get(`/api/catalog?occasion=${occasion.occasion_id}`)).json() as Group[];
    expect(ofOccasion.flatMap((group) => group.products.map((product) => product.productId))).toEqual([f.pictured]);
    const [own] = ofOccasion;
    expect(preloadOf(await get(`/katalog?occasion=${occasion.occasion_id}`))).toEqual([
      {
        href: `/uploads/products/${f.pictureName}.webp`,
        srcset: widths(f.pictureName),
        sizes: IMAGE_SIZES.productCard,
        priority: "high",
      },
    ]);
    // The occasion with a category it has no product in shows nothing, so nothing is fetched for it.
    const elsewhere = catalog.find((group) => group.name !== own?.name);
    expect(
      await hrefs(`/katalog?occasion=${occasion.occasion_id}&category=${encodeURIComponent(elsewhere?.name ?? "")}`),
    ).toEqual([]);
    expect(await hrefs("/katalog?occasion=999999")).toEqual([]);
  });
});

describe("the page's data", () => {
  /** The API answers the head fetches with the page, in the web app's fetch mode (credentials included). */
  const dataOf = (res: LightMyRequestResponse) =>
    [...documentOf(res).querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) => [
      link.getAttribute("href"),
      link.getAttribute("crossorigin"),
    ]);

  it("is fetched from the head for the catalogue, a product, the blog and an article, and for no missing page", async () => {
    expect(dataOf(await get("/katalog"))).toEqual([["/api/catalog", "use-credentials"]]);
    // With an occasion the page draws its catalogue too, asked for as the web app asks (apps/web/src/lib/catalog.ts).
    expect(dataOf(await get("/katalog?category=Vases&occasion=2"))).toEqual([
      ["/api/catalog", "use-credentials"],
      ["/api/catalog?occasion=2", "use-credentials"],
    ]);
    expect(dataOf(await get(`/produk/${f.pictured}`))).toEqual([[`/api/products/${f.pictured}`, "use-credentials"]]);
    expect(dataOf(await get("/blog"))).toEqual([["/api/posts", "use-credentials"]]);
    expect(dataOf(await get(`/blog/${f.post}`))).toEqual([[`/api/posts/${f.post}`, "use-credentials"]]);
    for (const url of ["/login", "/produk/999999", `/blog/${f.draft}`]) expect(dataOf(await get(url)), url).toEqual([]);
    // Each address is an answer the API gives.
    for (const url of ["/api/catalog", `/api/products/${f.pictured}`, "/api/posts", `/api/posts/${f.post}`]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe("every other page", () => {
  it("has its own title and description", async () => {
    const home = await pageMeta("/");
    expect(home.title).toBe("Bandung Florist — Sharing Happiness and Capturing the Moment");
    expect(home.ogUrl).toBe(`${APP_URL}/`);
    const catalog = await pageMeta("/katalog");
    expect(catalog.title).toBe("Product Catalog — Bandung Florist");
    expect(catalog.description).toMatch(/bouquets/);
    expect(catalog.description).not.toBe(home.description);
    expect((await pageMeta("/blog")).title).toBe("Blog & Tips — Bandung Florist");
    expect((await pageMeta("/login")).title).toBe("Login — Bandung Florist");
    expect((await pageMeta("/admin/products")).title).toBe("Admin: Products — Bandung Florist");
  });

  it("is written in the request's language, titles included: the lang cookie, else Accept-Language, else English", async () => {
    expect((await pageMeta("/katalog")).lang).toBe("en");
    expect((await pageMeta("/katalog", { cookie: "lang=id" })).lang).toBe("id");
    expect((await pageMeta("/katalog", { "accept-language": "id-ID,id;q=0.9,en;q=0.8" })).lang).toBe("id");
    expect((await pageMeta("/katalog", { "accept-language": "id", cookie: "lang=en" })).lang).toBe("en");
    const katalog = await pageMeta("/katalog", { cookie: "lang=id" });
    expect(katalog.title).toBe("Katalog Produk — Bandung Florist");
    expect(katalog.description).toMatch(/^Hand bouquet, keranjang bunga/);
    expect((await pageMeta("/", { cookie: "lang=id" })).title).toBe(
      "Bandung Florist — Berbagi Kebahagiaan dan Mengabadikan Momen",
    );
    expect((await pageMeta("/no-such-page", { "accept-language": "id" })).title).toBe(
      "Halaman Tidak Ditemukan — Bandung Florist",
    );
    const res = await get("/katalog");
    expect(res.headers.vary).toMatch(/accept-language/);
    expect(res.headers.vary).toMatch(/cookie/);
  });
});

describe("a page that does not exist", () => {
  it("answers the page with status 404 for an unknown product, post or path", async () => {
    const missing = [
      "/produk/999999",
      `/produk/${f.archived}`,
      "/produk/abc",
      "/produk/0",
      "/blog/999999",
      `/blog/${f.draft}`,
      `/blog/${f.scheduled}`,
      "/blog/1x",
      "/no-such-page",
      "/admin/no-such-screen",
      "/katalog/extra",
    ];
    for (const url of missing) {
      const page = await pageMeta(url);
      expect(page.status, url).toBe(404);
      expect(page.robots, url).toBe("noindex");
      expect(page.ogUrl, url).toBeNull();
    }
    expect((await pageMeta("/produk/999999")).title).toBe("Product Not Found — Bandung Florist");
    expect((await pageMeta("/blog/999999")).title).toBe("Article Not Found — Bandung Florist");
    expect((await pageMeta("/no-such-page")).title).toBe("Page Not Found — Bandung Florist");
  });

  it("is not confused with the pages the web app has, in any case and with a trailing slash", async () => {
    for (const url of [
      "/",
      "/KATALOG/",
      "/admin",
      "/admin/deliveries/print",
      "/reset-password/abc",
      "/pesanan/5/bayar",
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe("crawlers", () => {
  it("find every product on sale and every post visitors can read in the sitemap", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locations = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${APP_URL}/`,
        `${APP_URL}/katalog`,
        `${APP_URL}/blog`,
        `${APP_URL}/produk/${f.tricky}`,
        `${APP_URL}/produk/${f.pictured}`,
        `${APP_URL}/produk/${f.soldOut}`,
        `${APP_URL}/blog/${f.post}`,
      ]),
    );
    for (const hidden of [`/produk/${f.archived}`, `/blog/${f.draft}`, `/blog/${f.scheduled}`]) {
      expect(locations, hidden).not.toContain(`${APP_URL}${hidden}`);
    }
  });

  it("are told where the sitemap is and kept out of the admin area and the API", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body.split("\n")).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /api/",
        `Sitemap: ${APP_URL}/sitemap.xml`,
      ]),
    );
  });
});
