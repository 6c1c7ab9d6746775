import type { Product } from "@florist/contract";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, type Customer, loginThroughApi, newCustomer, placeOrder, stockedProduct } from "./admin-helpers";
import { seriousViolations } from "./support/axe";
import { type ShopPage, screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { openMenu, waitForPath } from "./support/ui";

const JOURNEY = "languages";

const suite = shopSuite();
let product: Product;
let postPath: string;

beforeAll(async () => {
  const admin = await adminApi(suite.baseUrl);
  product = await stockedProduct(admin, (p) => p.name === "Classic Red Rose Bouquet");
  const posts = await admin.request<{ postId?: number; id?: number }[]>("GET", "/posts");
  const first = posts[0];
  if (!first) throw new Error("The shop has no blog post.");
  postPath = `/blog/${first.postId ?? first.id}`;
});

/** The header's language switch (behind the menu on a phone); the menu closes again after the choice. */
async function chooseLanguage(page: Page, name: "English" | "Bahasa Indonesia") {
  await openMenu(page);
  await page.locator(".navbar").getByRole("button", { name, exact: true }).click();
  const wanted = name === "English" ? "en" : "id";
  await page.waitForFunction((lang) => document.documentElement.lang === lang, wanted);
  await page.keyboard.press("Escape");
}

async function expectLanguage(page: Page, language: "en" | "id") {
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
  const pressed = language === "en" ? "English" : "Bahasa Indonesia";
  const choice = page.locator(".site-footer").getByRole("button", { name: pressed, exact: true });
  expect(await choice.getAttribute("aria-pressed")).toBe("true");
}

/** Opens a page, waits for `ready`, checks axe (0 serious or critical) and takes its picture. */
async function visit(tab: ShopPage, path: string, ready: (page: Page) => Promise<unknown>, step: string) {
  await tab.page.goto(path);
  await ready(tab.page);
  await tab.page.waitForLoadState("load");
  expect(await seriousViolations(tab.page), `axe on ${path} (${step})`).toEqual([]);
  await screenshot(tab, JOURNEY, step);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name }).waitFor();

/** The words a page shows in each language: the spec's English, and its Indonesian. */
const WORDS = {
  en: {
    hero: "Sharing Happiness and Capturing the Moment",
    heroButtons: ["Shop the Collection", "Free Consultation"],
    sections: ["Our Favourite Arrangements", "Every Arrangement, Made with Care", "What Our Customers Say"],
    chat: "Chat on WhatsApp",
    tagline: "Premium florist offering custom flower arrangements with personal delivery service.",
    quickLinks: ["Home", "Product Catalog", "Blog & Tips"],
    copyright: "© 2025 Bandung Florist. All rights reserved.",
    productButtons: ["Add to Cart", "Buy Now"],
    productTexts: ["Back to Catalog", "Customization"],
    notes: "Extra notes",
  },
  id: {
    hero: "Berbagi Kebahagiaan dan Mengabadikan Momen",
    heroButtons: ["Lihat Koleksi", "Konsultasi Gratis"],
    sections: ["Rangkaian Favorit Kami", "Setiap Rangkaian, Dibuat dengan Sepenuh Hati", "Kata Pelanggan Kami"],
    chat: "Chat lewat WhatsApp",
    tagline: "Florist premium yang menghadirkan rangkaian bunga sesuai keinginan Anda, diantar langsung oleh tim kami.",
    quickLinks: ["Beranda", "Katalog Produk", "Blog & Tips"],
    copyright: "© 2025 Bandung Florist. Hak cipta dilindungi undang-undang.",
    productButtons: ["Tambah ke Keranjang", "Beli Sekarang"],
    productTexts: ["Kembali ke Katalog", "Kustomisasi"],
    notes: "Catatan tambahan",
  },
};

/** The home page's hero, sections and consultation, and the footer, read in `language`. */
async function homeIn(page: Page, language: "en" | "id") {
  const words = WORDS[language];
  await page.getByRole("heading", { level: 1, name: words.hero }).waitFor();
  for (const name of words.heroButtons) await page.locator(".hero").getByRole("link", { name }).waitFor();
  for (const name of words.sections) await page.getByRole("heading", { level: 2, name }).waitFor();
  await page.getByRole("link", { name: words.chat }).waitFor();
  const footer = page.locator(".site-footer");
  await footer.getByText(words.tagline).waitFor();
  expect(await footer.locator(".footer-list").first().getByRole("link").allTextContents()).toEqual(words.quickLinks);
  await footer.getByText(words.copyright).waitFor();
}

