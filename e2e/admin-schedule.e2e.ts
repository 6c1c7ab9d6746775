import type { DayAvailability, OrderDetail, Product } from "@florist/contract";
import { addDays, orderDisplayId } from "@florist/contract/rules";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin, loginThroughApi, newCustomer, placeOrder } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, waitForPath } from "./support/ui";

const JOURNEY = "admin-schedule";

const suite = shopSuite();

async function inStockProduct(page: Page): Promise<Product> {
  const products = (await (await page.request.get("/api/products")).json()) as Product[];
  const product = products.find((p) => p.availabilityStatus === "in_stock" && p.stockQuantity > 2);
  if (!product) throw new Error("No product in stock to buy.");
  return product;
}

async function dayAvailability(page: Page, date: string): Promise<DayAvailability | undefined> {
  const answer = await page.request.get(`/api/delivery/availability?from=${date}&days=1`);
  return ((await answer.json()) as DayAvailability[])[0];
}

/** The dates the checkout's date strip offers, as YYYY-MM-DD. */
async function offeredDates(page: Page): Promise<string[]> {
  const strip = page.getByRole("group", { name: "Delivery date" });
  await strip.getByRole("radio").first().waitFor({ state: "attached" });
  return strip.getByRole("radio").evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
}

describe.each(VIEWPORTS)("an admin closing dates on the Schedule screen at $width px", (viewport) => {
  it("closes two days over a booked order after asking, and shoppers are no longer offered them", async () => {
    // A plain order takes the earliest free slot: the first of the two days closed holds it.
    const customer = await newCustomer(suite.baseUrl, "closed");
    let order: OrderDetail | undefined;
    await suite.journey(viewport, `${JOURNEY}-order`, async ({ page }) => {
      order = await placeOrder(customer, await inStockProduct(page));
    });
    const first = order?.delivery?.date;
    if (!first || !order) throw new Error("The order was given no delivery date.");
    const closed = [first, addDays(first, 1)];
    const orderNumber = orderDisplayId(order.orderId);

    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      await clickNav(page, "Schedule");
      await waitForPath(page, "/admin/schedule");
      await page.getByRole("heading", { name: "Time slots" }).waitFor();
      await screenshot(tab, JOURNEY, "01-schedule");

      await page.getByRole("button", { name: "Edit slot Morning" }).click();
      const slotDialog = page.getByRole("dialog", { name: "Edit slot Morning" });
      await slotDialog.waitFor();
      await screenshot(tab, JOURNEY, "02-slot");
      await slotDialog.getByRole("button", { name: "Cancel" }).click();

      // A schedule the contract refuses is not sent; the message names the field.
      await page.getByLabel("Days ahead a shopper may choose").fill("0");
      await page.getByRole("button", { name: "Save schedule" }).click();
      await page.getByText("windowDays: must be at least 1").waitFor();
      await page.getByText("In Booking window.").waitFor();
      await screenshot(tab, JOURNEY, "03-problem");
      await page.getByRole("button", { name: "Discard" }).click();

      const card = page.getByRole("region", { name: "Closed dates" });
      await card.getByLabel("From").fill(closed[0] ?? "");
      await card.getByLabel(/^Until/).fill(closed[1] ?? "");
      await card.getByLabel(/^Reason/).fill("Lebaran");
      await card.getByRole("button", { name: "Close 2 days" }).click();
      // One closed date per day of the range, each removable on its own.
      for (const date of closed) await card.getByRole("button", { name: `Remove closed date ${date}` }).waitFor();
      await page.getByText("Unsaved changes.").waitFor();
      await screenshot(tab, JOURNEY, "04-closing");

      await page.getByRole("button", { name: "Save schedule" }).click();
      // Orders stranded by an earlier closing are listed again: they still have no place.
      const confirm = page.getByRole("alertdialog", { name: /^\d+ orders? loses? (its|their) place$/ });
      await confirm.waitFor();
      const ours = confirm.getByRole("listitem").filter({ hasText: orderNumber });
      expect(await ours.textContent()).toContain("Date closed");
      await screenshot(tab, JOURNEY, "05-stranded");
      await confirm.getByRole("button", { name: "Save anyway" }).click();
      await page.getByText("Schedule saved.").waitFor();
      await screenshot(tab, JOURNEY, "06-saved");

      for (const date of closed) {
        const day = await dayAvailability(page, date);
        expect(day?.slots.map((slot) => [slot.available, slot.reason])).toEqual(
          day?.slots.map(() => [false, "closed"]),
        );
      }
    });

    await suite.journey(viewport, `${JOURNEY}-checkout`, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      const product = await inStockProduct(page);
      await page.goto(`/produk/${product.productId}`);
      await page.getByRole("button", { name: "Buy Now" }).click();
      await waitForPath(page, "/pemesanan");
      const offered = await offeredDates(page);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.filter((date) => closed.includes(date))).toEqual([]);
      await screenshot(tab, JOURNEY, "07-checkout");
    });
  });
});
