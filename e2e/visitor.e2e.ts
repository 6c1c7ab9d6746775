import { describe, expect, it } from "vitest";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, waitForPath } from "./support/ui";

const suite = shopSuite();

describe.each(VIEWPORTS)("a visitor at $width px", (viewport) => {
  it("browses the home page, the catalogue with its category pills, a product and the blog", async () => {
    await suite.journey(viewport, "visitor", async (tab) => {
      const { page } = tab;

      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "Sharing Happiness and Capturing the Moment" }).waitFor();
      const carousel = page.locator(".featured");
      const shownSlide = () => carousel.locator(".carousel-slide.active h3").textContent();
      await carousel.locator(".carousel-slide.active").waitFor();
      expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(3);
      expect(await carousel.getByRole("button", { name: /^Go to slide \d$/ }).count()).toBe(3);
      // Autoplay moves on by itself every 3 seconds.
      const firstSlide = await shownSlide();
      await page.waitForFunction(
        (title) => document.querySelector(".carousel-slide.active h3")?.textContent !== title,
        firstSlide,
        { timeout: 6000 },
      );
      // The dots and arrows move it too, and it loops from the last slide to the first.
      await carousel.getByRole("button", { name: "Go to slide 3" }).click();
      expect(await shownSlide()).toBe("Flowers in a Vase");
      await carousel.getByRole("button", { name: "Next slide" }).click();
      await page.waitForFunction(
        () => document.querySelector(".carousel-slide.active h3")?.textContent === "Classic Hand Bouquet",
      );
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      await page.waitForFunction(
        () => document.querySelector(".carousel-slide.active h3")?.textContent === "Flowers in a Vase",
      );
      // The video stays a local poster until asked for: no third-party frame on first load.
      expect(await page.locator("iframe").count()).toBe(0);
      await page.getByRole("button", { name: /Play video/ }).waitFor();
      expect(await page.locator(".testimonial").count()).toBe(3);
      expect(await page.locator(".testimonial .star-on").count()).toBe(15);
      const whatsapp = await page.getByRole("link", { name: "Chat on WhatsApp" }).getAttribute("href");
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/62\d+/);
      await page
        .getByText("Premium florist offering custom flower arrangements with personal delivery service.")
        .waitFor();
      await screenshot(tab, "visitor", "01-home");

      await page.locator(".featured-cta").getByRole("link", { name: "Explore Our Catalog" }).click();
      await waitForPath(page, "/katalog");
      await page.getByRole("heading", { name: "Our Collection" }).waitFor();
      await page.locator(".product-card").first().waitFor();
      const allGroups = await page.locator(".catalog-group-title").allTextContents();
      expect(allGroups.length).toBeGreaterThanOrEqual(4);
      expect(await page.getByText("Stok Habis").count()).toBeGreaterThan(0);
      expect(await page.getByText("Starting from").count()).toBe(await page.locator(".product-card").count());
      await screenshot(tab, "visitor", "02-catalog");

      await page.getByRole("button", { name: "Baskets" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".catalog-group").length === 1);
      expect(await page.locator(".catalog-group-title").first().textContent()).toContain("Baskets");
      await screenshot(tab, "visitor", "03-catalog-baskets");
      await page.getByRole("button", { name: "All" }).click();
      await page.waitForFunction(
        (count) => document.querySelectorAll(".catalog-group").length === count,
        allGroups.length,
      );

      await page.getByRole("link", { name: "Classic Red Rose Bouquet" }).click();
      await waitForPath(page, /^\/produk\/\d+$/);
      await page.getByRole("heading", { level: 1, name: "Classic Red Rose Bouquet" }).waitFor();
      await page.getByRole("button", { name: "Add to Cart" }).waitFor();
      await page.getByText("Subtotal").waitFor();
      await screenshot(tab, "visitor", "04-product");

      await clickNav(page, "Blog");
      await waitForPath(page, "/blog");
      await page.locator(".post-card").first().waitFor();
      expect(await page.locator(".post-card").count()).toBe(3);
      await screenshot(tab, "visitor", "05-blog");
      await page.locator(".post-card").first().getByRole("link").click();
      await waitForPath(page, /^\/blog\/\d+$/);
      await page.locator(".article-body h2").first().waitFor();
      await screenshot(tab, "visitor", "06-article");
      await page.getByRole("link", { name: "Back to Blog" }).click();
      await waitForPath(page, "/blog");

      // An unknown path is the 404 page, with status 404 (contract §7.6).
      tab.expectFailure({ status: 404, path: "/no-such-page" });
      await page.goto("/no-such-page");
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
      await page.getByText("Sorry, the page you are looking for does not exist.").waitFor();
      await screenshot(tab, "visitor", "07-not-found");
      await page.getByRole("link", { name: "Go to Homepage" }).click();
      await waitForPath(page, "/");
    });
  });
});
