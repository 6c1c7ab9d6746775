/**
 * The web app's pages: every path its router declares (apps/web/src/app/router.tsx), each with its
 * title. The server answers these paths with the page and status 200, any other path with 404
 * (contract §7.6), and puts the title into the served HTML; the web app keeps `document.title` to
 * the same title while the visitor moves around. A unit test holds the router to this list.
 */
export interface WebPage {
  /** As the router declares it, with a leading slash: `/produk/:productId`. */
  readonly path: string;
  /** The page's own title, before the shop's name; a product's or post's page is named by it once known. */
  readonly title: string;
  /** What a search result or a shared link says of the page, when it says more than the shop's description. */
  readonly description?: string;
}

/** The home page's title, whole. */
export const HOME_TITLE = "Bandung Florist — Sharing Happiness and Capturing the Moment";
export const SHOP_DESCRIPTION =
  "Bandung florist: hand bouquets, flower baskets, vases and flower boxes, custom arranged and delivered personally within Bandung.";
/** The title of every page that does not exist: an unknown path, product or post. */
export const NOT_FOUND_TITLE = "Page Not Found";
export const PRODUCT_NOT_FOUND_TITLE = "Product Not Found";
export const POST_NOT_FOUND_TITLE = "Article Not Found";

export const WEB_PAGES: readonly WebPage[] = [
  { path: "/", title: HOME_TITLE, description: SHOP_DESCRIPTION },
  {
    path: "/katalog",
    title: "Product Catalog",
    description:
      "Hand bouquets, flower baskets, vases and flower boxes from a Bandung florist, with their prices, colours and sizes, delivered within Bandung.",
  },
  { path: "/produk/:productId", title: "Product" },
  {
    path: "/blog",
    title: "Blog & Tips",
    description: "Flower care, colour meanings and ideas for weddings and every occasion, from a Bandung florist.",
  },
  { path: "/blog/:postId", title: "Article" },
  { path: "/cari", title: "Search" },
  { path: "/pengingat/berhenti/:token", title: "Reminders" },
  { path: "/pemesanan", title: "Checkout" },
  { path: "/profil", title: "Profile" },
  { path: "/pesanan", title: "My Orders" },
  { path: "/pesanan/:orderId/bayar", title: "How to Pay" },
  { path: "/keranjang", title: "Cart" },
  { path: "/review/:orderId", title: "Review" },
  { path: "/admin", title: "Admin Dashboard" },
  { path: "/admin/products", title: "Admin: Products" },
  { path: "/admin/settings", title: "Admin: Settings" },
  { path: "/admin/schedule", title: "Admin: Schedule" },
  { path: "/admin/deliveries", title: "Admin: Deliveries" },
  { path: "/admin/deliveries/print", title: "Admin: Delivery Sheet" },
  { path: "/admin/payments", title: "Admin: Payments" },
  { path: "/admin/audit", title: "Admin: Audit Log" },
  { path: "/admin/add-ons", title: "Admin: Add-ons" },
  { path: "/admin/categories", title: "Admin: Categories" },
  { path: "/admin/posts", title: "Admin: Blog Posts" },
  { path: "/admin/occasions", title: "Admin: Occasions" },
  { path: "/login", title: "Login" },
  { path: "/signup", title: "Sign Up" },
  { path: "/forgot-password", title: "Forgot Password" },
  { path: "/reset-password/:resetToken", title: "Reset Password" },
];

export interface PageMatch {
  page: WebPage;
  /** The path's `:name` parts, decoded. */
  params: Record<string, string>;
}

/** One path's parts: a trailing slash and empty parts count for nothing, as in the router. */
const segments = (path: string) => path.split("/").filter((part) => part !== "");

function matchOne(page: WebPage, parts: string[]): PageMatch | null {
  const pattern = segments(page.path);
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, expected] of pattern.entries()) {
    const part = parts[i] as string;
    if (expected.startsWith(":")) {
      try {
        params[expected.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
      // The router matches its paths without regard to case.
    } else if (expected !== part.toLowerCase()) return null;
  }
  return { page, params };
}

/** The page the web app shows at `pathname` (no query), or null where it shows its 404 page. */
export function matchWebPage(pathname: string): PageMatch | null {
  const parts = segments(pathname);
  for (const page of WEB_PAGES) {
    const match = matchOne(page, parts);
    if (match) return match;
  }
  return null;
}

/** The title a browser shows: the page's own, then the shop's name; the home page's is whole. */
export function documentTitle(title: string): string {
  return title === HOME_TITLE ? HOME_TITLE : `${title} — Bandung Florist`;
}

/**
 * How wide the pages draw their photos (the `sizes` attribute), shared by the web app's images and
 * the server's preload of a page's largest image, so the browser fetches the same file for both.
 */
export const IMAGE_SIZES = {
  /**
   * Two cards a row on a phone, three from 700 px, four from 1080 px in the 1200 px container. On a
   * phone a card's photo is half the screen less the page's gutters, the gap between the two cards
   * and their borders: 180 px of a 412 px screen, 170 of a 390 px one, 155 of a 360 px one. Said as
   * 50vw, a 412 px phone at 1.75 device pixels a pixel took the 480 px copy where the 320 px one is
   * wide enough; Chromium takes the smallest copy at least as dense as the screen, so this must not
   * say more than the photo's real width.
   */
  productCard: "(min-width: 1080px) 280px, (min-width: 700px) 33vw, calc(50vw - 26px)",
  /** The product page's photo: the whole width on a phone, half the container from 900 px. */
  productPhoto: "(min-width: 900px) 600px, 100vw",
  /** One blog card a row on a phone, two from 700 px, three from 1024 px. */
  postCard: "(min-width: 1024px) 380px, (min-width: 700px) 50vw, 100vw",
  /** An article's picture: the text column's width. */
  article: "(min-width: 860px) 820px, 100vw",
} as const;

/**
 * The widths the shop keeps of every photo it stores (a product's or a post's): the photo itself,
 * /uploads/products/<name>.webp, at most PHOTO_FULL_WIDTH wide, and beside it a smaller copy per entry
 * here, <name><suffix>.webp, smallest first. The thumb copy serves a card on a phone (a card's 180 px
 * photo at 1.75 device pixels a pixel is 315 pixels wide); the card copy the cards of a larger screen; the
 * phone copy a photo drawn across a phone's screen (a 412 px screen at 1.75 is 721 pixels wide, a
 * 414 px one at 2 is 828).
 */
export const PHOTO_COPIES = [
  { suffix: "-thumb", width: 320 },
  { suffix: "-card", width: 480 },
  { suffix: "-phone", width: 840 },
] as const;
export const PHOTO_FULL_WIDTH = 1200;

/** A photo stored by the shop: /uploads/products/<name>.webp, with its copies beside it. */
const STORED_PHOTO = /^(.*\/uploads\/products\/[0-9a-f]{32})\.webp$/;

/** The `srcset` of a stored photo, or nothing for an address the shop did not store (it has one width). */
export function photoSrcSet(url: string): string | undefined {
  const stored = STORED_PHOTO.exec(url);
  if (!stored) return undefined;
  const copies = PHOTO_COPIES.map(({ suffix, width }) => `${stored[1]}${suffix}.webp ${width}w`);
  return [...copies, `${url} ${PHOTO_FULL_WIDTH}w`].join(", ");
}
