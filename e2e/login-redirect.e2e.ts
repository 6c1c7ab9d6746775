import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { accountMenu, dialog, fillLogin, openMenu, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();

describe.each(VIEWPORTS)("a visitor at $width px", (viewport) => {
  it("is sent to /login from the cart and comes back after logging in", async () => {
    const user = uniqueUser("rina");
    await new ApiSession(suite.baseUrl).register(user.username, user.email, user.password);
    await suite.journey(viewport, "login-redirect", async (tab) => {
      const { page } = tab;

      await page.goto("/keranjang");
      await waitForPath(page, "/login");
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await screenshot(tab, "login-redirect", "01-login");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.getByText("Username or email is required.").waitFor();
      tab.expectFailure({ status: 401, path: "/api/users/login" });
      await fillLogin(page, user.username, "WrongPass1");
      await page.locator(".alert-error").waitFor();
      await screenshot(tab, "login-redirect", "02-login-failed");
      await fillLogin(page, user.email, user.password);
      await waitForPath(page, "/keranjang");
      await page.getByText("Your cart is empty. Explore our catalog!").waitFor();
      await screenshot(tab, "login-redirect", "03-back-in-cart");

      // Logging out returns to the home page and the guard sends the visitor away again.
      await accountMenu(page, "Logout");
      await waitForPath(page, "/");
      await page.locator(".profile-button").waitFor({ state: "detached" });
      await openMenu(page);
      await page.getByRole("link", { name: "Login", exact: true }).waitFor();
      await page.goto("/pesanan");
      await waitForPath(page, "/login");
    });
  });

  it("is sent to /login by Add to Cart and returns to the product", async () => {
    const user = uniqueUser("dimas");
    await new ApiSession(suite.baseUrl).register(user.username, user.email, user.password);
    await suite.journey(viewport, "login-redirect-product", async (tab) => {
      const { page } = tab;

      await page.goto("/katalog");
      await page.getByRole("link", { name: "Blush Peony Bouquet" }).click();
      await page.getByRole("heading", { level: 1, name: "Blush Peony Bouquet" }).waitFor();
      const productPath = new URL(page.url()).pathname;
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await waitForPath(page, "/login");
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await fillLogin(page, user.username, user.password);
      await waitForPath(page, productPath);
      await page.getByRole("heading", { level: 1, name: "Blush Peony Bouquet" }).waitFor();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const added = await dialog(page, "Product added to cart.");
      expect(await page.locator(".nav-cart-count").textContent()).toBe("1");
      // The modal keeps keyboard focus inside it and closes on Escape, handing focus back.
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press("Tab");
        expect(await added.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await added.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add to Cart");
    });
  });
});
