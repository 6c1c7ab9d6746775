import type { Product } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, loginThroughApi, newCustomer, rupiahValue } from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog, waitForPath } from "./support/ui";

const JOURNEY = "price-change";
const CART_JOURNEY = "cart-change";

const suite = shopSuite();

/** A product of the demo catalogue by its name. */
async function demoProduct(api: ApiSession, name: string): Promise<Product> {
  const product = (await api.request<Product[]>("GET", "/products")).find((p) => p.name === name);
  if (!product) throw new Error(`The demo catalogue has no ${name}.`);
  return product;
}

/** The checkout's total in its order summary. */
const summaryTotal = (page: Page) =>
  page
    .locator(".checkout-summary .summary-lines > div")
    .filter({ hasText: /^Total/ })
    .locator("dd");

/** The address and the recipient, all the checkout needs besides what the shop preselects. */
async function fillDelivery(page: Page) {
  await page.getByLabel("Address").fill("Jl. Riau No. 12");
  await page.getByLabel("Recipient's first name").fill("Dewi");
  await page.getByLabel("Recipient's last name").fill("Lestari");
  await page.getByLabel("Recipient's phone").fill("0812 3456 7890");
}

/** Confirm Order, then Yes, confirm. */
async function confirmOrder(page: Page) {
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
}

// One product per viewport, each with one size that follows the base price.
const PRODUCTS = { 390: "White Rose Ceramic Vase", 1280: "Pink Macaron Flower Box" } as const;

describe.each(VIEWPORTS)("a shopper whose price changes during checkout at $width px", (viewport) => {
  it("is told the new total before anything is ordered, and orders at it once confirmed again", async () => {
    const customer = await newCustomer(suite.baseUrl, "price");
    const florist = await adminApi(suite.baseUrl);
    const product = await demoProduct(florist, PRODUCTS[viewport.width]);
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      await page.goto(`/produk/${product.productId}`);
      await page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(page, "/pemesanan");
      const total = summaryTotal(page);
      const shownBefore = rupiahValue(await total.textContent());

      await fillDelivery(page);

      // Meanwhile the florist raises the price by Rp 50.000.
      await florist.setPrice(product, product.price + 50_000);

      await confirmOrder(page);
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

  it("is told its cart changed when another window changed a quantity, and orders the new quantity once confirmed again", async () => {
    const customer = await newCustomer(suite.baseUrl, "cart");
    const product = await demoProduct(customer.api, PRODUCTS[viewport.width]);
    await suite.journey(viewport, CART_JOURNEY, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      await page.goto(`/produk/${product.productId}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await (await dialog(page, "Product added to cart.")).getByRole("button", { name: "View Cart" }).click();
      await waitForPath(page, "/keranjang");
      await page.getByRole("button", { name: "to Checkout" }).click();
      await waitForPath(page, "/pemesanan");
      const total = summaryTotal(page);
      const shownBefore = rupiahValue(await total.textContent());
      await fillDelivery(page);

      // Meanwhile, in another window, the shopper adds one more of the same line.
      const [line] = (await customer.api.cartOf(customer.userId)).items;
      if (!line) throw new Error("The cart has no line.");
      await customer.api.request("PUT", `/cartitem/${line.cartItemId}`, { quantity: line.quantity + 1 });

      await confirmOrder(page);
      const changed = await dialog(page, "Your cart has changed");
      const message = ((await changed.textContent()) ?? "").replace(/\s+/g, " ");
      expect(message).toContain("Your cart was changed in another window while you were checking out.");
      expect(rupiahValue(/The total is now (Rp[\s\d.]+)\./.exec(message)?.[1] ?? "")).toBe(
        shownBefore + line.unitPrice,
      );
      await screenshot(tab, CART_JOURNEY, "01-cart-changed");
      expect(await customer.api.ordersOf(customer.userId)).toHaveLength(0);
      await changed.getByRole("button", { name: "Close", exact: true }).click();
      expect(rupiahValue(await total.textContent())).toBe(shownBefore + line.unitPrice);

      await confirmOrder(page);
      await dialog(page, "Order created successfully!");
      const [order] = await customer.api.ordersOf(customer.userId);
      expect(order?.totalPrice).toBe(shownBefore + line.unitPrice);
    });
  });
});
