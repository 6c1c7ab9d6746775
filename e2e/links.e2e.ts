import type { CatalogCategory } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { waitForPath } from "./support/ui";

const suite = shopSuite();

/** A product of the demo shop that has a stored picture. */
async function pictured() {
  const catalog = (await (await fetch(`${suite.baseUrl}/api/catalog`)).json()) as CatalogCategory[];
  const product = catalog.flatMap((category) => category.products).find((p) => p.imageUrl?.startsWith("/uploads/"));
  if (!product) throw new Error("The demo shop has no product with a stored picture.");
  return product;
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe.each(VIEWPORTS)("links that travel at $width px", (viewport) => {
  it("a product's link opens with its title and preview; unknown products, posts and paths say so with 404", async () => {
    const product = await pictured();
    await suite.journey(viewport, "links", async (tab) => {
      const { page } = tab;

      // Opened from a shared link: the served page already names the product and offers a JPEG preview.
      const opened = await page.goto(`/produk/${product.productId}`);
      expect(opened?.status()).toBe(200);
      const html = (await opened?.text()) ?? "";
      expect(meta(html, "og:title")).toBe(product.name);
      expect(html).toContain('<script type="application/ld+json">');
      const image = meta(html, "og:image") ?? "";
      expect(image).toMatch(/^https?:\/\/.+\/share\/[a-f0-9]{32}\.jpg$/);
      const jpeg = await fetch(`${suite.baseUrl}${new URL(image).pathname}`);
      expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      // The screen names itself in an effect that runs just after the heading is drawn.
      await page.waitForFunction((title) => document.title === title, `${product.name} — Bandung Florist`);
      await screenshot(tab, "links", "01-product");

      // Moving inside the app keeps the title to the page.
      await page.getByRole("link", { name: "Back to Catalog" }).click();
      await waitForPath(page, "/katalog");
      await page.waitForFunction(() => document.title === "Product Catalog — Bandung Florist");

      tab.expectFailure({ status: 404, path: "/produk/999999" });
      tab.expectFailure({ status: 404, path: "/api/products/999999" });
      const noProduct = await page.goto("/produk/999999");
      expect(noProduct?.status()).toBe(404);
      await page.getByText("Produk tidak ditemukan.").waitFor();
      await page.waitForFunction(() => document.title === "Product Not Found — Bandung Florist");
      await screenshot(tab, "links", "02-unknown-product");

      tab.expectFailure({ status: 404, path: "/blog/999999" });
      tab.expectFailure({ status: 404, path: "/api/posts/999999" });
      const noPost = await page.goto("/blog/999999");
      expect(noPost?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Article Not Found" }).waitFor();
      await page.waitForFunction(() => document.title === "Article Not Found — Bandung Florist");
      await screenshot(tab, "links", "03-unknown-post");
      await page.getByRole("link", { name: "Back to Blog" }).click();
      await waitForPath(page, "/blog");
      await page.waitForFunction(() => document.title === "Blog & Tips — Bandung Florist");

      tab.expectFailure({ status: 404, path: "/no-such-page" });
      const noPage = await page.goto("/no-such-page");
      expect(noPage?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
      await page.waitForFunction(() => document.title === "Page Not Found — Bandung Florist");
      await screenshot(tab, "links", "04-unknown-path");
    });
  });
});
