import type { DayAvailability, DeliverySchedule, OrderDetail, Product } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminApi,
  type Customer,
  firstChoiceLine,
  loginAsAdmin,
  loginThroughApi,
  newCustomer,
  stockedProduct,
} from "./admin-helpers";
import type { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { clickNav, dialog, waitForPath } from "./support/ui";

const JOURNEY = "admin-deliveries";

const suite = shopSuite();
let admin: ApiSession;
let product: Product;
let schedule: DeliverySchedule;

beforeAll(async () => {
  admin = await adminApi(suite.baseUrl);
  product = await stockedProduct(admin, (p) => p.availabilityStatus === "in_stock");
  schedule = await admin.request<DeliverySchedule>("GET", "/delivery/schedule");
});

/**
 * A date after today with two slots that still take orders: the order goes in one and is moved to the
 * other. Today is left out so that a same-day cutoff passing during the run changes nothing.
 */
async function dateWithTwoSlots() {
  const days = await admin.request<DayAvailability[]>("GET", "/delivery/availability?days=14");
  for (const day of days.slice(1)) {
    const open = day.slots.filter((slot) => slot.available && slot.remaining >= 2);
    const [first, second] = open;
    if (first && second) return { date: day.date, from: first, to: second };
  }
  throw new Error("No date in the next two weeks has two free slots.");
}

function placeGift(
  customer: Customer,
  date: string,
  slotId: number,
  card: { message: string; anonymous: boolean },
): Promise<OrderDetail> {
  const zone = schedule.zones[0];
  if (!zone) throw new Error("The schedule has no districts.");
  return customer.api.request<OrderDetail>("POST", "/order", {
    user_id: customer.userId,
    shipping_address: [
      "Sari Wulandari",
      "Jl. Ir. H. Juanda No. 120",
      "Bandung",
      `Email: ${customer.email}`,
      "Telepon: 081234567890",
    ].join("\n"),
    items: [firstChoiceLine(product)],
    delivery_date: date,
    delivery_slot_id: slotId,
    delivery_zone_id: zone.zoneId,
    recipient_name: "Ibu Sari",
    recipient_phone: "0812-3456-7890",
    card_message: card.message,
    sender_anonymous: card.anonymous,
  });
}

const slotRegion = (page: Page, slot: { label: string; start: string; end: string }) =>
  page.getByRole("region", { name: `${slot.label} · ${slot.start}–${slot.end}` });

/** The slot's count against its capacity, as the screen shows it, matches the orders listed in it. */
async function expectCountMatches(slotId: number, region: ReturnType<typeof slotRegion>) {
  const capacity = schedule.slots.find((slot) => slot.slotId === slotId)?.capacity;
  const listed = await region.getByRole("article").count();
  expect(await region.locator(".delivery-load").textContent()).toBe(`${listed} / ${capacity}`);
}

describe.each(VIEWPORTS)("an admin planning a day's deliveries at $width px", (viewport) => {
  it("finds an order on its date and slot, prints the run sheet and the cards, and moves the order to another slot", async () => {
    const { date, from, to } = await dateWithTwoSlots();
    const customer = await newCustomer(suite.baseUrl, "gift");
    const signed = await placeGift(customer, date, from.slotId, {
      message: "Selamat ulang tahun, Ibu!",
      anonymous: false,
    });
    const secret = await placeGift(customer, date, from.slotId, { message: "Dari pengagum rahasia", anonymous: true });
    const signedId = orderDisplayId(signed.orderId);
    const secretId = orderDisplayId(secret.orderId);

    await suite.journey(viewport, JOURNEY, async (tab) => {
      const { page } = tab;
      await loginAsAdmin(page);
      await clickNav(page, "Deliveries");
      await waitForPath(page, "/admin/deliveries");
      await page.getByRole("heading", { level: 1, name: "Deliveries" }).waitFor();

      await page.getByLabel("Delivery date").fill(date);
      const before = slotRegion(page, from);
      const order = before.getByRole("article", { name: `Order ${signedId}` });
      await order.waitFor();
      expect(await order.textContent()).toContain("Ibu Sari");
      expect(await order.getByRole("link", { name: "0812-3456-7890" }).getAttribute("href")).toBe("tel:081234567890");
      expect(await order.textContent()).toContain(product.name);
      await expectCountMatches(from.slotId, before);
      await screenshot(tab, JOURNEY, "01-day");

      await page.getByRole("link", { name: "Print run sheet & cards" }).click();
      await waitForPath(page, "/admin/deliveries/print");
      const sheet = page.getByRole("table");
      await sheet.getByRole("row", { name: new RegExp(signedId) }).waitFor();
      expect(await page.getByRole("navigation").count()).toBe(0);
      const signedCard = page.getByRole("article", { name: `Card for ${signedId}` });
      expect(await signedCard.textContent()).toContain("Selamat ulang tahun, Ibu!");
      expect(await signedCard.textContent()).toContain(customer.username);
      const secretCard = page.getByRole("article", { name: `Card for ${secretId}` });
      expect(await secretCard.textContent()).toContain("Dari pengagum rahasia");
      expect(await secretCard.textContent()).not.toContain(customer.username);
      await screenshot(tab, JOURNEY, "02-print-view");
      await page.emulateMedia({ media: "print" });
      expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
      await screenshot(tab, JOURNEY, "03-printed");
      await page.emulateMedia({ media: "screen" });

      await page.getByRole("link", { name: "Back to deliveries" }).click();
      await waitForPath(page, "/admin/deliveries");
      await order.getByRole("button", { name: "Move" }).click();
      const move = await dialog(page, `Move ${signedId}`);
      await move.getByRole("radio", { name: new RegExp(to.label) }).check();
      await screenshot(tab, JOURNEY, "04-move");
      await move.getByRole("button", { name: "Move order" }).click();
      await page.getByText(`${signedId} moved to`).waitFor();

      const after = slotRegion(page, to);
      await after.getByRole("article", { name: `Order ${signedId}` }).waitFor();
      expect(await before.getByRole("article", { name: `Order ${signedId}` }).count()).toBe(0);
      await expectCountMatches(to.slotId, after);
      await expectCountMatches(from.slotId, before);
      await screenshot(tab, JOURNEY, "05-moved");

      const stored = await admin.request<OrderDetail>("GET", `/order/${signed.orderId}`);
      expect(stored.delivery).toMatchObject({ date, slotId: to.slotId });
    });
  });

  it("keeps the day's run and its print view from visitors and customers", async () => {
    const customer = await newCustomer(suite.baseUrl, "nosy");
    await suite.journey(viewport, `${JOURNEY}-access`, async (tab) => {
      const { page } = tab;
      for (const path of ["/admin/deliveries", "/admin/deliveries/print"]) {
        await page.goto(path);
        await waitForPath(page, "/login");
      }
      await loginThroughApi(page, customer.username, customer.password);
      for (const path of ["/admin/deliveries", "/admin/deliveries/print"]) {
        await page.goto(path);
        await page.getByText("You do not have access to this page.").waitFor();
        expect(await page.getByRole("table").count()).toBe(0);
      }
    });
  });
});
