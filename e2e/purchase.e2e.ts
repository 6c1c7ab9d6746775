import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { accountMenu, dialog, openMenu, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();

/** The text of a summary line (Subtotal, Shipping, Total) inside a container. */
async function summaryValue(page: Page, container: string, label: string): Promise<string> {
  const row = page
    .locator(`${container} .summary-lines > div`)
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return ((await row.locator("dd").textContent()) ?? "").replace(/\s/g, " ").trim();
}

async function fillShipping(page: Page) {
  await page.getByLabel("First name").fill("Siti");
  await page.getByLabel("Last name").fill("Rahma");
  await page.getByLabel("Phone").fill("0812 3456 7890");
  await page.getByLabel("Address").fill("Jl. Ir. H. Juanda No. 45, Dago");
}

describe.each(VIEWPORTS)("a new customer at $width px", (viewport) => {
  it("signs up, chooses size, colour and a customization, changes the cart and checks out", async () => {
    await suite.journey(viewport, "purchase", async (tab) => {
      const { page } = tab;
      const user = uniqueUser("siti");

      await page.goto("/");
      await openMenu(page);
      await page.getByRole("link", { name: "Login", exact: true }).click();
      await waitForPath(page, "/login");
      await page.getByRole("link", { name: "Sign up" }).click();
      await waitForPath(page, "/signup");
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
      await page.getByLabel("Username", { exact: true }).fill(user.username);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("bunga");
      expect(await page.locator(".password-checklist li.met").count()).toBe(0);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      expect(await page.locator(".password-checklist li.met").count()).toBe(3);
      await page.getByLabel("Confirm password").fill("Bunga202");
      await page.getByText("Password tidak cocok").waitFor();
      await screenshot(tab, "purchase", "01-signup");
      await page.getByLabel("Confirm password").fill(user.password);
      await page.getByText("Password tidak cocok").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Sign Up" }).click();
      await waitForPath(page, "/");
      await openMenu(page);
      await page.locator(".profile-button", { hasText: user.username }).waitFor();

      await page.goto("/katalog");
      await page.getByRole("link", { name: "Classic Red Rose Bouquet" }).click();
      await page.getByRole("heading", { level: 1, name: "Classic Red Rose Bouquet" }).waitFor();
      // The first size (Small, Rp 250.000 in the demo seed) is priced once its price has been fetched;
      // Medium has no price of its own and costs the bouquet's Rp 350.000.
      const price = page.locator(".product-price .currency");
      await price.filter({ hasText: "250.000" }).waitFor();
      await page.locator(".option-button", { hasText: "Medium" }).click();
      await price.filter({ hasText: "350.000" }).waitFor();
      await page.locator(".option-button", { hasText: "White" }).click();
      await page.getByText("Color: White").waitFor();
      await page.getByRole("checkbox", { name: "Greeting Card" }).check();
      await page.getByRole("button", { name: "Increase Greeting Card quantity" }).click();
      await page.getByRole("button", { name: "Increase Quantity", exact: true }).click();
      expect(await summaryValue(page, ".product-summary", "Customization")).toBe("Rp 30.000");
      await page.getByLabel("Extra notes").fill("Tulis: Selamat ulang tahun, Ibu!");
      await screenshot(tab, "purchase", "02-product-options");

      await page.getByRole("button", { name: "Add to Cart" }).click();
      const added = await dialog(page, "Product added to cart.");
      await screenshot(tab, "purchase", "03-added-modal");
      await added.getByRole("button", { name: "View Cart" }).click();
      await waitForPath(page, "/keranjang");

      const item = page.locator(".cart-item").first();
      await item.waitFor();
      expect(await page.locator(".cart-item").count()).toBe(1);
      await item.getByText("Medium").waitFor();
      await item.getByText("White").waitFor();
      await item.getByText("Greeting Card").waitFor();
      await item.getByText("Customization Total").waitFor();
      expect(await item.locator(".stepper-value").textContent()).toBe("2");
      await item.getByRole("button", { name: /^Increase Quantity of/ }).click();
      await page.waitForFunction(() =>
        document.querySelector(".cart-item .cart-item-unit")?.textContent?.endsWith("x 3"),
      );
      await item.getByRole("button", { name: /^Decrease Quantity of/ }).click();
      await page.waitForFunction(() =>
        document.querySelector(".cart-item .cart-item-unit")?.textContent?.endsWith("x 2"),
      );
      const cartTotal = await summaryValue(page, ".order-summary", "Total");
      expect(await summaryValue(page, ".order-summary", "Shipping")).toBe("Rp 50.000");
      await screenshot(tab, "purchase", "04-cart");

      await page.getByRole("button", { name: "to Checkout" }).click();
      await waitForPath(page, "/pemesanan");
      await page.getByText("Currently, delivery is available only within Bandung.").waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
      expect(await page.getByLabel("City").inputValue()).toBe("Bandung");
      expect(await page.getByLabel("City").getAttribute("readonly")).not.toBeNull();
      expect(await summaryValue(page, ".checkout-summary", "Total")).toBe(cartTotal);
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await page.getByText("First name is required.").waitFor();
      await screenshot(tab, "purchase", "05-checkout-errors");
      await fillShipping(page);
      expect(await page.getByLabel("Notes").inputValue()).toBe("Tulis: Selamat ulang tahun, Ibu!");
      await page.getByRole("button", { name: "Confirm Order" }).click();
      const confirm = await dialog(page, "Confirm your order");
      await screenshot(tab, "purchase", "06-confirm-modal");
      await confirm.getByRole("button", { name: "Yes, confirm" }).click();
      const result = await dialog(page, "Order created successfully!");
      const orderId = (await result.locator("strong").first().textContent()) ?? "";
      expect(orderId).toMatch(/^MB-\d{3,}$/);
      await screenshot(tab, "purchase", "07-order-created");
      await result.getByRole("button", { name: "View Orders" }).click();
      await waitForPath(page, "/pesanan");

      const row = page.locator(".orders-table tbody tr", { hasText: orderId });
      await row.waitFor();
      await row.locator(".status-badge.order-received", { hasText: "Order Received" }).waitFor();
      expect(((await row.locator(".orders-total").textContent()) ?? "").replace(/\s/g, " ")).toBe(cartTotal);
      await screenshot(tab, "purchase", "08-my-orders");

      // The ordered items left the cart.
      await accountMenu(page, "My Cart");
      await page.getByText("Your cart is empty. Explore our catalog!").waitFor();
    });
  });

  it("buys one product directly with Buy Now", async () => {
    await suite.journey(viewport, "buy-now", async (tab) => {
      const { page } = tab;
      const user = uniqueUser("budi");
      await page.goto("/signup");
      await page.getByLabel("Username", { exact: true }).fill(user.username);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByLabel("Confirm password").fill(user.password);
      await page.getByRole("button", { name: "Sign Up" }).click();
      await waitForPath(page, "/");

      await page.goto("/katalog");
      await page.getByRole("link", { name: "Sunny Sunflower Bouquet" }).click();
      await page.getByRole("heading", { level: 1, name: "Sunny Sunflower Bouquet" }).waitFor();
      await page.getByRole("checkbox", { name: "Chocolate" }).check();
      const productTotal = await summaryValue(page, ".product-summary", "Total");
      await page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(page, "/pemesanan");
      await page.locator(".checkout-item").first().waitFor();
      expect(await page.locator(".checkout-item").count()).toBe(1);
      await page.locator(".checkout-item", { hasText: "Sunny Sunflower Bouquet" }).getByText("Chocolate").waitFor();
      expect(await summaryValue(page, ".checkout-summary", "Subtotal")).toBe(productTotal);
      const total = await summaryValue(page, ".checkout-summary", "Total");
      await fillShipping(page);
      await screenshot(tab, "buy-now", "01-checkout");
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
      const result = await dialog(page, "Order created successfully!");
      // The server prices the order itself and agrees with what the shopper was shown.
      expect(((await result.locator("strong").nth(1).textContent()) ?? "").replace(/\s/g, " ")).toBe(total);
      await result.getByRole("button", { name: "View Orders" }).click();
      await waitForPath(page, "/pesanan");
      await page.locator(".orders-table tbody tr").first().waitFor();
      expect(await page.locator(".orders-table tbody tr").count()).toBe(1);

      // The profile: a new username shows at once in the navigation.
      await accountMenu(page, "My Profile");
      await waitForPath(page, "/profil");
      await page.getByRole("heading", { name: "Update Information" }).waitFor();
      expect(await page.getByLabel("Email").isDisabled()).toBe(true);
      await page.getByLabel("Username").fill(`  ${user.username}x  `);
      await page.getByRole("button", { name: "Update Profile" }).click();
      await page.getByText("Profile updated successfully!").waitFor();
      await screenshot(tab, "buy-now", "02-profile");
      await openMenu(page);
      await page.locator(".profile-button", { hasText: `${user.username}x` }).waitFor();
    });
  });
});
