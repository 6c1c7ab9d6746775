import type { CatalogCategory, Occasion } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";

const suite = shopSuite();

const FOOTER_TEXT = "Premium florist offering custom flower arrangements with personal delivery service.";

/** Sums every layout shift of the page from its first paint on, as Lighthouse's CLS does for one load. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/**
 * Waits until the web fonts, which come after the page's content (apps/web/src/app/fonts.ts), are
 * loaded and drawn, so the layout shift measured after it includes their swap.
 */
async function webFontsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, "") === "Nunito Sans" && face.status === "loaded") loaded = true;
    });
    return loaded;
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Holds back every answer of the API for a moment, as a phone's network does, so the page is drawn before its data. */
async function slowApi(page: Page): Promise<void> {
  await page.route("**/api/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

/** Holds back the app's entry script until the answered function is called: the page stays as the server sent it. */
async function holdScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe.each(VIEWPORTS)("the first paint at $width px", (viewport) => {
  it("shows the header and the footer before the app's script has run, and the app takes over without a jump", async () => {
    await suite.journey(viewport, "first-paint", async (tab) => {
      const { page } = tab;
      const release = await holdScript(page);
      await watchLayoutShifts(page);
      const preloaded = page.waitForRequest(/\/uploads\/products\/[0-9a-f]{32}-thumb\.webp$/);
      const catalogAnswers: string[] = [];
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/catalog") catalogAnswers.push(request.url());
        if (request.resourceType() === "font") fonts.push(request.url());
      });

      await page.goto("/katalog", { waitUntil: "commit" });
      await page.locator(".site-header .navbar-logo").waitFor();
      await page.getByText(FOOTER_TEXT).waitFor({ state: "attached" });
      if (viewport.width > 860) {
        expect(await page.locator(".navbar-links a").allTextContents()).toEqual(["Home", "Catalog", "Blog"]);
      } else {
        await page.getByRole("button", { name: "Open menu" }).waitFor();
      }
      // The footer waits below the fold for the content to come.
      const footerTop = await page.locator(".site-footer").evaluate((footer) => footer.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThanOrEqual(viewport.height);
      expect(await page.getByRole("heading", { name: "Our Collection" }).count()).toBe(0);
      // The first row's photos are on their way before the script has run: the served page preloads them.
      const photo = (await preloaded).url();
      // So is the catalogue's answer, which the photos wait for to be drawn.
      await expect.poll(() => catalogAnswers.length).toBe(1);
      // The frame is drawn in the fallback faces: the web fonts leave the link to the script and the photos.
      expect(fonts).toEqual([]);

      release();
      await page.getByRole("heading", { name: "Our Collection" }).waitFor();
      await page.locator(".product-card").first().waitFor();
      // The preloaded file is the one the card draws, not a second width of it.
      const drawn = await page.locator(".product-card img").evaluateAll(async (imgs) => {
        const firstRow = (imgs as HTMLImageElement[]).slice(0, 2);
        await Promise.all(firstRow.map((img) => img.decode()));
        return firstRow.map((img) => img.currentSrc);
      });
      expect(drawn).toContain(photo);
      // Fetched once, by the page's head: the script took that answer.
      expect(catalogAnswers).toHaveLength(1);
      expect(await page.getByText(FOOTER_TEXT).count()).toBe(1);
      // Once the page's content is drawn, the web fonts come, and their swap moves nothing either.
      await webFontsDrawn(page);
      expect(fonts.length).toBeGreaterThan(0);
      expect(await layoutShift(page)).toBeLessThan(0.05);
    });
  });

  it("fetches an occasion link's own first photos and answer with the page, which the app then takes", async () => {
    const api = new ApiSession(suite.baseUrl);
    const whole = await api.request<CatalogCategory[]>("GET", "/catalog");
    const wholeFirst = whole[0]?.products[0]?.imageUrl;
    // An occasion whose first row of cards on a phone does not hold the whole catalogue's first photo.
    let chosen: { id: number; first: string } | undefined;
    for (const occasion of await api.request<Occasion[]>("GET", "/occasions")) {
      const own = await api.request<CatalogCategory[]>("GET", `/catalog?occasion=${occasion.occasionId}`);
      const first = own[0]?.products[0]?.imageUrl;
      const row = own[0]?.products.slice(0, 2).map((product) => product.imageUrl) ?? [];
      if (first && wholeFirst && !row.includes(wholeFirst)) {
        chosen = { id: occasion.occasionId, first };
        break;
      }
    }
    if (!chosen || !wholeFirst) throw new Error("The demo shop has no occasion that opens with another photo.");
    const { id, first } = chosen;
    const name = (url: string) => /([0-9a-f]{32})[^/]*$/.exec(url)?.[1];

    await suite.journey(viewport, "first-paint-occasion", async (tab) => {
      const { page } = tab;
      const release = await holdScript(page);
      const answers: string[] = [];
      const photos: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/catalog") answers.push(url.pathname + url.search);
        if (url.pathname.startsWith("/uploads/products/")) photos.push(url.pathname);
      });

      await page.goto(`/katalog?occasion=${id}`, { waitUntil: "commit" });
      // Before the script has run: the occasion's first photo and both answers the page draws from.
      await expect.poll(() => photos.map(name)).toContain(name(first));
      await expect.poll(() => [...answers].sort()).toEqual(["/api/catalog", `/api/catalog?occasion=${id}`]);
      // Not the whole catalogue's first photo, which this page's first row does not show.
      expect(photos.map(name)).not.toContain(name(wholeFirst));

      release();
      await page.locator(".product-card").first().waitFor();
      const drawn = await page
        .locator(".product-card img")
        .first()
        .evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(name(drawn)).toBe(name(first));
      // Each answer fetched once: the app took what the page's head fetched.
      expect(answers).toHaveLength(2);
    });
  });

  it("keeps the catalogue, a product, the blog and an article still while their data arrives", async () => {
    await suite.journey(viewport, "layout-shift", async (tab) => {
      const { page } = tab;
      await slowApi(page);
      await watchLayoutShifts(page);
      const pages = [
        { path: "/katalog", ready: page.locator(".product-card img").first() },
        { path: "/produk/1", ready: page.getByRole("button", { name: "Add to Cart" }) },
        { path: "/blog", ready: page.locator(".post-card").first() },
        { path: "/blog/1", ready: page.locator(".article-body h2").first() },
      ];
      for (const { path, ready } of pages) {
        await page.goto(path);
        await ready.waitFor();
        await page.waitForLoadState("networkidle");
        await webFontsDrawn(page);
        expect(await layoutShift(page), path).toBeLessThan(0.05);
      }
    });
  });

  it("offers the photos in the thumb, card and phone widths beside the full one, and the browser takes the one that fits", async () => {
    await suite.journey(viewport, "photo-widths", async (tab) => {
      const { page } = tab;
      await page.goto("/katalog");
      const photo = page.locator(".product-card img").first();
      await photo.waitFor();
      const srcset = await photo.getAttribute("srcset");
      expect(srcset).toMatch(
        /^(\/uploads\/products\/[0-9a-f]{32})-thumb\.webp 320w, \1-card\.webp 480w, \1-phone\.webp 840w, \1\.webp 1200w$/,
      );
      // A card is at most 280 px wide, so the browser picks the 320 px copy for it, never a larger file.
      const chosen = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(chosen).toMatch(/-thumb\.webp$/);

      // The product page's photo: the whole screen of a phone (390 px: the card copy is wide enough), the
      // 600 px half of the page on a desktop (the 840 px phone copy); never the 1200 px photo on either.
      await page.locator(".product-card a").first().click();
      const productPhoto = page.locator(".product-photo img").first();
      await productPhoto.waitFor();
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>(".product-photo img")?.complete);
      const shown = await productPhoto.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(shown).toMatch(viewport.width < 600 ? /-card\.webp$/ : /-phone\.webp$/);
    });
  });
});

describe("a catalogue card on a phone's dense screen", () => {
  it("takes the 320 px copy at 1.75 device pixels a pixel, as the card's photo is about 170 px wide", async () => {
    const phone = VIEWPORTS[0];
    await suite.journey(
      phone,
      "photo-density",
      async ({ page }) => {
        await page.goto("/katalog");
        const photos = page.locator(".product-card img");
        await photos.first().waitFor();
        const drawn = await photos.first().evaluate((img: HTMLImageElement) => ({
          width: img.getBoundingClientRect().width,
          chosen: img.currentSrc,
        }));
        // 320 pixels cover a photo up to 182 px wide at 1.75; a wider `sizes` would fetch the 480 px copy.
        expect(drawn.width * 1.75).toBeLessThanOrEqual(320);
        expect(drawn.chosen).toMatch(/-thumb\.webp$/);
      },
      { deviceScaleFactor: 1.75 },
    );
  });
});
