import type { Product, User } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminApi, loginAsAdmin, newCustomer, placeOrder, stockedProduct } from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { seriousViolations } from "./support/axe";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog, openMenu, waitForPath } from "./support/ui";

const JOURNEY = "admin-languages";

const suite = shopSuite();
let admin: ApiSession;
let product: Product;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  product = await stockedProduct(admin, (p) => p.name === "Sunny Sunflower Bouquet");
});

// The account remembers the language it was switched to: each width starts from the default, English,
// whatever an earlier run left.
beforeEach(async () => {
  const { user } = await admin.request<{ user: User }>("GET", "/users/session");
  await admin.request("PATCH", `/users/${user.user_id}/language`, { language: "en" });
});

async function expectAccessible(page: Page, where: string) {
  await page.waitForLoadState("load");
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

/** The header's language switch, behind the menu on a phone. */
async function chooseLanguage(page: Page, name: "English" | "Bahasa Indonesia") {
  await openMenu(page);
  await page.getByRole("button", { name, exact: true }).click();
}

describe.each(VIEWPORTS)("an admin reading the admin area in Indonesian at $width px", (viewport) => {
  it("switches to Indonesian in the header; the dashboard, an order, the products and the settings follow", async () => {
    const customer = await newCustomer(suite.baseUrl, `lang${viewport.width}`);
    const order = await placeOrder(customer, product);
    const orderId = orderDisplayId(order.orderId);

    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);

      await chooseLanguage(page, "Bahasa Indonesia");
      await page.getByRole("heading", { level: 1, name: "Dasbor Admin" }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("id");
      await page.getByRole("heading", { name: "Pendapatan Bulanan" }).waitFor();
      await page.getByRole("button", { name: "Ekspor ke Excel" }).waitFor();
      // The spec's own Indonesian texts read the same in both languages.
      await page.getByRole("heading", { name: "Ulasan Terbaru" }).waitFor();
      const row = page.locator(`tr[data-order-id="${order.orderId}"]`);
      await row.getByRole("button", { name: "Mulai Pengiriman" }).waitFor();
      await row.getByText("Menunggu", { exact: true }).waitFor();
      await expectAccessible(page, "the dashboard in Indonesian");
      await screenshot(tab, JOURNEY, "01-dashboard");

      await row.getByRole("button", { name: "Lihat Detail" }).click();
      const details = await dialog(page, `Pesanan ${orderId}`);
      await details.getByRole("heading", { name: "Alamat Pengiriman" }).waitFor();
      await details.getByText("Status pembayaran").waitFor();
      await details.getByText("Belum ada bukti yang diunggah untuk pesanan ini.").waitFor();
      await expectAccessible(page, "an order's details in Indonesian");
      await screenshot(tab, JOURNEY, "02-order");
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "detached" });

      // The choice is remembered: a new page load opens in Indonesian.
      await page.goto("/admin/products");
      await page.getByRole("heading", { level: 1, name: "Kelola Produk" }).waitFor();
      await page.getByRole("button", { name: "Tambah Produk" }).waitFor();
      await page.getByRole("columnheader", { name: "Harga" }).waitFor();
      await page.getByRole("button", { name: "Tandai Stok Habis" }).first().waitFor();
      await expectAccessible(page, "Manage Products in Indonesian");
      await screenshot(tab, JOURNEY, "03-products");

      await page.getByRole("button", { name: "Tambah Produk" }).click();
      const form = await dialog(page, "Tambah Produk Baru");
      await form.getByRole("button", { name: "Simpan Produk" }).click();
      await form.getByText("Kategori wajib diisi.").waitFor();
      await expectAccessible(page, "the product form in Indonesian");
      await screenshot(tab, JOURNEY, "04-product-form");
      await page.keyboard.press("Escape");
      await form.waitFor({ state: "detached" });

      await page.goto("/admin/settings");
      await waitForPath(page, "/admin/settings");
      await page.getByRole("heading", { level: 1, name: "Pengaturan" }).waitFor();
      await page.getByRole("heading", { name: "Ongkos Kirim" }).waitFor();
      await page.getByRole("button", { name: "Simpan Pembayaran" }).waitFor();
      await expectAccessible(page, "Settings in Indonesian");
      await screenshot(tab, JOURNEY, "05-settings");

      // And back: the same screen in English, the spec's Indonesian texts unchanged.
      await chooseLanguage(page, "English");
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      await page.getByRole("heading", { name: "Ongkos Kirim" }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
    });
  });
});
