import { describe, expect, it } from "vitest";
import { loginAsAdmin, loginThroughApi, newCustomer } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { openMenu, waitForPath } from "./support/ui";

const JOURNEY = "admin-access";

const suite = shopSuite();

describe.each(VIEWPORTS)("the admin screens at $width px", (viewport) => {
  it("send a visitor to log in", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      for (const path of ["/admin", "/admin/products", "/admin/settings"]) {
        await tab.page.goto(path);
        await waitForPath(tab.page, "/login");
      }
    });
  });

  it("tell a customer they have no access, and lead back home", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const customer = await newCustomer(suite.baseUrl, "nosy");
      await loginThroughApi(page, customer.username, customer.password);

      await page.goto("/admin");
      await page.getByText("You do not have access to this page.").waitFor();
      await openMenu(page);
      expect(
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).count(),
      ).toBe(0);
      await screenshot(tab, JOURNEY, "01-dashboard-denied");

      await page.goto("/admin/products");
      await page.getByText("You do not have access to this page.").waitFor();
      expect(await page.getByRole("button", { name: "Add Product" }).count()).toBe(0);
      await screenshot(tab, JOURNEY, "02-products-denied");
      await page.getByRole("link", { name: "Back to Homepage" }).click();
      await waitForPath(page, "/");

      await page.goto("/admin/settings");
      await page.getByText("Anda tidak memiliki akses ke halaman pengaturan.").waitFor();
      await screenshot(tab, JOURNEY, "03-settings-denied");
      await page.getByRole("link", { name: "Kembali ke Beranda" }).click();
      await waitForPath(page, "/");
    });
  });
});

describe("the admin screens when the server fails", () => {
  it("show their own fallback texts, or the server's own message", async () => {
    await suite.journey(VIEWPORTS[1], JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      const fail = (body: unknown) => ({ status: 500, contentType: "application/json", body: JSON.stringify(body) });

      await page.route("**/api/order/admin/overview?**", (route) => route.fulfill(fail({})));
      tab.expectFailure({ status: 500, path: "/api/order/admin/overview" });
      await page.reload();
      await page.getByText("Gagal memuat data admin.").waitFor();
      await page.unroute("**/api/order/admin/overview?**");
      await page.route("**/api/order/admin/overview?**", (route) =>
        route.fulfill(fail({ message: "The database is resting." })),
      );
      await page.reload();
      await page.getByText("The database is resting.").waitFor();

      // The list asks for one page at a time (?page=…), so the pattern takes any query.
      await page.route("**/api/products?**", (route) => route.fulfill(fail({})));
      tab.expectFailure({ status: 500, path: "/api/products" });
      await page.goto("/admin/products");
      await page.getByText("Failed to load product data.").waitFor();

      await page.route("**/api/settings/delivery-fee", (route) => route.fulfill(fail({})));
      tab.expectFailure({ status: 500, path: "/api/settings/delivery-fee" });
      await page.goto("/admin/settings");
      await page.getByText("Gagal memuat ongkos kirim.").waitFor();
      // The default fee is offered instead.
      expect(await page.getByLabel("Ongkos kirim (IDR)").inputValue()).toBe("50000");
    });
  });
});
