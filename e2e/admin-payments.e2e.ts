import type { OrderDetail, OrderSummary, PaymentSettings, Product } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminApi,
  type Customer,
  firstChoiceLine,
  loginAsAdmin,
  newCustomer,
  placeOrder,
  stockedProduct,
} from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, openMenu, waitForPath } from "./support/ui";

const JOURNEY = "admin-payments";

const suite = shopSuite();
let admin: ApiSession;
let product: Product;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  product = await stockedProduct(admin, (p) => p.availabilityStatus === "in_stock");
});

/** A phone's photo of a transfer receipt: the bank, the amount and the note the admin must read. */
function receiptImage(order: OrderDetail): Promise<Buffer> {
  const amount = new Intl.NumberFormat("id-ID").format(order.totalPrice);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="820">
    <rect width="600" height="820" fill="#f4f7fb"/>
    <rect x="0" y="0" width="600" height="120" fill="#0b4a9c"/>
    <text x="40" y="78" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">m-BCA Transfer</text>
    <text x="40" y="220" font-family="sans-serif" font-size="28" fill="#555">Transfer berhasil</text>
    <text x="40" y="300" font-family="sans-serif" font-size="56" font-weight="700" fill="#111">Rp ${amount}</text>
    <text x="40" y="400" font-family="sans-serif" font-size="26" fill="#333">Ke: 1234567890 Bandung Florist</text>
    <text x="40" y="460" font-family="sans-serif" font-size="26" fill="#333">Berita: ${orderDisplayId(order.orderId)}</text>
    <text x="40" y="520" font-family="sans-serif" font-size="26" fill="#333">23/11/2026 14:02 WIB</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An order whose recipient has a phone, which the dashboard offers as a WhatsApp chat. */
function placeGift(customer: Customer, recipientPhone: string): Promise<OrderDetail> {
  return customer.api.request<OrderDetail>("POST", "/order", {
    user_id: customer.userId,
    shipping_address: ["Sari Wulandari", "Jl. Ir. H. Juanda No. 120", "Bandung", `Email: ${customer.email}`].join("\n"),
    recipient_name: "Sari Wulandari",
    recipient_phone: recipientPhone,
    items: [firstChoiceLine(product)],
  });
}

async function sendReceipt(customer: Customer, order: OrderDetail): Promise<void> {
  const form = new FormData();
  const image = await receiptImage(order);
  form.set("payment_proof", new Blob([new Uint8Array(image)], { type: "image/png" }), "receipt.png");
  await customer.api.request<OrderDetail>("PUT", `/order/${order.orderId}/payment-proof`, form);
}

async function paymentOf(customer: Customer, orderId: number): Promise<OrderSummary> {
  const order = (await customer.api.ordersOf(customer.userId)).find((o) => o.orderId === orderId);
  if (!order) throw new Error(`${orderDisplayId(orderId)} is not among the customer's orders.`);
  return order;
}

function queueItem(page: Page, orderId: number) {
  return page.locator(`.payment-queue li[data-order-id="${orderId}"]`);
}

async function notice(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole("status").filter({ hasText: text }).waitFor();
}

describe.each(VIEWPORTS)("an admin checking payments at $width px", (viewport) => {
  it("approves one receipt, rejects another with a note and marks a third order paid with a note", async () => {
    const customer = await newCustomer(suite.baseUrl, `pay${viewport.width}`);
    const approved = await placeGift(customer, "0812-3456-7890");
    const rejected = await placeOrder(customer, product, 2);
    const unpaid = await placeOrder(customer, product);
    await sendReceipt(customer, approved);
    await sendReceipt(customer, rejected);
    const waiting = (await admin.request<{ orders: OrderDetail[] }>("GET", "/order/admin/payments")).orders.length;

    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);

      // The navigation counts the receipts awaiting verification (on a phone, behind the menu).
      await openMenu(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const paymentsLink = nav.getByRole("link", { name: "Payments", exact: true });
      await expect.poll(async () => paymentsLink.getAttribute("aria-describedby"), { timeout: 10_000 }).not.toBeNull();
      const describedBy = (await paymentsLink.getAttribute("aria-describedby")) ?? "";
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(`${waiting} receipts await verification`);

      await clickNav(page, "Payments");
      await waitForPath(page, "/admin/payments");
      const first = queueItem(page, approved.orderId);
      await first
        .getByRole("img", { name: `Transfer receipt for order ${orderDisplayId(approved.orderId)}` })
        .waitFor();
      await expect.poll(() => first.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
      expect(await first.textContent()).toContain(new Intl.NumberFormat("id-ID").format(approved.totalPrice));
      await screenshot(tab, JOURNEY, "01-queue");

      // The receipt opens large enough to compare with the bank statement.
      await first
        .getByRole("button", { name: `Enlarge the transfer receipt of ${orderDisplayId(approved.orderId)}` })
        .click();
      const viewer = await dialog(page, `Transfer receipt · ${orderDisplayId(approved.orderId)}`);
      await screenshot(tab, JOURNEY, "02-receipt-enlarged");
      await viewer.getByRole("button", { name: "Close", exact: true }).click();

      await first.getByRole("button", { name: "Approve" }).click();
      const confirm = await dialog(page, `Approve ${orderDisplayId(approved.orderId)}?`);
      await confirm.getByRole("button", { name: "Approve" }).click();
      await notice(page, `${orderDisplayId(approved.orderId)} approved: the order is Paid.`);
      await first.waitFor({ state: "detached" });
      expect((await paymentOf(customer, approved.orderId)).paymentStatus).toBe("Paid");

      const second = queueItem(page, rejected.orderId);
      await second.getByRole("button", { name: "Reject" }).click();
      const reject = await dialog(page, `Reject receipt · ${orderDisplayId(rejected.orderId)}`);
      await reject.getByRole("button", { name: "Reject receipt" }).click();
      await reject.getByText("Write why the receipt is rejected.").waitFor();
      const reason = "The transfer is not in our BCA statement yet; please send the receipt with the reference number";
      await reject.getByLabel("Reason for the customer").fill(reason);
      await screenshot(tab, JOURNEY, "03-reject-note");
      await reject.getByRole("button", { name: "Reject receipt" }).click();
      await notice(page, new RegExp(`${orderDisplayId(rejected.orderId)} rejected`));
      const afterReject = await paymentOf(customer, rejected.orderId);
      expect(afterReject.paymentStatus).toBe("Rejected");
      expect(afterReject.paymentNote).toBe(reason);

      // Cash at the shop: no receipt, a note saying how.
      await page.getByLabel("Find an unpaid order").fill(orderDisplayId(unpaid.orderId));
      await page.locator(".mark-paid").getByRole("button", { name: "Search" }).click();
      const markButton = page.getByRole("button", { name: `Mark ${orderDisplayId(unpaid.orderId)} paid` });
      await markButton.waitFor();
      await screenshot(tab, JOURNEY, "04-unpaid-search");
      await markButton.click();
      const markPaid = await dialog(page, `Mark paid · ${orderDisplayId(unpaid.orderId)}`);
      await markPaid.getByLabel("How was it paid?").fill("Paid in cash at the shop in Andir");
      await markPaid.getByRole("button", { name: "Mark paid" }).click();
      await notice(page, `${orderDisplayId(unpaid.orderId)} marked paid.`);
      await screenshot(tab, JOURNEY, "05-decided");
      const afterCash = await paymentOf(customer, unpaid.orderId);
      expect(afterCash.paymentStatus).toBe("Paid");
      expect(afterCash.paymentNote).toBe("Paid in cash at the shop in Andir");

      // The dashboard shows the approved order Paid, and a WhatsApp link to the order's phone.
      await clickNav(page, "Dashboard");
      await waitForPath(page, "/admin");
      await page.getByPlaceholder("Order ID or customer").fill(orderDisplayId(approved.orderId));
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const row = page.locator(`tr[data-order-id="${approved.orderId}"]`);
      await row.locator("td[data-label='Payment']").filter({ hasText: "Paid" }).waitFor();
      const whatsapp = row.getByRole("link", {
        name: `WhatsApp 0812-3456-7890 about ${orderDisplayId(approved.orderId)}`,
      });
      expect(await whatsapp.getAttribute("href")).toBe("https://wa.me/6281234567890");
      await screenshot(tab, JOURNEY, "06-dashboard-paid");

      // Its details keep the receipt it was paid with.
      await row.getByRole("button", { name: "View Details" }).click();
      const details = await dialog(page, `Order ${orderDisplayId(approved.orderId)}`);
      const payment = details.getByRole("region", { name: "Payment" });
      await payment
        .getByRole("img", { name: `Transfer receipt for order ${orderDisplayId(approved.orderId)}` })
        .waitFor();
      expect(await payment.getByRole("button", { name: "Mark paid" }).count()).toBe(0);
      await payment.scrollIntoViewIfNeeded();
      await screenshot(tab, JOURNEY, "08-order-details-payment");
    });
  });

  it("saves bank accounts and the payment window that shoppers then read", async () => {
    const windowMinutes = viewport.width === 390 ? 720 : 2880;
    const bank = viewport.width === 390 ? "BRI" : "BNI";
    await suite.journey(viewport, `${JOURNEY}-settings`, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      await clickNav(page, "Settings");
      await waitForPath(page, "/admin/settings");
      await page.getByRole("heading", { name: "Pembayaran" }).waitFor();
      const before = (await (await page.request.get("/api/settings/payment")).json()) as PaymentSettings;

      await page.getByRole("button", { name: "Tambah Rekening" }).click();
      const added = page.getByRole("listitem", { name: `Rekening ${before.bankAccounts.length + 1}` });
      await added.getByLabel("Bank").fill(bank);
      await added.getByLabel("Nomor rekening").fill("0021-01-000123-30-5");
      await added.getByLabel("Atas nama").fill("Toko Bunga Bandung");
      const windowField = page.getByLabel("Batas waktu pembayaran (menit)");

      // A window under 0 is refused by the server, whose message names the field.
      tab.expectFailure({ status: 400, path: "/api/settings/payment" });
      await windowField.fill("-5");
      await page.getByRole("button", { name: "Simpan Pembayaran" }).click();
      await page.getByRole("alert").filter({ hasText: "paymentWindowMinutes" }).waitFor();
      expect(await windowField.getAttribute("aria-invalid")).toBe("true");

      await windowField.fill(String(windowMinutes));
      await page.getByText(`= ${windowMinutes / 60} jam.`).waitFor();
      await page.getByRole("button", { name: "Simpan Pembayaran" }).click();
      await notice(page, "Pengaturan pembayaran berhasil disimpan.");
      await screenshot(tab, JOURNEY, "07-settings-saved");
    });

    // What a shopper, logged in or not, reads afterwards.
    const shown = (await (await fetch(`${suite.baseUrl}/api/settings/payment`)).json()) as PaymentSettings;
    expect(shown.paymentWindowMinutes).toBe(windowMinutes);
    expect(shown.bankAccounts.at(-1)).toEqual({
      bank,
      accountNumber: "0021-01-000123-30-5",
      accountName: "Toko Bunga Bandung",
    });
  });
});
