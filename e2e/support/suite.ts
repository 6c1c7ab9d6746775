import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { journey, launchBrowser, openPage, type PageOptions, type ShopPage, type Viewport } from "./browser";
import { type RunningShop, startShop } from "./shop";

export interface Suite {
  /** The shop started for this test file (available from the first test on). */
  readonly shop: RunningShop;
  readonly baseUrl: string;
  /** `journey` on this file's browser and shop. */
  journey(
    viewport: Viewport,
    name: string,
    steps: (tab: ShopPage) => Promise<void>,
    options?: PageOptions,
  ): Promise<void>;
  /** `openPage` on this file's browser and shop. */
  openPage(viewport: Viewport): Promise<ShopPage>;
}

/**
 * Starts a fresh shop and Chromium before the test file's tests and closes both after them.
 * Call it at the top of the file, before any beforeAll that needs the shop: hooks run in the
 * order they are declared.
 */
export function shopSuite(): Suite {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });

  const started = () => {
    if (!shop || !browser) throw new Error("The shop and the browser start in beforeAll.");
    return { shop, browser };
  };

  return {
    get shop() {
      return started().shop;
    },
    get baseUrl() {
      return started().shop.baseUrl;
    },
    journey(viewport, name, steps, options) {
      const { shop, browser } = started();
      return journey(browser, shop.baseUrl, viewport, name, steps, options);
    },
    openPage(viewport) {
      const { shop, browser } = started();
      return openPage(browser, shop.baseUrl, viewport);
    },
  };
}
