import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { seriousViolations } from "./support/axe";
import { SCREENSHOT_DIR, screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { fillLogin, openMenu, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();

const ROSES = "Classic Red Rose Bouquet";

async function productPath(name: string): Promise<string> {
  const answer = await fetch(`${suite.baseUrl}/api/catalog`);
  const body = (await answer.json()) as unknown;
  const products = (body as { products: unknown[] }[]).flatMap((category) => category.products) as {
    productId: number;
    name: string;
  }[];
  const product = products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`No product named ${name} in the catalogue.`);
  return `/produk/${product.productId}`;
}

/** The page's serious and critical axe findings, named after the page, so a failure says where. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  await page.waitForLoadState("load");
  // A dialog fading in shows blended colours for a moment; axe judges the settled page.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

async function registered(prefix: string) {
  const user = uniqueUser(prefix);
  await new ApiSession(suite.baseUrl).register(user.username, user.email, user.password);
  return user;
}

it("on a phone, a tap on the menu button in the first moment after the page starts keeps the menu open", async () => {
  const [phone] = VIEWPORTS;
  await suite.journey(phone, "early-menu-tap", async (tab) => {
    const { page } = tab;
    // The shopper's tap, in the same moment the page's content first appears.
    await page.addInitScript(() => {
      const tapOnStart = new MutationObserver(() => {
        if (!document.querySelector("#main > *")) return;
        tapOnStart.disconnect();
        document.querySelector<HTMLButtonElement>(".navbar-toggle")?.click();
      });
      tapOnStart.observe(document, { childList: true, subtree: true });
    });
    await page.goto("/blog");
    await page.getByText("Read article").first().waitFor();
    const toggle = page.locator(".navbar-toggle");
    // The header's work after the first paint has run; the menu is still open.
    await page.waitForLoadState("networkidle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(".navbar-menu.open").isVisible()).toBe(true);
    // Going to another page still closes it.
    await page.locator(".navbar-menu").getByRole("link", { name: "Catalog", exact: true }).click();
    await waitForPath(page, "/katalog");
    await page.locator(".navbar-menu.open").waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe.each(VIEWPORTS)("the storefront at $width px", (viewport) => {
  const phone = viewport.width < 861;

  it("a first visit asks for no session and logs nothing; after login a reload still knows the shopper", async () => {
    const user = await registered("hint");
    await suite.journey(viewport, "session-hint", async (tab) => {
      const { page } = tab;
      const sessionChecks: string[] = [];
      const errors: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/users/session") sessionChecks.push(request.url());
      });
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });

      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(sessionChecks).toEqual([]);
      expect(errors).toEqual([]);
      await openMenu(page);
      await page.getByRole("link", { name: "Login", exact: true }).click();

      await waitForPath(page, "/login");
      await fillLogin(page, user.username, user.password);
      await waitForPath(page, "/");
      expect((await tab.context.cookies()).find((cookie) => cookie.name === "signed_in")?.value).toBe("1");
      await page.reload();
      await openMenu(page);
      await page.locator(".profile-button", { hasText: user.username }).waitFor();
      expect(sessionChecks.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  });

  it("the header: the cart and its count, search, Escape on the phone's menu, the language switch", async () => {
    const user = await registered("cart");
    const roses = await productPath(ROSES);
    await suite.journey(viewport, "header", async (tab) => {
      const { page } = tab;
      const header = page.locator(".site-header");

      await page.goto(roses);
      await page.getByRole("heading", { level: 1, name: ROSES }).waitFor();
      const cart = header.getByRole("link", { name: /^Cart/ });
      expect(await cart.isVisible()).toBe(true);
      expect(await cart.getAttribute("aria-label")).toBe("Cart");
      expect(await cart.getAttribute("href")).toBe("/keranjang");

      // Searching from the header, in the bar or at the top of the phone's menu.
      await openMenu(page);
      const search = header.getByRole("search", { name: "Search the shop" });
      await search.getByRole("searchbox", { name: "Search flowers" }).fill("red roses");
      await screenshot(tab, "header", "01-search-typed");
      await search.getByRole("searchbox", { name: "Search flowers" }).press("Enter");
      await page.waitForURL((url) => url.pathname === "/cari" && url.searchParams.get("q") === "red roses");
      // The new page closes the menu that led to it.
      await page.locator(".navbar-menu.open").waitFor({ state: "detached" });

      if (phone) {
        // The menu closes on Escape and hands focus back to its button.
        await openMenu(page);
        await header.getByRole("searchbox", { name: "Search flowers" }).focus();
        await page.keyboard.press("Escape");
        await page.locator(".navbar-menu.open").waitFor({ state: "detached" });
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
      }

      // Logged in, adding a product counts it at once in the header.
      await page.goto("/login");
      await fillLogin(page, user.username, user.password);
      await waitForPath(page, "/");
      await page.goto(roses);
      await page.getByRole("button", { name: "Increase Quantity" }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const added = page.getByRole("dialog", { name: "Product added to cart." });
      await added.waitFor();
      await page.keyboard.press("Escape");
      await header.getByRole("link", { name: "Cart, 2 items" }).waitFor();
      expect(await header.locator(".nav-cart-count").textContent()).toBe("2");
      await screenshot(tab, "header", "02-cart-count");

      // The language switch in the header and the footer.
      await openMenu(page);
      const switchInHeader = header.getByRole("button", { name: "Bahasa Indonesia" });
      await switchInHeader.click();
      await page.waitForFunction(() => document.documentElement.lang === "id");
      expect(await switchInHeader.getAttribute("aria-pressed")).toBe("true");
      await header.getByRole("link", { name: "Keranjang, 2 barang" }).waitFor();
      await screenshot(tab, "header", "03-indonesian");
      const footerSwitch = page.locator(".site-footer").getByRole("button", { name: "English" });
      await footerSwitch.click();
      await page.waitForFunction(() => document.documentElement.lang === "en");
      await header.getByRole("link", { name: "Cart, 2 items" }).waitFor();
    });
  });

  it("a product's size and colour live in its link, and logging in keeps the whole choice", async () => {
    const user = await registered("choice");
    const roses = await productPath(ROSES);
    await suite.journey(viewport, "product-choice", async (tab) => {
      const { page } = tab;

      // A shared variant link opens with that variant.
      await page.goto(`${roses}?size=Large&color=White`);
      await page.getByRole("heading", { level: 1, name: ROSES }).waitFor();
      expect(await page.getByRole("radio", { name: "Large" }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "White" }).isChecked()).toBe(true);

      await page.getByRole("radio", { name: "Small" }).check();
      await page.getByRole("radio", { name: "Pink" }).check();
      await page.waitForURL(
        (url) => url.searchParams.get("size") === "Small" && url.searchParams.get("color") === "Pink",
      );
      await page.getByRole("checkbox", { name: "Ribbon" }).check();
      await page.getByRole("button", { name: "Increase Quantity" }).click();
      await page.getByRole("button", { name: "Increase Quantity" }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();

      await waitForPath(page, "/login");
      await fillLogin(page, user.username, user.password);
      await page.waitForURL((url) => url.pathname === roses && url.searchParams.get("size") === "Small");
      await page.getByRole("heading", { level: 1, name: ROSES }).waitFor();
      expect(await page.getByRole("radio", { name: "Small" }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "Pink" }).isChecked()).toBe(true);
      await page.getByRole("checkbox", { name: "Ribbon" }).waitFor();
      expect(await page.getByRole("checkbox", { name: "Ribbon" }).isChecked()).toBe(true);
      expect(await page.getByRole("group", { name: "Quantity", exact: true }).textContent()).toContain("3");
      await screenshot(tab, "product-choice", "01-back-after-login");
    });
  });

  it("the carousel pauses on its button and under reduced motion", async () => {
    await suite.journey(viewport, "carousel", async (tab) => {
      const { page } = tab;
      const shownSlide = () => page.locator(".carousel-slide.active h3").textContent();

      await page.goto("/");
      const pause = page.getByRole("button", { name: "Pause slides" });
      await pause.click();
      await page.getByRole("button", { name: "Play slides" }).waitFor();
      await page.locator(".carousel-controls").scrollIntoViewIfNeeded();
      // The viewport around the controls: a full-page picture would scroll back to the top.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `carousel--01-paused--${viewport.width}.png`) });
      const paused = await shownSlide();
      await page.waitForTimeout(3600);
      expect(await shownSlide()).toBe(paused);
      await page.getByRole("button", { name: "Play slides" }).click();
      await page.waitForFunction(
        (title) => document.querySelector(".carousel-slide.active h3")?.textContent !== title,
        paused,
        { timeout: 6000 },
      );
      // The dots are 24 px targets.
      const dot = await page.getByRole("button", { name: "Go to slide 1" }).boundingBox();
      expect(dot?.width).toBeGreaterThanOrEqual(24);
      expect(dot?.height).toBeGreaterThanOrEqual(24);

      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.reload();
      await page.getByRole("button", { name: "Play slides" }).waitFor();
      const still = await shownSlide();
      await page.waitForTimeout(3600);
      expect(await shownSlide()).toBe(still);
    });
  });

  it("prices and order numbers use lining figures in the display font", async () => {
    const roses = await productPath(ROSES);
    await suite.journey(viewport, "numerals", async (tab) => {
      const { page } = tab;
      await page.goto(roses);
      await page.getByRole("heading", { level: 1, name: ROSES }).waitFor();
      const figures = await page.evaluate(() =>
        [".product-title", ".product-price", ".product-summary"].map((selector) => {
          const element = document.querySelector(selector);
          return element ? getComputedStyle(element).fontVariantNumeric : "missing";
        }),
      );
      for (const value of figures) expect(value).toContain("lining-nums");
    });
  });

  it("fields and controls stand out from their ground at 3:1 (WCAG 1.4.11)", async () => {
    await suite.journey(viewport, "control-edges", async (tab) => {
      const { page } = tab;
      const edges = () =>
        page.evaluate(() => {
          const luminance = (color: string) => {
            const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
              const c = Number(part) / 255;
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
          };
          /** The first ancestor's background that is painted (not transparent). */
          const ground = (element: Element) => {
            for (let node = element.parentElement; node; node = node.parentElement) {
              const background = getComputedStyle(node).backgroundColor;
              if (!/rgba\(.*,\s*0\)$/.test(background) && background !== "transparent") return background;
            }
            return "rgb(255, 255, 255)";
          };
          const selectors = [".input", ".navbar-search-input", ".navbar-toggle", ".password-input .input"];
          return selectors.flatMap((selector) =>
            Array.from(document.querySelectorAll(selector))
              .filter((element) => (element as HTMLElement).offsetParent !== null)
              .map((element) => {
                const [a, b] = [luminance(getComputedStyle(element).borderTopColor), luminance(ground(element))];
                return { selector, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
              }),
          );
        });
      await page.goto("/");
      await openMenu(page);
      const inHeader = await edges();
      await page.goto("/signup");
      await page.locator(".input").first().waitFor();
      const ratios = [...inHeader, ...(await edges())];
      expect(ratios.length).toBeGreaterThanOrEqual(4);
      for (const { selector, ratio } of ratios) expect(ratio, selector).toBeGreaterThanOrEqual(3);
    });
  });

  it("every storefront page has no serious or critical axe violation", async () => {
    const user = await registered("axe");
    const roses = await productPath(ROSES);
    await suite.journey(viewport, "axe", async (tab) => {
      const { page } = tab;
      const visit = async (path: string, ready: string) => {
        await page.goto(path);
        await page.getByRole("heading", { level: 1, name: ready }).first().waitFor();
        await expectAccessible(page, path);
      };

      await visit("/", "Sharing Happiness and Capturing the Moment");
      if (phone) {
        await openMenu(page);
        await expectAccessible(page, "the open menu");
      }
      await visit("/katalog", "Our Collection");
      await visit(roses, ROSES);
      await visit("/blog", "Blog & Tips");
      await page.locator(".post-card a").first().click();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectAccessible(page, "an article");
      await visit("/signup", "Create an account");
      await visit("/forgot-password", "Forgot password");
      await visit("/login", "Welcome back");
      await fillLogin(page, user.username, user.password);
      await waitForPath(page, "/");
      await page.goto(roses);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Product added to cart." }).waitFor();
      await expectAccessible(page, "the added-to-cart dialog");
      await visit("/keranjang", "My Cart");
      await page.goto(roses);
      await page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(page, "/pemesanan");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectAccessible(page, "checkout");
      await visit("/pesanan", "My Orders");
      await visit("/profil", "My Profile");
      await screenshot(tab, "axe", "01-profile");
    });
  });
});
