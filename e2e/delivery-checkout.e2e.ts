import type { DayAvailability, DeliverySchedule, Product } from "@florist/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminApi, loginThroughApi, newCustomer, rupiahValue } from "./admin-helpers";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { dialog, waitForPath } from "./support/ui";

const JOURNEY = "delivery-checkout";

const suite = shopSuite();

/** "Sat 12 Dec" as the shop (Asia/Jakarta) names a YYYY-MM-DD date. */
function dayName(date: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "Asia/Jakarta",
  }).format(new Date(`${date}T12:00:00+07:00`));
}

async function availability(page: Page): Promise<DayAvailability[]> {
  return (await (await page.request.get("/api/delivery/availability?days=14")).json()) as DayAvailability[];
}

/** The dates the checkout's date strip offers, as their names. */
async function offeredDates(page: Page): Promise<string[]> {
  const strip = page.getByRole("group", { name: "Delivery date" });
  await strip.getByRole("radio").first().waitFor({ state: "attached" });
  const labels = await strip.locator("label").allTextContents();
  return labels.map((text) => text.replace(/\s+/g, " ").trim());
}

async function summaryValue(page: Page, label: string): Promise<number> {
  const row = page
    .locator(".checkout-summary .summary-lines > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return rupiahValue(await row.locator("dd").textContent());
}

/** A product in stock, bought with Buy Now so the journey starts at checkout. */
async function buyNow(page: Page): Promise<void> {
  const products = (await (await page.request.get("/api/products")).json()) as Product[];
  const product = products.find((p) => p.availabilityStatus === "in_stock" && p.stockQuantity > 2);
  if (!product) throw new Error("No product in stock to buy.");
  await page.goto(`/produk/${product.productId}`);
  await page.getByRole("button", { name: "Buy Now" }).click();
  await waitForPath(page, "/pemesanan");
}

describe.each(VIEWPORTS)("a gift planned at checkout at $width px", (viewport) => {
  it("chooses the date, slot and district, writes a card, and sees it all in My Orders", async () => {
    const customer = await newCustomer(suite.baseUrl, "gift");
    await suite.journey(
      viewport,
      JOURNEY,
      async (tab) => {
        const { page } = tab;
        await loginThroughApi(page, customer.email, customer.password);
        const days = await availability(page);
        const free = days.filter((day) => day.slots.some((slot) => slot.available));
        // The second date with a free slot, and its last free slot: not what checkout preselects.
        const day = free[1];
        const slot = day?.slots.filter((s) => s.available).at(-1);
        if (!day || !slot) throw new Error("The demo schedule has no second free date.");
        const schedule = (await (await page.request.get("/api/delivery/schedule")).json()) as DeliverySchedule;
        const zone = schedule.zones.find((z) => z.name === "Coblong") ?? schedule.zones[0];
        if (!zone) throw new Error("The demo schedule has no district.");

        await buyNow(page);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Pacific/Honolulu");
        expect((await offeredDates(page))[0]).toBe(dayName(free[0]?.date ?? ""));
        // The earliest free slot is chosen already.
        const preselected = page
          .getByRole("group", { name: "Delivery time (WIB)" })
          .getByRole("radio", { checked: true });
        expect(await preselected.count()).toBe(1);
        await screenshot(tab, JOURNEY, "01-checkout");

        await page.getByRole("radio", { name: dayName(day.date) }).check();
        await page.getByRole("radio", { name: new RegExp(`${slot.start}–${slot.end}`) }).check();
        const subtotal = await summaryValue(page, "Subtotal");
        await page.getByLabel("District (kecamatan)").selectOption(String(zone.zoneId));
        expect(await summaryValue(page, "Shipping")).toBe(zone.fee);
        expect(await summaryValue(page, "Total")).toBe(subtotal + zone.fee);

        await page.getByLabel("Address").fill("Jl. Ir. H. Juanda No. 45, Dago");
        await page.getByLabel("Recipient's first name").fill("Sari");
        await page.getByLabel("Recipient's last name").fill("Wulandari");
        await page.getByLabel("Recipient's phone").fill("0812 3456 7890");
        await page.getByLabel("Card message").fill("Selamat ulang tahun, Ibu! 🌷");
        await page.getByText("27/250").waitFor();
        await page.getByRole("checkbox", { name: /Send anonymously/ }).check();
        await screenshot(tab, JOURNEY, "02-filled");

        await page.getByRole("button", { name: "Confirm Order" }).click();
        const confirm = await dialog(page, "Confirm your order");
        const when = `${dayName(day.date)} · ${slot.start}–${slot.end}`;
        expect(await confirm.textContent()).toContain(`Delivery to ${zone.name}: ${when} WIB.`);
        await screenshot(tab, JOURNEY, "03-confirm");
        await confirm.getByRole("button", { name: "Yes, confirm" }).click();
        const result = await dialog(page, "Order created successfully!");
        const orderId = (await result.locator("strong").first().textContent()) ?? "";
        expect(((await result.textContent()) ?? "").replace(/\s+/g, " ")).toContain(`Delivery: ${when} WIB.`);
        await screenshot(tab, JOURNEY, "04-order-created");
        // The server's total agrees with what the shopper was shown: the items and the district's fee.
        expect(rupiahValue(await result.locator("strong").nth(1).textContent())).toBe(subtotal + zone.fee);
        await result.getByRole("button", { name: "View Orders" }).click();
        await waitForPath(page, "/pesanan");

        const row = page.locator(".orders-table tbody tr", { hasText: orderId });
        const delivery = row.locator(".orders-delivery");
        await delivery.waitFor();
        const shown = ((await delivery.textContent()) ?? "").replace(/\s+/g, " ");
        expect(shown).toContain(`${when} WIB`);
        expect(shown).toContain(`${zone.name} · for Sari Wulandari`);
        expect(shown).toContain("“Selamat ulang tahun, Ibu! 🌷”");
        expect(shown).toContain("Anonymous");
        await screenshot(tab, JOURNEY, "05-my-orders");

        const [order] = await customer.api.ordersOf(customer.userId);
        expect(order?.delivery).toMatchObject({ date: day.date, slotId: slot.slotId, zoneId: zone.zoneId });
        expect(order).toMatchObject({ recipientName: "Sari Wulandari", senderAnonymous: true, shippingCost: zone.fee });
      },
      // The shopper's phone is set to Honolulu (UTC-10): the shop's days and times must not move with it.
      { timezoneId: "Pacific/Honolulu" },
    );
  });

  it("no longer offers a date the florist closed", async () => {
    const admin = await adminApi(suite.baseUrl);
    const customer = await newCustomer(suite.baseUrl, "closed");
    await suite.journey(viewport, `${JOURNEY}-closed`, async (tab) => {
      const { page } = tab;
      await loginThroughApi(page, customer.email, customer.password);
      const free = (await availability(page)).filter((day) => day.slots.some((slot) => slot.available));
      // Each width closes its own date, so the other run's closing does not decide this one.
      const closing = free[viewport.width === 390 ? 1 : 2]?.date;
      if (!closing) throw new Error("The demo schedule has too few free dates.");

      await buyNow(page);
      expect(await offeredDates(page)).toContain(dayName(closing));

      const schedule = await admin.request<DeliverySchedule>("GET", "/settings/delivery-schedule");
      await admin.request("PUT", "/settings/delivery-schedule", {
        ...schedule,
        closedDates: [...schedule.closedDates, { date: closing, slotIds: [], reason: "Florist's day off" }],
      });

      await page.reload();
      const offered = await offeredDates(page);
      expect(offered).not.toContain(dayName(closing));
      expect(offered.length).toBeGreaterThan(0);
      await screenshot(tab, JOURNEY, "06-closed-date");
    });
  });

  it("is told when the chosen slot filled meanwhile, and chooses another", async () => {
    const admin = await adminApi(suite.baseUrl);
    const customer = await newCustomer(suite.baseUrl, "race");
    const before = await admin.request<DeliverySchedule>("GET", "/settings/delivery-schedule");
    try {
      await suite.journey(viewport, `${JOURNEY}-filled`, async (tab) => {
        const { page } = tab;
        tab.expectFailure({ status: 409, path: "/api/order" });
        await loginThroughApi(page, customer.email, customer.password);
        const first = (await availability(page)).find((day) => day.slots.some((slot) => slot.available));
        const taken = first?.slots.find((slot) => slot.available);
        if (!first || !taken) throw new Error("The demo schedule has no free slot.");

        await buyNow(page);
        const times = page.getByRole("group", { name: "Delivery time (WIB)" });
        await times.getByRole("radio", { name: new RegExp(`${taken.start}–${taken.end}`), checked: true }).waitFor({
          state: "attached",
        });
        await page.getByLabel("Address").fill("Jl. Braga No. 12");
        await page.getByLabel("Recipient's first name").fill("Dewi");
        await page.getByLabel("Recipient's last name").fill("Lestari");
        await page.getByLabel("Recipient's phone").fill("081298765432");

        // Meanwhile the slot's last place goes: the florist takes no more orders for it.
        await admin.request("PUT", "/settings/delivery-schedule", {
          ...before,
          slots: before.slots.map((slot) => (slot.slotId === taken.slotId ? { ...slot, capacity: 0 } : slot)),
        });

        await page.getByRole("button", { name: "Confirm Order" }).click();
        await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
        const failure = await dialog(page, "Failed to process order.");
        expect(await failure.textContent()).toContain(`is full. Please choose another time.`);
        await screenshot(tab, JOURNEY, "07-slot-filled");
        await failure.getByRole("button", { name: "Close", exact: true }).click();

        await times.getByText("Full").first().waitFor();
        expect(await times.getByRole("radio", { checked: true }).count()).toBe(0);
        await screenshot(tab, JOURNEY, "08-choose-again");
        await page.getByRole("button", { name: "Confirm Order" }).click();
        await page.getByText("Please choose a delivery time.").waitFor();
        expect(await customer.api.ordersOf(customer.userId)).toEqual([]);

        // Another free slot of the date shown (the next date with a free slot when none is left on that one).
        await times.getByRole("radio", { disabled: false }).first().check();
        await page.getByRole("button", { name: "Confirm Order" }).click();
        await (await dialog(page, "Confirm your order")).getByRole("button", { name: "Yes, confirm" }).click();
        await dialog(page, "Order created successfully!");
        const [order] = await customer.api.ordersOf(customer.userId);
        expect(order?.delivery).not.toBeNull();
        expect([order?.delivery?.date, order?.delivery?.slotId]).not.toEqual([first.date, taken.slotId]);
      });
    } finally {
      await admin.request("PUT", "/settings/delivery-schedule", before);
    }
  });
});
