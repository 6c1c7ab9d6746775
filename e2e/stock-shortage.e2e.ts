import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { ADMIN } from "./support/shop";
import { shopSuite } from "./support/suite";
import { dialog, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();
const admin = () => {
  const session = new ApiSession(suite.baseUrl);
  return session.login(ADMIN.username, ADMIN.password).then(() => session);
};

// One product per viewport, so the two runs do not share stock.
const PRODUCTS = { 390: "Garden Mix Flower Basket", 1280: "White Rose Ceramic Vase" } as const;

describe.each(VIEWPORTS)("a customer at $width px", (viewport) => {
  it("is stopped at checkout with 'Stok tidak mencukupi' when the stock ran short", async () => {
    const productName = PRODUCTS[viewport.width];
    const user = uniqueUser("ani");
    const customer = new ApiSession(suite.baseUrl);
    await customer.register(user.username, user.email, user.password);
    await suite.journey(viewport, "stock-shortage", async (tab) => {
      const { page } = tab;

      await page.goto("/login");
      await page.getByLabel("Username or email").fill(user.username);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await waitForPath(page, "/");

      await page.goto("/katalog");
      await page.getByRole("link", { name: productName }).click();
      await page.getByRole("heading", { level: 1, name: productName }).waitFor();
      const productId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("button", { name: "Increase Quantity", exact: true }).click();
      await page.getByRole("button", { name: "Increase Quantity", exact: true }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await (await dialog(page, "Product added to cart.")).getByRole("button", { name: "View Cart" }).click();
      await waitForPath(page, "/keranjang");
      await page.locator(".cart-item").first().waitFor();

      // Meanwhile the florist sells most of it in the shop.
      const florist = await admin();
      await florist.setStock(await florist.product(productId), 1);

      await page.getByRole("button", { name: "to Checkout" }).click();
      const shortage = await dialog(page, "Stok tidak mencukupi");
      expect(await shortage.locator("li").allTextContents()).toEqual([`- ${productName}: 1 tersedia, 3 diminta`]);
      await screenshot(tab, "stock-shortage", "01-modal");
      await shortage.getByRole("button", { name: "Close", exact: true }).click();
      expect(new URL(page.url()).pathname).toBe("/keranjang");

      // Removing the line asks first, then empties the cart.
      await page.getByRole("button", { name: "Remove", exact: true }).click();
      const confirm = await dialog(page, "Hapus produk ini dari keranjang?");
      await screenshot(tab, "stock-shortage", "02-remove");
      await confirm.getByRole("button", { name: "Remove", exact: true }).click();
      await page.getByText("Your cart is empty. Explore our catalog!").waitFor();
    });
  });
});
