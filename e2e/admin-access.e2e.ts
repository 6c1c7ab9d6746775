import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginThroughApi, newCustomer } from "./admin-helpers";
import { launchBrowser, openPage, screenshot, VIEWPORTS } from "./support/browser";
import { type RunningShop, startShop } from "./support/shop";
import { assertNoProblems, openMenu, waitForPath } from "./support/ui";

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each(VIEWPORTS)("the admin screens at $width px", (viewport) => {
  it("send a visitor to log in", async () => {
    const tab = await openPage(browser, shop.baseUrl, viewport);
    for (const path of ["/admin", "/admin/products", "/admin/settings"]) {
      await tab.page.goto(path);
      await waitForPath(tab.page, "/login");
    }
    await tab.close();
    assertNoProblems(tab);
  });

  it("tell a customer they have no access, and lead back home", async () => {
    const tab = await openPage(browser, shop.baseUrl, viewport);
    const { page } = tab;
    const journey = "admin-access";
    const customer = await newCustomer(shop.baseUrl, "nosy");
    await loginThroughApi(page, customer.username, customer.password);

    await page.goto("/admin");
    await page.getByText("You do not have access to this page.").waitFor();
    await openMenu(page);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).count()).toBe(
      0,
    );
    await screenshot(tab, journey, "01-dashboard-denied");

    await page.goto("/admin/products");
    await page.getByText("You do not have access to this page.").waitFor();
    expect(await page.getByRole("button", { name: "Add Product" }).count()).toBe(0);
    await screenshot(tab, journey, "02-products-denied");
    await page.getByRole("link", { name: "Back to Homepage" }).click();
    await waitForPath(page, "/");

    await page.goto("/admin/settings");
    await page.getByText("Anda tidak memiliki akses ke halaman pengaturan.").waitFor();
    await screenshot(tab, journey, "03-settings-denied");
    await page.getByRole("link", { name: "Kembali ke Beranda" }).click();
    await waitForPath(page, "/");

    await tab.close();
    assertNoProblems(tab);
  });
});
