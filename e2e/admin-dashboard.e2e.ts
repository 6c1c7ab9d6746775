import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AdminOverview, OrderDetail, Product } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminApi,
  fileInput,
  loginAsAdmin,
  newCustomer,
  placeOrder,
  pngImage,
  rupiahValue,
  stockedProduct,
} from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog } from "./support/ui";

const JOURNEY = "admin-dashboard";

const suite = shopSuite();
let admin: ApiSession;
let product: Product;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  product = await stockedProduct(admin, (p) => p.name === "Sunny Sunflower Bouquet");
});

/** "This month" as the shop counts it: in Bandung. */
function shopMonth(): { month: number; year: number; name: string } {
  const bandung = new Date(Date.now() + 7 * 3600_000);
  const month = bandung.getUTCMonth() + 1;
  const name = new Intl.DateTimeFormat("id-ID", { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, month - 1, 1)),
  );
  return { month, year: bandung.getUTCFullYear(), name };
}

async function income(page: Page): Promise<number> {
  return rupiahValue(await page.getByTestId("monthly-income").textContent());
}

async function showing(page: Page, text: string) {
  await page.getByText(text, { exact: true }).waitFor();
}

async function rowIds(page: Page): Promise<number[]> {
  const ids = await page
    .locator(".transactions-table tbody tr")
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-order-id"))));
  return ids;
}

