import type { CatalogCategory, PostDetail, Product } from "@florist/contract";
import {
  documentTitle,
  HOME_TITLE,
  IMAGE_SIZES,
  matchWebPage,
  NOT_FOUND_TITLE,
  POST_NOT_FOUND_TITLE,
  PRODUCT_NOT_FOUND_TITLE,
  photoSrcSet,
  SHOP_DESCRIPTION,
} from "@florist/contract/pages";
import { parseColorOption } from "@florist/contract/rules";
import type { AppContext } from "../context.js";
import { changeWatchOf } from "../db/changes.js";
import { AppError } from "../errors.js";
import { AnswerCache } from "../lib/cached-answer.js";
import { catalogVersion, getCatalog, getProduct } from "../modules/catalog/service.js";
import { getPost, listPosts } from "../modules/posts/service.js";
import { shareImageUrl } from "./share-image.js";

/**
 * What the served HTML says of one page (contract §7.6): its title, description and link preview,
 * and whether the page exists.
 */
export interface PageMeta {
  status: 200 | 404;
  /** The page's own title (a product's name, "Product Catalog"), before the shop's name is added. */
  title: string;
  description: string;
  type: "website" | "product" | "article";
  /** The page's address without its query, from the site's root. */
  path: string;
  /** An absolute address, JPEG where the shop stored the picture. */
  image: string | null;
  /** Structured data for search engines: a product's name, price, availability and rating. */
  jsonLd?: Record<string, unknown>;
  /** A product's price for the Open Graph product tags. */
  price?: number;
  /** The page's largest images, preloaded from the head so the browser need not wait for the script to find them. */
  preloads?: LcpImage[];
  /** The API answers the page draws from, fetched with the page instead of after its script. */
  data?: string[];
}

/** The API answer each list page but the catalogue draws from, as the web app asks for it (apps/web/src/lib). */
const PAGE_DATA: Record<string, string> = { "/blog": "/api/posts" };

/** An image as the page's <img> asks for it: its address, and the widths it offers for how wide it is drawn. */
export interface LcpImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

/**
 * The page's largest image as the web app draws it: a stored photo with its widths, an address an
 * admin typed as it is; nothing for a relative address the web app would resolve elsewhere.
 */
export function lcpImage(url: string | null | undefined, sizes: string): LcpImage | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  const href = value.startsWith("uploads/") ? `/${value}` : value;
  if (!href.startsWith("/") && !/^https?:\/\//i.test(href)) return undefined;
  const srcset = photoSrcSet(href);
  return srcset ? { href, srcset, sizes } : { href };
}

/** What a search result shows of a description: about 160 characters, cut at a word. */
const DESCRIPTION_LENGTH = 160;