/** The product page's choices and buttons in `language`; the price stays Rp either way. */
async function productIn(page: Page, language: "en" | "id") {
  const words = WORDS[language];
  for (const name of words.productButtons) await page.getByRole("button", { name, exact: true }).waitFor();
  for (const text of words.productTexts) await page.getByText(text, { exact: true }).first().waitFor();
  await page.getByLabel(words.notes).waitFor();
  expect(await page.locator(".product-price").textContent()).toMatch(/^Rp\s?[\d.]+/);
  // The two buttons that buy keep their labels on one line each; on a phone the longer Indonesian
  // labels put them on a row of their own instead.
  const lines = await page.locator(".product-actions .btn").evaluateAll((buttons) =>
    buttons.map((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    }),
  );
  expect(lines).toEqual([1, 1]);
}

/**
 * Nothing is wider than the screen and no heading, button or card is wider than its own box: long
 * Indonesian words wrap inside the hero, the buttons and the cards. Slides off to the side of the
 * carousel are hidden, so they are left out.
 */
async function expectNoOverflow(page: Page) {
  const overflowing = await page.evaluate(() => {
    const root = document.documentElement;
    const found = root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth} > ${root.clientWidth}`] : [];
    for (const element of Array.from(
      document.querySelectorAll(".btn, h1, h2, h3, .testimonial, .teaser-card, .product-info"),
    )) {
      if (element.closest("[aria-hidden='true'], [inert]") || element.clientWidth === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(element.textContent?.trim() ?? "");
    }
    return found;
  });
  expect(overflowing).toEqual([]);
}

/** The shop's visitor pages, checked in one language. */
async function visitorPages(tab: ShopPage, language: "en" | "id") {
  const id = language === "id";
  await visit(tab, "/", (page) => page.locator(".hero").waitFor(), `${language}-01-home`);
  await homeIn(tab.page, language);
  await expectNoOverflow(tab.page);
  await visit(tab, "/katalog", (page) => page.locator(".product-card").first().waitFor(), `${language}-02-catalog`);
  // Choosing by occasion and finding by words (§7.7) read the same language.
  await tab.page
    .getByText(id ? "Semua acara" : "Any occasion")
    .first()
    .waitFor();
  const word = product.name.split(" ")[0] ?? product.name;
  await visit(
    tab,
    `/cari?q=${encodeURIComponent(word)}`,
    (page) => page.locator(".product-card").first().waitFor(),
    `${language}-02b-search`,
  );
  await tab.page.getByLabel(id ? "Urutkan" : "Sort by").waitFor();
  await visit(
    tab,
    "/cari?q=xyzzy",
    (page) => page.getByText(id ? "Tidak ada bunga yang cocok dengan “xyzzy”." : "No flowers match “xyzzy”.").waitFor(),
    `${language}-02c-search-empty`,
  );
  await visit(tab, `/produk/${product.productId}`, heading(product.name), `${language}-03-product`);
  await tab.page.getByRole("heading", { name: id ? "Ulasan" : "Reviews", exact: true }).waitFor();
  await productIn(tab.page, language);
  await expectNoOverflow(tab.page);
  await visit(
    tab,
    "/blog",
    (page) =>
      page
        .getByText(id ? "Baca artikel" : "Read article")
        .first()
        .waitFor(),
    `${language}-04-blog`,
  );
  await visit(
    tab,
    postPath,
    (page) =>
      page
        .getByRole("link", { name: id ? "Kembali ke Blog" : "Back to Blog" })
        .first()
        .waitFor(),
    `${language}-05-article`,
  );
}

/** The shopper's own pages, checked in one language. */
async function shopperPages(tab: ShopPage, language: "en" | "id") {
  const id = language === "id";
  await visit(tab, "/keranjang", heading(id ? "Keranjang Saya" : "My Cart"), `${language}-07-cart`);
  await tab.page.locator(".cart-item").first().waitFor();
  await tab.page.getByRole("button", { name: id ? "Lanjut ke Pembayaran" : "to Checkout" }).click();
  await waitForPath(tab.page, "/pemesanan");
  await tab.page.getByRole("heading", { name: id ? "Detail Pengiriman" : "Shipping Details" }).waitFor();
  // The delivery times (or why there are none) have arrived.
  await tab.page.locator(".delivery-picker, .delivery-status:not([role=status])").first().waitFor();
  expect(await seriousViolations(tab.page), `axe on checkout (${language})`).toEqual([]);
  await screenshot(tab, JOURNEY, `${language}-08-checkout`);
  await visit(tab, "/pesanan", (page) => page.locator(".orders-table").waitFor(), `${language}-09-orders`);
  await tab.page.getByRole("columnheader", { name: id ? "ID Pesanan" : "Order ID" }).waitFor();
  await tab.page
    .getByText(id ? "Pesanan Diterima" : "Order Received")
    .first()
    .waitFor();
}

async function addToCart(customer: Customer) {
  await customer.api.request("POST", `/cart/user/${customer.userId}/items`, {
    productId: product.productId,
    quantity: 1,
    unitPrice: product.price,
    size: product.sizeOptions[0],
    color: product.colorOptions[0]?.split("::")[0],
    colorHex: product.colorOptions[0]?.split("::")[1] ?? "#c0392b",
  });
}

describe.each(VIEWPORTS)("the shop in two languages at $width px", (viewport) => {
  it("an Indonesian browser reads Indonesian from the first byte; the header switches to English and back, remembered", async () => {
    await suite.journey(
      viewport,
      JOURNEY,
      async (tab) => {
        const { page } = tab;
        // The frame served before any script runs is already Indonesian: the page as the browser asked for it.
        const served = (await (await page.goto("/katalog"))?.text()) ?? "";
        expect(served).toContain('<html lang="id"');
        expect(served).toContain("Langsung ke konten");
        expect(served).not.toContain("Skip to content");

        await visitorPages(tab, "id");
        await expectLanguage(page, "id");
        await visit(tab, "/login", heading("Selamat datang kembali"), "id-06-login");

        await page.goto("/blog");
        await chooseLanguage(page, "English");
        await page.getByText("Read article").first().waitFor();
        await expectLanguage(page, "en");
        // The choice survives a reload, and the server sends the English frame from then on.
        await page.reload();
        await page.getByText("Read article").first().waitFor();
        await expectLanguage(page, "en");
        expect((await (await page.goto("/blog"))?.text()) ?? "").toContain("Skip to content");

        await visitorPages(tab, "en");
        await visit(tab, "/login", heading("Welcome back"), "en-06-login");

        await page.goto("/blog");
        await chooseLanguage(page, "Bahasa Indonesia");
        await page.getByText("Baca artikel").first().waitFor();
        await page.reload();
        await page.getByText("Baca artikel").first().waitFor();
        await expectLanguage(page, "id");
      },
      { locale: "id-ID" },
    );
  });

  it("logging in to an Indonesian account shows Indonesian; switching while logged in saves it to the account", async () => {
    const customer = await newCustomer(suite.baseUrl, `bahasa${viewport.width}`);
    await customer.api.request("PATCH", `/users/${customer.userId}/language`, { language: "id" });
    await placeOrder(customer, product);
    await addToCart(customer);

    await suite.journey(viewport, `${JOURNEY}-account`, async (tab) => {
      const { page } = tab;
      // An English browser: the account's language wins once logged in.
      await page.goto("/login");
      await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
      await page.getByLabel("Username or email").fill(customer.username);
      await page.getByLabel("Password", { exact: true }).fill(customer.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await waitForPath(page, "/");
      await page.waitForFunction(() => document.documentElement.lang === "id");
      await expectLanguage(page, "id");

      await shopperPages(tab, "id");
      await chooseLanguage(page, "English");
      await page.getByRole("heading", { level: 1, name: "My Orders" }).waitFor();
      // Saved to the account: another browser logging in reads English.
      await expect
        .poll(
          async () =>
            (await customer.api.request<{ user: { language: string } }>("GET", "/users/session")).user.language,
        )
        .toBe("en");
      await shopperPages(tab, "en");
    });

    // Back to Indonesian through the account alone: a fresh browser that logs in follows it.
    await customer.api.request("PATCH", `/users/${customer.userId}/language`, { language: "id" });
    await suite.journey(viewport, `${JOURNEY}-session`, async (tab) => {
      await loginThroughApi(tab.page, customer.username, customer.password);
      await tab.page.goto("/pesanan");
      await tab.page.getByRole("heading", { level: 1, name: "Pesanan Saya" }).waitFor();
      await expectLanguage(tab.page, "id");
    });
  });
});
