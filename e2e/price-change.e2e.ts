import type { Product } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { adminApi, loginThroughApi, newCustomer, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog, waitForPath } from "./support/ui";

const JOURNEY = "price-change";

const suite = shopSuite();

// One product per viewport, each with one size that follows the base price.
const PRODUCTS = { 390: "White Rose Ceramic Vase", 1280: "Pink Macaron Flower Box" } as const;

describe.each(VIEWPORTS)("a shopper whose price changes during checkout at $width px", (viewport) => {
  it("is told the new total before anything is ordered, and orders at it once confirmed again", async () => {
    const customer = await newCustomer(suite.baseUrl, "price");
    const florist = await adminApi(suite.baseUrl);
    const products = await florist.request<Product[]>("GET", "/products");
    const product = products.find((p) => p.name === PRODUCTS[viewport.width]);
    if (!product) throw new Error(`The demo catalogue has no ${PRODUCTS[viewport.width]}.`);
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      await page.goto(`/produk/${product.productId}`);
      await page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(page, "/pemesanan");
      const total = page
        .locator(".checkout-summary .summary-lines > div")
        .filter({ hasText: /^Total/ })
        .locator("dd");
      const shownBefore = rupiahValue(await total.textContent());

      await page.getByLabel("Address").fill("Jl. Riau No. 12");
      await page.getByLabel("Recipient's first name").fill("Dewi");
      await page.getByLabel("Recipient's last name").fill("Lestari");
      await page.getByLabel("Recipient's phone").fill("0812 3456 7890");

      // Meanwhile the florist raises the price by Rp 50.000.
      await florist.setPrice(product, product.price + 50_000);

      await page.getByRole("button", { name: "Confirm Order" }).click();
      await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
      const changed = await dialog(page, "Prices have changed");
      const message = ((await changed.textContent()) ?? "").replace(/\s+/g, " ");
      expect(rupiahValue(/The total is now (Rp[\s\d.]+)\./.exec(message)?.[1] ?? "")).toBe(shownBefore + 50_000);
      await screenshot(tab, JOURNEY, "01-prices-changed");
      expect(await customer.api.ordersOf(customer.userId)).toHaveLength(0);
      await changed.getByRole("button", { name: "Close", exact: true }).click();
      expect(rupiahValue(await total.textContent())).toBe(shownBefore + 50_000);

      await page.getByRole("button", { name: "Confirm Order" }).click();
      const confirm = await dialog(page, "Confirm your order");
      expect(rupiahValue(await confirm.locator("strong").first().textContent())).toBe(shownBefore + 50_000);
      await confirm.getByRole("button", { name: "Yes, confirm" }).click();
      const created = await dialog(page, "Order created successfully!");
      await screenshot(tab, JOURNEY, "02-order-created");
      // The order charges what the shopper confirmed the second time.
      expect(rupiahValue(await created.locator("strong").nth(1).textContent())).toBe(shownBefore + 50_000);
      const [order] = await customer.api.ordersOf(customer.userId);
      expect(order?.totalPrice).toBe(shownBefore + 50_000);
    });
  });
});