export function summary(text: string, fallback = SHOP_DESCRIPTION): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain === "") return fallback;
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_LENGTH / 2)).trimEnd()}…`;
}

/** An id as the web app reads one from its address: a whole number from 1 on. */
function pageId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** Cards a row in the catalogue on a phone (IMAGE_SIZES.productCard: two, each about half the screen). */
const PHONE_CATALOG_ROW = 2;

const listOf = <T>(item: T | undefined): T[] => (item === undefined ? [] : [item]);

/** The catalogue's filters as the web app reads them from its address (`?occasion=3&category=Vases`). */
interface CatalogFilters {
  occasion: number | null;
  category: string | null;
}

function catalogFilters(query: URLSearchParams): CatalogFilters {
  const occasion = query.get("occasion");
  // As apps/web/src/lib/occasions.ts reads it: up to nine digits, from 1 on.
  const id = occasion && /^\d{1,9}$/.test(occasion) ? Number(occasion) : 0;
  return { occasion: id > 0 ? id : null, category: query.get("category") };
}

/** A catalogue's first row of cards on a phone: with every category shown, and with each one alone. */
interface CardRows {
  /** The categories with products, as their pills are named. */
  names: string[];
  first: LcpImage[];
  /** By the category's name trimmed and lower-cased, as the web app's filter matches it. */
  byCategory: Record<string, LcpImage[]>;
}

function firstCardRows(catalog: CatalogCategory[]): CardRows {
  const row = (products: CatalogCategory["products"]) =>
    products
      .slice(0, PHONE_CATALOG_ROW)
      .flatMap((product) => listOf(lcpImage(product.imageUrl, IMAGE_SIZES.productCard)));
  const byCategory: Record<string, LcpImage[]> = {};
  for (const category of catalog) byCategory[category.name.trim().toLowerCase()] ??= row(category.products);
  return { names: catalog.map((category) => category.name), first: row(catalog[0]?.products ?? []), byCategory };
}

/**
 * The photo a product's page opens with: the first colour's own picture when it has one, else the
 * product's (as the web app's use-product-options.ts chooses without a colour in the address).
 */
function shownPhoto(product: Product): string | null {
  const first = product.colorOptions.find((option) => option.trim() !== "");
  const label = first === undefined ? "" : parseColorOption(first).label.toLowerCase();
  const own = label
    ? product.images.find((image) => image.color_name.trim().toLowerCase() === label)?.image_url
    : undefined;
  return own ?? product.imageUrl;
}

function productMeta(appUrl: string, product: Product): PageMeta {
  const path = `/produk/${product.productId}`;
  const image = shareImageUrl(appUrl, product.imageUrl ?? product.images[0]?.image_url);
  const prices = Object.values(product.sizePrices);
  const low = prices.length > 0 ? Math.min(...prices) : product.price;
  const high = prices.length > 0 ? Math.max(...prices) : product.price;
  const availability = `https://schema.org/${product.availabilityStatus === "in_stock" ? "InStock" : "OutOfStock"}`;
  const offer =
    low === high
      ? { "@type": "Offer", price: low, priceCurrency: "IDR", availability, url: appUrl + path }
      : {
          "@type": "AggregateOffer",
          lowPrice: low,
          highPrice: high,
          priceCurrency: "IDR",
          availability,
          url: appUrl + path,
        };
  const description = summary(product.description);
  return {
    status: 200,
    title: product.name,
    description,
    type: "product",
    path,
    image,
    price: low,
    preloads: listOf(lcpImage(shownPhoto(product), IMAGE_SIZES.productPhoto)),
    data: [`/api/products/${product.productId}`],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description,
      sku: String(product.productId),
      url: appUrl + path,
      ...(image && { image: [image] }),
      offers: offer,
      ...(product.rating && {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: product.rating.average,
          reviewCount: product.rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    },
  };
}

function postMeta(appUrl: string, post: PostDetail): PageMeta {
  return {
    status: 200,
    title: post.title,
    description: summary(post.excerpt),
    type: "article",
    path: `/blog/${post.postId}`,
    image: shareImageUrl(appUrl, post.imageUrl),
    preloads: listOf(lcpImage(post.imageUrl, IMAGE_SIZES.article)),
    data: [`/api/posts/${post.postId}`],
  };
}

const missing = (title: string, path: string): PageMeta => ({
  status: 404,
  title,
  description: SHOP_DESCRIPTION,
  type: "website",
  path,
  image: null,
});

/**
 * The meta of every page the web app serves. A product's comes through a cache kept while the
 * catalogue's version stays (docs/decisions/0022): one small query per request, the product's own
 * only after it changed. A post's is one read by its key.
 */
export class PageMetas {
  private readonly products: AnswerCache;

  constructor(private readonly ctx: AppContext) {
    this.products = new AnswerCache(() => catalogVersion(ctx.db), changeWatchOf(ctx.db));
  }

  /** `query`: the address's query, which only the catalogue reads (its occasion and category). */
  async of(pathname: string, query = new URLSearchParams()): Promise<PageMeta> {
    const match = matchWebPage(pathname);
    if (!match) return missing(NOT_FOUND_TITLE, pathname);
    const { page, params } = match;
    if (page.path === "/produk/:productId") return this.product(pageId(params.productId), pathname);
    if (page.path === "/blog/:postId") return this.post(pageId(params.postId), pathname);
    const base = {
      status: 200,
      title: page.title,
      description: page.description ?? SHOP_DESCRIPTION,
      type: "website",
      path: page.path,
      image: null,
    } as const;
    if (page.path === "/katalog") {
      const filters = catalogFilters(query);
      return {
        ...base,
        preloads: await this.catalogFirstCards(filters),
        // With an occasion the page draws that occasion's catalogue, and the whole one for its pills.
        data: ["/api/catalog", ...(filters.occasion === null ? [] : [`/api/catalog?occasion=${filters.occasion}`])],
      };
    }
    return { ...base, preloads: await this.blogFirstCard(page.path), data: listOf(PAGE_DATA[page.path]) };
  }

