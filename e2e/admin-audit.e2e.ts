import type { OrderDetail, Product } from "@florist/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, loginAsAdmin, newCustomer, placeOrder, rupiahValue, stockedProduct } from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { accountMenu, clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-audit";

const suite = shopSuite();
let admin: ApiSession;
let bouquet: Product;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  bouquet = await stockedProduct(admin, (p) => p.name === "Sunny Sunflower Bouquet");
});

/** A product of the journey's own, so its row and its audit entries are easy to find. */
async function ownProduct(name: string, price: number): Promise<Product> {
  const category = (await admin.request<{ category_id: number }[]>("GET", "/category"))[0];
  return admin.request<Product>("POST", "/products", {
    category_id: category?.category_id,
    name,
    description: "Peonies for the audit journey.",
    price,
    stock_quantity: 5,
    size_available: "Standard",
    color_available: "Blush::#f4c2c2",
    availability_status: "in_stock",
    product_type: "real",
    // A picture the shop already serves, so the page loads without reaching out.
    image_url: bouquet.imageUrl,
  });
}

describe.each(VIEWPORTS)("an admin checking who changed what at $width px", (viewport) => {
  it("changes a price and finds it in the audit log before → after, then sorts the orders by total across pages", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const name = `Audit Peonies ${viewport.width}`;
      const product = await ownProduct(name, 180000);

      await loginAsAdmin(page);
      await page.goto("/admin/products");
      const row = page.locator(".products-table tbody tr", { hasText: name });
      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = await dialog(page, "Edit Product");
      await edit.getByLabel("Price", { exact: true }).fill("215000");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Product updated successfully.").waitFor();

      // The audit screen: the newest change first, by this admin, the price before → after.
      await accountMenu(page, "Audit Log");
      await waitForPath(page, "/admin/audit");
      await page.getByLabel("Kind").selectOption("product");
      const entry = page
        .locator(".audit-table tbody tr")
        .filter({ has: page.locator(".audit-target", { hasText: new RegExp(`^#${product.productId}$`) }) })
        .first();
      await entry.getByText("Product edited", { exact: true }).waitFor();
      await entry.getByText("admin", { exact: true }).waitFor();
      await expect
        .poll(async () => (await entry.locator("li", { hasText: "Price:" }).textContent())?.replace(/\s+/g, " "))
        .toBe("Price: 180.000 → to 215.000");
      expect(await entry.locator("td[data-label='Time (WIB)']").textContent()).toMatch(/\d{2}\.\d{2}$/);
      await screenshot(tab, JOURNEY, "01-audit-log");

      // Eleven orders of different totals: the dashboard sorts them by total on the server, across both pages.
      const customer = await newCustomer(suite.baseUrl, "sorter");
      const orders: OrderDetail[] = [];
      for (const quantity of [3, 7, 1, 10, 5, 2, 11, 4, 9, 6, 8])
        orders.push(await placeOrder(customer, bouquet, quantity));
      const byTotal = [...orders].sort((a, b) => b.totalPrice - a.totalPrice).map((o) => o.orderId);

      await clickNav(page, "Dashboard");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      await page.getByLabel("Search transactions").fill(customer.username);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("Showing 1-10 of 11", { exact: true }).waitFor();
      const table = page.locator(".transactions-table");
      const rowIds = () =>
        table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-order-id"))));

      await table.getByRole("button", { name: "Total", exact: true }).click();
      await table.locator("th[aria-sort='descending']", { hasText: "Total" }).waitFor();
      await expect.poll(rowIds).toEqual(byTotal.slice(0, 10));
      const totals = await table.locator("tbody td[data-label='Total']").allTextContents();
      expect(totals.map(rupiahValue)).toEqual([...totals.map(rupiahValue)].sort((a, b) => b - a));
      await screenshot(tab, JOURNEY, "02-sorted-by-total");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Showing 11-11 of 11", { exact: true }).waitFor();
      await expect.poll(rowIds).toEqual(byTotal.slice(10));

      // A second click turns the order around and starts again from page 1: the smallest total first.
      await table.getByRole("button", { name: "Total", exact: true }).click();
      await page.getByText("Showing 1-10 of 11", { exact: true }).waitFor();
      await table.locator("th[aria-sort='ascending']", { hasText: "Total" }).waitFor();
      await expect.poll(rowIds).toEqual([...byTotal].reverse().slice(0, 10));
    });
  });
});
