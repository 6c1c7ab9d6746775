import type { Product } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { adminApi, loginAsAdmin, loginThroughApi, newCustomer, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { assertNoProblems, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-size-prices";

const suite = shopSuite();

/** A bouquet in three sizes that all follow its base price, with a demo picture as its cover. */
async function peonyBouquet(name: string): Promise<Product> {
  const admin = await adminApi(suite.baseUrl);
  const [demo] = await admin.request<Product[]>("GET", "/products?limit=1");
  return admin.request<Product>("POST", "/products", {
    category_id: demo?.categoryId,
    name,
    description: "Soft pink peonies with eucalyptus.",
    price: 300000,
    stock_quantity: 50,
    size_available: "Small, Medium, Large",
    color_available: "Pink::#f7c6d7",
    image_url: demo?.imageUrl,
  });
}

describe.each(VIEWPORTS)("prices per size at $width px", (viewport) => {
  it("an admin gives two sizes their own price; the card starts from the cheapest and the cart charges the size's", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Peony Cloud ${viewport.width}`;
      const product = await peonyBouquet(name);

      await loginAsAdmin(page);
      await page.goto("/admin/products");
      await page.getByRole("searchbox", { name: "Search products" }).fill(name);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const row = page.locator(".products-table tbody tr", { hasText: name });
      await row.waitFor();
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = await dialog(page, "Edit Product");
      const size = (label: string) => edit.locator(`.size-row[data-size="${label}"]`);

      // Every size follows the base price until it is given its own.
      expect(await edit.locator(".size-follows").allTextContents()).toEqual(
        Array(3).fill("follows the base price (Rp\u00a0300.000)"),
      );
      await size("Small")
        .getByRole("checkbox", { name: /own price/ })
        .check();
      await size("Small").getByRole("spinbutton").fill("220000");
      await size("Large")
        .getByRole("checkbox", { name: /own price/ })
        .check();
      await size("Large").getByRole("spinbutton").fill("420000");

      // Removing Large and adding it back shows its own price again rather than dropping it.
      await size("Large").getByRole("button", { name: "Remove" }).click();
      await edit.getByRole("button", { name: "Add Size" }).click();
      await edit.getByLabel("Size 3", { exact: true }).fill("Large");
      expect(
        await size("Large")
          .getByRole("checkbox", { name: /own price/ })
          .isChecked(),
      ).toBe(true);
      expect(await size("Large").getByRole("spinbutton").inputValue()).toBe("420000");
      await size("Medium").getByText("follows the base price (Rp\u00a0300.000)").waitFor();
      await screenshot(tab, JOURNEY, "01-size-prices");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Product updated successfully.").waitFor();

      const saved = await (await page.request.get(`/api/products/${product.productId}`)).json();
      expect(saved.sizePrices).toEqual({ Small: 220000, Medium: 300000, Large: 420000 });

      // The shopper: the card starts from the cheapest size, the page and the cart price Large at its own.
      const customer = await newCustomer(suite.baseUrl, "peony");
      const shopper = await suite.openPage(viewport);
      await loginThroughApi(shopper.page, customer.email, customer.password);
      await shopper.page.goto("/katalog");
      const card = shopper.page.locator(".product-card", { hasText: name });
      await card.waitFor();
      await card.getByText("Starting from").waitFor();
      expect(rupiahValue(await card.locator(".product-card-price .currency").textContent())).toBe(220000);
      await card.getByRole("link").first().click();
      await waitForPath(shopper.page, `/produk/${product.productId}`);
      const price = shopper.page.locator(".product-price .currency");
      await price.filter({ hasText: "220.000" }).waitFor();
      await shopper.page.locator(".option-button", { hasText: "Large" }).click();
      await price.filter({ hasText: "420.000" }).waitFor();
      await shopper.page.locator(".option-button", { hasText: "Medium" }).click();
      await price.filter({ hasText: "300.000" }).waitFor();
      await shopper.page.locator(".option-button", { hasText: "Large" }).click();
      await price.filter({ hasText: "420.000" }).waitFor();
      await screenshot(shopper, JOURNEY, "02-product-large");
      await shopper.page.getByRole("button", { name: "Add to Cart" }).click();
      const added = await dialog(shopper.page, "Product added to cart.");
      await added.getByRole("button", { name: "View Cart" }).click();
      await waitForPath(shopper.page, "/keranjang");
      const line = shopper.page.locator(".cart-item", { hasText: name });
      await line.getByText("Large").waitFor();
      expect(rupiahValue(await line.locator(".cart-item-unit .currency").textContent())).toBe(420000);
      await screenshot(shopper, JOURNEY, "03-cart");
      await shopper.close();
      assertNoProblems(shopper);
    });
  });
});