  /**
   * The photos of the first row of cards on a phone, the page's largest paint there, of the
   * catalogue as the address filters it: the whole catalogue's through the same cache as the
   * products (one small query while nothing changed); an occasion's read for the request, as
   * GET /api/catalog does, so no id an address names is kept in memory.
   */
  private async catalogFirstCards({ occasion, category }: CatalogFilters): Promise<LcpImage[]> {
    const whole = await this.products.get("catalog first cards", async () =>
      JSON.stringify(firstCardRows(await getCatalog(this.ctx.db))),
    );
    const rows = JSON.parse(whole.body.toString()) as CardRows;
    const shown = occasion === null ? rows : firstCardRows(await getCatalog(this.ctx.db, { occasion }));
    // The pills are the whole catalogue's, matched however they are cased; another name shows every category.
    const pill =
      category === null ? undefined : rows.names.find((name) => name.toLowerCase() === category.toLowerCase());
    if (pill === undefined) return shown.first;
    return shown.byCategory[pill.trim().toLowerCase()] ?? [];
  }

  /** The photo of the blog's first card, the page's largest paint on a phone, from its list of posts. */
  private async blogFirstCard(path: string): Promise<LcpImage[] | undefined> {
    if (path !== "/blog") return undefined;
    const [first] = await listPosts(this.ctx.db, false);
    return listOf(lcpImage(first?.imageUrl, IMAGE_SIZES.postCard));
  }

  private async product(id: number | null, pathname: string): Promise<PageMeta> {
    if (id === null) return missing(PRODUCT_NOT_FOUND_TITLE, pathname);
    const appUrl = this.ctx.config.appUrl;
    try {
      const answer = await this.products.get(`page ${id}`, async () =>
        JSON.stringify(productMeta(appUrl, await getProduct(this.ctx.db, id))),
      );
      return JSON.parse(answer.body.toString()) as PageMeta;
    } catch (error) {
      if (isNotFound(error)) return missing(PRODUCT_NOT_FOUND_TITLE, pathname);
      throw error;
    }
  }

  private async post(id: number | null, pathname: string): Promise<PageMeta> {
    if (id === null) return missing(POST_NOT_FOUND_TITLE, pathname);
    try {
      return postMeta(this.ctx.config.appUrl, await getPost(this.ctx.db, id, false));
    } catch (error) {
      if (isNotFound(error)) return missing(POST_NOT_FOUND_TITLE, pathname);
      throw error;
    }
  }
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const OG_LOCALES = { en: "en_US", id: "id_ID" } as const;

export interface HeadOptions {
  appUrl: string;
  language: "en" | "id";
  /** The shop's own texts (titles, descriptions) in the page's language; a product's or post's stay as written. */
  translate: (text: string) => string;
}

/** Fetched with the page, at the priority the <img> itself asks for (fetchpriority="high", never lazy). */
function preloadTag({ href, srcset, sizes }: LcpImage): string {
  const widths = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? "100vw")}"` : "";
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${widths} fetchpriority="high" />`;
}

/**
 * The tags that go into the page's head. The JSON-LD is a data block, which the browser never
 * runs: the Content-Security-Policy's script-src does not apply to it.
 */
export function renderHead(meta: PageMeta, { appUrl, language, translate }: HeadOptions): string {
  const named = meta.status === 200 && meta.type !== "website";
  const own = (text: string) => (named ? text : translate(text));
  const title = meta.title === HOME_TITLE ? translate(HOME_TITLE) : documentTitle(own(meta.title));
  const description = own(meta.description);
  const url = appUrl + meta.path;
  const tag = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [`<title>${escapeHtml(title)}</title>`, tag("name", "description", description)];
  if (meta.status === 404) {
    // A page that is not there is no search result.
    lines.push(tag("name", "robots", "noindex"));
    return lines.join("\n    ");
  }
  lines.push(
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    tag("property", "og:site_name", "Bandung Florist"),
    tag("property", "og:type", meta.type),
    tag("property", "og:title", named ? meta.title : title),
    tag("property", "og:description", description),
    tag("property", "og:url", url),
    tag("property", "og:locale", OG_LOCALES[language]),
  );
  if (meta.image) {
    lines.push(tag("property", "og:image", meta.image), tag("name", "twitter:card", "summary_large_image"));
    if (meta.image.endsWith(".jpg")) lines.push(tag("property", "og:image:type", "image/jpeg"));
  }
  if (meta.price !== undefined) {
    lines.push(
      tag("property", "product:price:amount", String(meta.price)),
      tag("property", "product:price:currency", "IDR"),
    );
  }
  for (const image of meta.preloads ?? []) lines.push(preloadTag(image));
  // As the web app's fetch asks (credentials: "include"), so the browser hands it this answer.
  for (const href of meta.data ?? []) {
    lines.push(`<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="use-credentials" />`);
  }
  if (meta.jsonLd) lines.push(`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`);
  return lines.join("\n    ");
}