describe.each(VIEWPORTS)("an admin running the day at $width px", (viewport) => {
  it("takes an order through delivery with a proof, sees the income, searches, pages, sorts and exports", async () => {
    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      const customer = await newCustomer(suite.baseUrl, "buyer");
      const orders: OrderDetail[] = [];
      for (let i = 0; i < 11; i++) orders.push(await placeOrder(customer, product, 1 + (i % 2)));
      const newest = orders[10] as OrderDetail;
      const toDeny = orders[9] as OrderDetail;

      await loginAsAdmin(page);
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      await page.getByRole("heading", { name: "Ulasan Terbaru" }).waitFor();
      const { month, year, name: monthName } = shopMonth();
      expect(await page.getByLabel("Month", { exact: true }).inputValue()).toBe(String(month));
      expect(await page.getByLabel("Month", { exact: true }).locator("option").allTextContents()).toEqual([
        "Januari",
        "Februari",
        "Maret",
        "April",
        "Mei",
        "Juni",
        "Juli",
        "Agustus",
        "September",
        "Oktober",
        "November",
        "Desember",
      ]);
      const incomeBefore = await income(page);

      // Search (trimmed) finds this customer's eleven orders; the pages hold ten.
      await page.getByLabel("Search transactions").fill(`  ${customer.username}  `);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await showing(page, "Showing 1-10 of 11");
      expect(await page.locator(".transactions-table tbody tr").count()).toBe(10);
      expect(await page.getByLabel("Search transactions").inputValue()).toBe(customer.username);
      await screenshot(tab, JOURNEY, "01-search");
      await page.getByRole("button", { name: "Next" }).click();
      await showing(page, "Showing 11-11 of 11");
      expect(await rowIds(page)).toEqual([orders[0]?.orderId]);
      expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
      await page.getByRole("button", { name: "Previous" }).click();
      await showing(page, "Showing 1-10 of 11");
      expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);

      // The server sorts across all pages: the rows change once its answer is in.
      await page.getByLabel("Sort by").selectOption("newest");
      await expect
        .poll(() => rowIds(page))
        .toEqual(
          orders
            .slice(1)
            .map((o) => o.orderId)
            .reverse(),
        );

      // View Details: the whole order, the address read back line by line, subtotal = total − shipping.
      const row = page.locator(`.transactions-table tr[data-order-id="${newest.orderId}"]`);
      await row.getByRole("button", { name: "View Details" }).click();
      const details = await dialog(page, `Order ${orderDisplayId(newest.orderId)}`);
      await details.getByText("Jl. Braga No. 12, Bandung", { exact: true }).waitFor();
      await details.getByText(`${customer.username} Wibowo`, { exact: true }).waitFor();
      await details.getByText("081234567890", { exact: true }).waitFor();
      await details.getByText("Kartu ucapan: Selamat ulang tahun!", { exact: true }).waitFor();
      await details.getByText("No proof uploaded for this order.").waitFor();
      const subtotal = details.locator(".detail-totals > div", { hasText: "Subtotal" }).locator("dd");
      expect(rupiahValue(await subtotal.textContent())).toBe(newest.totalPrice - newest.shippingCost);
      await screenshot(tab, JOURNEY, "02-order-detail");
      await details.getByRole("button", { name: "Close", exact: true }).click();
      await details.waitFor({ state: "detached" });

      // Start Delivery, after its confirmation.
      await row.getByRole("button", { name: "Start Delivery" }).click();
      const start = await dialog(page, `Start Delivery · ${orderDisplayId(newest.orderId)}`);
      await start.getByText("Mark this order as In Delivery?").waitFor();
      await screenshot(tab, JOURNEY, "03-start-delivery");
      await start.getByRole("button", { name: "Yes, start delivery" }).click();
      await row.getByText("In Delivery", { exact: true }).waitFor();
      expect(await row.getByRole("button", { name: "Reject Order" }).count()).toBe(0);

      // Mark as Finished: a proof is required, previewed, confirmed, uploaded; the order is Finished and Paid.
      await row.getByRole("button", { name: "Mark as Finished" }).click();
      const proof = await dialog(page, `Delivery proof for ${orderDisplayId(newest.orderId)}`);
      await proof.getByRole("button", { name: "Submit Proof" }).click();
      await proof.getByText("Please select an image file (not just a preview) before submitting.").waitFor();
      await proof.getByLabel("Proof photo").setInputFiles(fileInput("delivered.png", await pngImage("#c8707e", 480)));
      await proof.getByRole("img", { name: "Selected proof preview" }).waitFor();
      await screenshot(tab, JOURNEY, "04-proof-upload");
      await proof.getByRole("button", { name: "Submit Proof" }).click();
      await proof.getByText("Submit proof and mark this order as Finished?").waitFor();
      await proof.getByRole("button", { name: "Yes, submit" }).click();
      await proof.waitFor({ state: "detached" });
      await row.getByText("Finished", { exact: true }).waitFor();
      expect(await row.getByRole("button").allTextContents()).toEqual(["View Details"]);
      const finished = await admin.request<OrderDetail>("GET", `/order/${newest.orderId}`);
      expect(finished.orderStatus).toBe("Finished");
      expect(finished.paymentStatus).toBe("Paid");
      expect(finished.orderProof).toBeTruthy();

      // The month's income now counts the finished order.
      await page.waitForFunction((expected) => {
        const text = document.querySelector("[data-testid='monthly-income']")?.textContent ?? "";
        return Number(text.replace(/[^\d]/g, "")) === expected;
      }, incomeBefore + newest.totalPrice);

      // The proof is shown to the admin in the order details.
      await row.getByRole("button", { name: "View Details" }).click();
      const withProof = await dialog(page, `Order ${orderDisplayId(newest.orderId)}`);
      const proofImage = withProof.getByRole("img", { name: `Proof for order ${orderDisplayId(newest.orderId)}` });
      await proofImage.waitFor();
      await page.waitForFunction(
        (alt) => {
          const img = Array.from(document.images).find((i) => i.alt === alt);
          return !!img && img.complete && img.naturalWidth > 0;
        },
        `Proof for order ${orderDisplayId(newest.orderId)}`,
      );
      await withProof.getByText("Paid", { exact: true }).waitFor();
      await screenshot(tab, JOURNEY, "05-order-detail-proof");
      await withProof.getByRole("button", { name: "Close", exact: true }).click();

      // Reject Order denies a received order.
      const denyRow = page.locator(`.transactions-table tr[data-order-id="${toDeny.orderId}"]`);
      await denyRow.getByRole("button", { name: "Reject Order" }).click();
      const reject = await dialog(page, `Reject Order · ${orderDisplayId(toDeny.orderId)}`);
      await reject.getByText("Deny this order? The order will be marked as Denied.").waitFor();
      await reject.getByRole("button", { name: "Yes, reject" }).click();
      await denyRow.getByText("Denied", { exact: true }).waitFor();

      // By status: Order Received first, then In Delivery, Finished, Denied.
      await page.getByLabel("Sort by").selectOption("status");
      const badges = page.locator(".transactions-table tbody .status-badge");
      // The server sorts across all pages: nine received orders and the finished one fill page 1.
      await expect.poll(async () => (await badges.allTextContents()).at(-1)).toBe("Finished");
      const statuses = await badges.allTextContents();
      const rank = (status: string) => ["Order Received", "In Delivery", "Finished", "Denied"].indexOf(status);
      expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((a, b) => a - b));
      await page.getByRole("button", { name: "Next" }).click();
      await expect.poll(() => badges.allTextContents()).toEqual(["Denied"]);

      // Reset clears the search.
      await page.getByRole("button", { name: "Reset" }).click();
      expect(await page.getByLabel("Search transactions").inputValue()).toBe("");
      const overview = await admin.request<AdminOverview>("GET", "/order/admin/overview?page=1&limit=10");
      await showing(page, `Showing 1-10 of ${overview.pagination.total}`);
      await screenshot(tab, JOURNEY, "06-dashboard");

      // Export to Excel: the ten most recent transactions in a real workbook. The spreadsheet
      // library is fetched only now, when the button is pressed.
      const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
      expect(scripts.some((url) => url.includes("exceljs"))).toBe(false);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export to Excel" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`transaksi-${monthName}-${year}.xlsx`);
      const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "florist-export-")), download.suggestedFilename());
      await download.saveAs(file);
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
      expect(loaded.some((url) => url.includes("exceljs"))).toBe(true);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet("Recent Transactions");
      if (!sheet) throw new Error("The export has no 'Recent Transactions' sheet.");
      expect(workbook.worksheets.map((s) => s.name)).toEqual(["Recent Transactions"]);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        "Order ID",
        "Customer",
        "Date",
        "Total",
        "Status",
      ]);
      expect([1, 2, 3, 4, 5].map((column) => sheet.getColumn(column).width)).toEqual([15, 15, 15, 15, 15]);
      expect(sheet.rowCount).toBe(11);
      const exported = Array.from({ length: 10 }, (_, index) => (sheet.getRow(index + 2).values as unknown[]).slice(1));
      expect(exported.map((values) => values[0])).toEqual(overview.transactions.map((t) => orderDisplayId(t.order_id)));
      const first = overview.transactions[0];
      if (!first) throw new Error("No transactions to compare.");
      expect(exported[0]).toEqual([
        orderDisplayId(first.order_id),
        first.customer_name,
        new Intl.DateTimeFormat("id-ID", {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "Asia/Jakarta",
        }).format(new Date(first.order_date)),
        first.total_price,
        first.order_status,
      ]);
      await fs.rm(path.dirname(file), { recursive: true, force: true });

      // Nothing to export when nothing matches.
      await page.getByLabel("Search transactions").fill("nobody-ordered-this");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await showing(page, "Showing 0-0 of 0");
      await page.getByRole("button", { name: "Export to Excel" }).click();
      await page.getByText("No data to export.").waitFor();
      await page.getByRole("button", { name: "Reset" }).click();

      // Another month has its own income; coming back shows this month's again.
      const otherMonth = month === 12 ? 11 : month + 1;
      const incomeNow = await income(page);
      await page.getByLabel("Month", { exact: true }).selectOption(String(otherMonth));
      await page.waitForFunction(() => {
        const text = document.querySelector("[data-testid='monthly-income']")?.textContent ?? "";
        return Number(text.replace(/[^\d]/g, "")) === 0;
      });
      await page.getByText(`Finished orders in`).waitFor();
      await page.getByLabel("Month", { exact: true }).selectOption(String(month));
      await page.waitForFunction(
        (expected) =>
          Number(
            (document.querySelector("[data-testid='monthly-income']")?.textContent ?? "").replace(/[^\d]/g, ""),
          ) === expected,
        incomeNow,
      );
    });
  });
});
