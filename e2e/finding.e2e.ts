import type { CatalogCategory, Occasion, Product } from "@florist/contract";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, newCustomer, placeOrder, pngImage } from "./admin-helpers";
import { seriousViolations } from "./support/axe";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";

const JOURNEY = "finding";
const suite = shopSuite();

/** The product the journeys read reviews of: reviewed twice in beforeAll (5 and 4 stars). */
let reviewed: Product;
let birthday: Occasion;

/** An order of the product, finished by the florist and reviewed by its buyer. */
async function reviewOrder(product: Product, rating: number, comment: string) {
  const customer = await newCustomer(suite.baseUrl, "rev");
  const order = await placeOrder(customer, product);
  const florist = await adminApi(suite.baseUrl);
  await florist.setStatus(order.orderId, "In Delivery");
  await florist.uploadProof(order.orderId, await pngImage("#c8707e"));
  await florist.setStatus(order.orderId, "Finished", "Paid");
  await customer.api.request("POST", "/review", { order_id: order.orderId, rating, comment });
}

beforeAll(async () => {
  const florist = await adminApi(suite.baseUrl);
  const products = await florist.request<Product[]>("GET", "/products");
  const found = products.find((p) => p.name === "Classic Red Rose Bouquet");
  if (!found) throw new Error("The demo catalogue has no Classic Red Rose Bouquet.");
  const stocked = await florist.setStock(found, 500);
  reviewed = stocked;
  await reviewOrder(stocked, 5, "Beautiful roses, delivered right on time for my mother's birthday.");
  await reviewOrder(stocked, 4, "Fresh and lovely.");
  const occasions = await florist.request<Occasion[]>("GET", "/occasions");
  const found2 = occasions.find((o) => o.name === "Birthday");
  if (!found2) throw new Error("The demo shop has no Birthday occasion.");
  birthday = found2;
});

/** The page's serious and critical axe findings, named after the page. */
async function expectAccessible(page: Page, where: string) {
  await page.waitForLoadState("load");
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

const cardNames = (page: Page) => page.locator(".product-card .product-card-title").allTextContents();

describe.each(VIEWPORTS)("a shopper finding a gift at $width px", (viewport) => {
  it("searches at /cari, sorts and filters the results, shares the address and meets a helpful empty result", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await page.goto("/cari");
      await page.getByText("Type what you are looking for, or choose an occasion or a category.").waitFor();
      await page.getByRole("searchbox", { name: "Search flowers" }).last().fill("rose");
      await page.getByRole("search", { name: "Search flowers" }).getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.search === "?q=rose");
      await page.getByText(/^\d+ flowers? found for “rose”$/).waitFor();
      const names = await cardNames(page);
      expect(names.length).toBeGreaterThan(1);
      // Relevance puts a name that holds the word first.
      expect(names[0]).toMatch(/rose/i);
      await screenshot(tab, JOURNEY, "01-search-rose");
      await expectAccessible(page, "/cari?q=rose");

      await page.getByLabel("Sort by").selectOption("price_asc");
      await page.waitForURL((url) => url.search === "?q=rose&sort=price_asc");
      await expect
        .poll(async () => {
          const prices = await page.locator(".product-card-price .currency").allTextContents();
          const values = prices.map((text) => Number(text.replace(/[^\d]/g, "")));
          return values.length > 1 && values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);
        })
        .toBe(true);

      await page.getByLabel("Occasion").selectOption({ label: "Sympathy" });
      await page.waitForURL((url) => url.searchParams.get("occasion") !== null);
      const shared = page.url();

      // The address alone brings the same results back, in a fresh tab as a shared link would.
      const other = await suite.openPage(viewport);
      await other.page.goto(shared);
      await other.page.locator(".product-card").first().waitFor();
      expect(await cardNames(other.page)).toEqual(await cardNames(page));
      expect(await other.page.getByLabel("Sort by").inputValue()).toBe("price_asc");
      await other.close();

      await page.goto("/cari?q=zzzqqq");
      await page.getByText("No flowers match “zzzqqq”.").waitFor();
      await screenshot(tab, JOURNEY, "02-search-empty");
      await expectAccessible(page, "/cari?q=zzzqqq");
      await page.getByRole("link", { name: "Browse the catalogue" }).click();
      await page.waitForURL((url) => url.pathname === "/katalog");
    });
  });

  it("follows an occasion from the home page and narrows the catalogue by occasion and category", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await page.goto("/");
      const section = page.getByRole("region", { name: "Flowers for every moment" });
      await section.getByRole("link", { name: "Birthday" }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await screenshot(tab, JOURNEY, "03-home-occasions");
      await expectAccessible(page, "/");
      await section.getByRole("link", { name: "Birthday" }).click();
      await page.waitForURL((url) => url.pathname === "/katalog" && url.search === `?occasion=${birthday.occasionId}`);

      const catalogue = (await (
        await page.request.get(`/api/catalog?occasion=${birthday.occasionId}`)
      ).json()) as CatalogCategory[];
      const expected = catalogue.flatMap((category) => category.products.map((product) => product.name));
      await expect.poll(() => cardNames(page)).toEqual(expected);
      const chips = page.getByRole("group", { name: "Occasion" });
      expect(await chips.getByRole("button", { name: "Birthday" }).getAttribute("aria-pressed")).toBe("true");
      await screenshot(tab, JOURNEY, "04-catalogue-birthday");
      await expectAccessible(page, "/katalog?occasion");

      const firstCategory = catalogue.find((category) => category.products.length > 0) as CatalogCategory;
      await page
        .getByRole("navigation", { name: "Categories" })
        .getByRole("button", { name: firstCategory.name })
        .click();
      await page.waitForURL((url) => url.searchParams.get("category") === firstCategory.name);
      await expect.poll(() => cardNames(page)).toEqual(firstCategory.products.map((product) => product.name));

      await chips.getByRole("button", { name: "Any occasion" }).click();
      await page.waitForURL((url) => url.searchParams.get("occasion") === null);
      expect(new URL(page.url()).searchParams.get("category")).toBe(firstCategory.name);
    });
  });

  it("reads a product's reviews on its page and sees its stars on its card", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await page.goto("/katalog");
      const card = page.locator(".product-card", { hasText: reviewed.name });
      await card.getByRole("img", { name: "Rated 4.5 out of 5, 2 reviews" }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(tab, JOURNEY, "05-card-stars");

      await card.getByRole("link", { name: reviewed.name }).click();
      await page.waitForURL((url) => url.pathname === `/produk/${reviewed.productId}`);
      const reviews = page.getByRole("region", { name: "Reviews" });
      await reviews.getByText("Based on 2 reviews").waitFor();
      const items = reviews.getByRole("listitem");
      expect(await items.count()).toBe(2);
      // Newest first: the second review was written last.
      await expect.poll(() => items.first().textContent()).toContain("Fresh and lovely.");
      expect(await items.last().textContent()).toContain("Beautiful roses");
      await reviews.scrollIntoViewIfNeeded();
      await screenshot(tab, JOURNEY, "06-product-reviews");
      await expectAccessible(page, "/produk/reviewed");

      // A product nobody has reviewed says so.
      const catalogue = (await (await page.request.get("/api/catalog")).json()) as CatalogCategory[];
      const unreviewed = catalogue.flatMap((c) => c.products).find((p) => p.rating === null);
      if (!unreviewed) throw new Error("Every demo product has reviews.");
      await page.goto(`/produk/${unreviewed.productId}`);
      await page
        .getByRole("region", { name: "Reviews" })
        .getByText("No reviews yet. Buyers can review this product once their order arrives.")
        .waitFor();
    });
  });
});
