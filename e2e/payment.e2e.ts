import type { PaymentSettings, Product } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, fileInput, loginThroughApi, newCustomer, placeOrder, pngImage, rupiahValue } from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog, waitForPath } from "./support/ui";

const JOURNEY = "payment";

const suite = shopSuite();

const BANKS: PaymentSettings = {
  bankAccounts: [
    { bank: "BCA", accountNumber: "123 456 7890", accountName: "Bandung Florist" },
    { bank: "Mandiri", accountNumber: "1300012345678", accountName: "Rina Wulandari" },
  ],
  paymentWindowMinutes: 1440,
};

let admin: ApiSession;
let product: Product;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  await admin.request("PUT", "/settings/payment", BANKS);
  const products = await admin.request<Product[]>("GET", "/products");
  const found = products.find((p) => p.availabilityStatus === "in_stock" && p.stockQuantity > 10);
  if (!found) throw new Error("No product in stock to buy.");
  product = found;
});

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();

/** The payment words in an order's row of My Orders. */
async function paymentOf(page: Page, displayId: string): Promise<string> {
  const row = page.locator(".orders-table tbody tr", { hasText: displayId });
  const state = row.locator(".order-payment-state");
  await state.waitFor();
  return ((await state.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

async function sendReceipt(page: Page, color: string): Promise<void> {
  await page
    .getByLabel("Transfer receipt", { exact: true })
    .setInputFiles(fileInput("transfer.png", await pngImage(color, 480)));
  await page.getByRole("img", { name: "Preview of the transfer receipt" }).waitFor();
}

describe.each(VIEWPORTS)("paying by bank transfer at $width px", (viewport) => {
  it("orders, sees how to pay, sends the transfer receipt, and sees Paid once the admin approves it", async () => {
    const customer = await newCustomer(suite.baseUrl, "pay");
    await suite.journey(
      viewport,
      JOURNEY,
      async (tab) => {
        const { page } = tab;
        await loginThroughApi(page, customer.email, customer.password);
        await page.goto(`/produk/${product.productId}`);
        await page.getByRole("button", { name: "Buy Now" }).click();
        await waitForPath(page, "/pemesanan");
        await page.getByLabel("Address").fill("Jl. Ir. H. Juanda No. 45, Dago");
        await page.getByLabel("Recipient's first name").fill("Sari");
        await page.getByLabel("Recipient's last name").fill("Wulandari");
        await page.getByLabel("Recipient's phone").fill("0812 3456 7890");
        await page.getByRole("checkbox", { name: /Remind me next year/ }).check();
        await page.getByRole("button", { name: "Confirm Order" }).click();
        await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
        const result = await dialog(page, "Order created successfully!");
        const displayId = (await result.locator("strong").first().textContent()) ?? "";
        const total = rupiahValue(await result.locator("strong").nth(1).textContent());
        await screenshot(tab, JOURNEY, "00-order-created");
        await result.getByRole("button", { name: "How to pay" }).click();
        await waitForPath(page, /^\/pesanan\/\d+\/bayar$/);

        await page.getByRole("heading", { name: "How to pay" }).waitFor();
        await page.locator(".bank-account").first().waitFor();
        expect(rupiahValue(await text(page, ".payment-amount"))).toBe(total);
        expect(await text(page, ".payment-note-value")).toBe(displayId);
        expect(await page.locator(".bank-account").allTextContents()).toHaveLength(2);
        expect(await text(page, ".bank-account")).toContain("BCA");
        // The deadline is a day after the order, in Bandung's time though the phone is in Honolulu.
        expect(await text(page, ".payment-deadline")).toMatch(/Pay before \w{3} \d{1,2} \w{3}, \d{2}:\d{2} WIB/);
        expect(await text(page, ".payment-countdown")).toMatch(/^23:5\d:\d{2} left$/);
        const whatsapp = new URL(
          (await page.getByRole("link", { name: "Confirm via WhatsApp" }).getAttribute("href")) ?? "",
        );
        expect(whatsapp.searchParams.get("text")).toContain(displayId);
        await page.getByRole("button", { name: "Copy transfer note" }).click();
        await page.getByRole("button", { name: "Copy transfer note" }).getByText("Copied").waitFor();
        await screenshot(tab, JOURNEY, "01-how-to-pay");

        await sendReceipt(page, "#dfe8f0");
        await screenshot(tab, JOURNEY, "02-receipt-preview");
        await page.getByRole("button", { name: "Send transfer receipt" }).click();
        await page.getByText(/^Being checked\./).waitFor();
        expect(await text(page, ".payment-state")).toBe("Being checked");
        await screenshot(tab, JOURNEY, "03-being-checked");

        const [order] = await customer.api.ordersOf(customer.userId);
        if (!order) throw new Error("The order was not placed.");
        expect(order.paymentStatus).toBe("Awaiting Verification");
        await page.goto("/pesanan");
        expect(await paymentOf(page, displayId)).toBe("Being checked");

        await admin.request("PATCH", `/order/${order.orderId}/payment`, { decision: "approve" });
        await page.reload();
        expect(await paymentOf(page, displayId)).toBe("Paid");
        const row = page.locator(".orders-table tbody tr", { hasText: displayId });
        expect(await row.getByRole("link", { name: "How to pay" }).count()).toBe(0);
        expect(await row.getByRole("button", { name: "Cancel Order" }).count()).toBe(0);
        await screenshot(tab, JOURNEY, "04-paid");

        const download = page.waitForEvent("download");
        await row.getByRole("link", { name: "Invoice" }).click();
        expect((await download).suggestedFilename()).toBe(`invoice-${displayId}.pdf`);
      },
      { timezoneId: "Pacific/Honolulu" },
    );
  });

  it("sends the receipt again after the admin rejects it", async () => {
    const customer = await newCustomer(suite.baseUrl, "resend");
    const order = await placeOrder(customer, product);
    const displayId = orderDisplayId(order.orderId);
    await suite.journey(viewport, `${JOURNEY}-resend`, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      await page.goto("/pesanan");
      expect(await paymentOf(page, displayId)).toBe("Waiting for payment");
      await page
        .locator(".orders-table tbody tr", { hasText: displayId })
        .getByRole("link", { name: "How to pay" })
        .click();
      await waitForPath(page, `/pesanan/${order.orderId}/bayar`);
      await sendReceipt(page, "#f0e0d0");
      await page.getByRole("button", { name: "Send transfer receipt" }).click();
      await page.getByText(/^Being checked\./).waitFor();

      await admin.request("PATCH", `/order/${order.orderId}/payment`, {
        decision: "reject",
        note: "The amount on the receipt is not readable",
      });
      await page.goto("/pesanan");
      expect(await paymentOf(page, displayId)).toBe("Rejected: The amount on the receipt is not readable");
      await screenshot(tab, JOURNEY, "05-rejected");

      await page
        .locator(".orders-table tbody tr", { hasText: displayId })
        .getByRole("link", { name: "Upload receipt again" })
        .click();
      await waitForPath(page, `/pesanan/${order.orderId}/bayar`);
      await page.getByText(/Please send the transfer receipt again/).waitFor();
      await sendReceipt(page, "#e0f0d8");
      await screenshot(tab, JOURNEY, "06-send-again");
      await page.getByRole("button", { name: "Send transfer receipt" }).click();
      await page.getByText(/^Being checked\./).waitFor();
      const [after] = await customer.api.ordersOf(customer.userId);
      expect(after?.paymentStatus).toBe("Awaiting Verification");
    });
  });

  it("cancels an unpaid order after confirming, and its stock goes back", async () => {
    const customer = await newCustomer(suite.baseUrl, "cancel");
    const stockBefore = (await admin.product(product.productId)).stockQuantity;
    const order = await placeOrder(customer, product, 2);
    expect((await admin.product(product.productId)).stockQuantity).toBe(stockBefore - 2);
    const displayId = orderDisplayId(order.orderId);
    await suite.journey(viewport, `${JOURNEY}-cancel`, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      await page.goto("/pesanan");
      const row = page.locator(".orders-table tbody tr", { hasText: displayId });
      await row.getByRole("button", { name: "Cancel Order" }).click();
      const confirm = await dialog(page, "Cancel this order?");
      expect(await confirm.textContent()).toContain(`Order ${displayId} will be cancelled`);
      await screenshot(tab, JOURNEY, "07-cancel-confirm");
      await confirm.getByRole("button", { name: "Yes, cancel the order" }).click();
      const done = await dialog(page, `Order ${displayId} has been cancelled.`);
      // The dialog has its corner cross and its Close button; both close it.
      await done.getByRole("button", { name: "Close" }).last().click();
      await row.getByText("Cancelled").waitFor();
      expect(await paymentOf(page, displayId)).toBe("No payment needed");
      expect(await row.getByRole("button", { name: "Cancel Order" }).count()).toBe(0);
      await screenshot(tab, JOURNEY, "08-cancelled");
      expect((await admin.product(product.productId)).stockQuantity).toBe(stockBefore);
    });
  });
});
