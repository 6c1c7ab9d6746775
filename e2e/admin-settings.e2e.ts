import type { Product } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { loginAsAdmin, loginThroughApi, newCustomer, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-settings";

const suite = shopSuite();

const FEES = { 390: 35000, 1280: 42000 } as const;

describe.each(VIEWPORTS)("an admin changing the delivery fee at $width px", (viewport) => {
  it("saves a rounded fee, refuses a negative one, and the next checkout charges the new fee", async () => {
    const fee = FEES[viewport.width];
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;

      await loginAsAdmin(page);
      await clickNav(page, "Settings");
      await waitForPath(page, "/admin/settings");
      await page.getByRole("heading", { name: "Ongkos Kirim" }).waitFor();
      const field = page.getByLabel("Ongkos kirim (IDR)");
      const before = Number(await field.inputValue());
      expect(rupiahValue(await page.getByText("Nilai saat ini:").textContent())).toBe(before);
      await screenshot(tab, JOURNEY, "01-settings");

      await field.fill("-5");
      await page.getByRole("button", { name: "Simpan Perubahan" }).click();
      await page.getByText("Ongkos kirim harus bernilai 0 atau lebih.").waitFor();
      await screenshot(tab, JOURNEY, "02-invalid");
      expect((await (await page.request.get("/api/settings/delivery-fee")).json()).deliveryFee).toBe(before);

      await field.fill(`${fee}.4`);
      await page.getByRole("button", { name: "Simpan Perubahan" }).click();
      await page.getByText("Ongkos kirim berhasil diperbarui.").waitFor();
      expect(await field.inputValue()).toBe(String(fee));
      expect(rupiahValue(await page.getByText("Nilai saat ini:").textContent())).toBe(fee);
      expect((await (await page.request.get("/api/settings/delivery-fee")).json()).deliveryFee).toBe(fee);
      await screenshot(tab, JOURNEY, "03-saved");
    });

    // A customer's new checkout uses the new fee.
    const customer = await newCustomer(suite.baseUrl, "fee");
    await suite.journey(viewport, `${JOURNEY}-checkout`, async (buyer) => {
      await loginThroughApi(buyer.page, customer.email, customer.password);
      const products = (await (await buyer.page.request.get("/api/products")).json()) as Product[];
      const product = products.find((p) => p.availabilityStatus === "in_stock" && p.stockQuantity > 2);
      if (!product) throw new Error("No product in stock to buy.");
      await buyer.page.goto(`/produk/${product.productId}`);
      await buyer.page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(buyer.page, "/pemesanan");
      const shipping = buyer.page
        .locator(".checkout-summary .summary-lines > div", { hasText: "Shipping" })
        .locator("dd");
      await buyer.page.waitForFunction((expected) => {
        const rows = Array.from(document.querySelectorAll(".checkout-summary .summary-lines > div"));
        const text = rows.find((row) => row.textContent?.includes("Shipping"))?.querySelector("dd")?.textContent ?? "";
        return Number(text.replace(/[^\d]/g, "")) === expected;
      }, fee);
      expect(rupiahValue(await shipping.textContent())).toBe(fee);
      await buyer.page.getByLabel("First name").fill("Rina");
      await buyer.page.getByLabel("Last name").fill("Kusuma");
      await buyer.page.getByLabel("Phone").fill("081298765432");
      await buyer.page.getByLabel("Address").fill("Jl. Dago No. 5");
      await buyer.page.getByRole("button", { name: "Confirm Order" }).click();
      const confirm = await dialog(buyer.page, "Confirm your order");
      await confirm.getByRole("button", { name: "Yes, confirm" }).click();
      await dialog(buyer.page, "Order created successfully!");
      const [latest] = await customer.api.ordersOf(customer.userId);
      expect(latest?.shippingCost).toBe(fee);
    });
  });
});
