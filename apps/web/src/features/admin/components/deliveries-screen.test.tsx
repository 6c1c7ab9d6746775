import type { DayAvailability, DeliveriesAnswer, OrderDetail } from "@florist/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminSession } from "../../../../test/admin-render";
import { type FakeAnswer, type FakeHandler, fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import { renderScreen, shownText } from "../../../../test/render-app";
import AdminDeliveriesPage from "../routes/deliveries";
import AdminDeliveriesPrintPage from "../routes/deliveries-print";

/*
 * The deliveries screen and its print view as the florist meets them, against a fake server. The
 * device's clock says 18:30 UTC on 23 November, which is already 01:30 on the 24th in Bandung.
 */
const TODAY = "2026-11-24";
const TOMORROW = "2026-11-25";

const MORNING = { slotId: 1, label: "Pagi", start: "09:00", end: "12:00" };
const NOON = { slotId: 2, label: "Siang", start: "12:00", end: "15:00" };

function giftOrder(orderId: number, slot: typeof MORNING | null, extra: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderDetail(orderId, "Order Received"),
    shippingAddress: "Rina Kusuma\nJl. Dago No. 5\nBandung\nEmail: rina@example.com\nTelepon: 0812 9876 5432",
    delivery: slot ? { date: TODAY, ...slot, zoneId: 4, zoneName: "Coblong" } : null,
    deliveryZone: { zoneId: 4, name: "Coblong" },
    recipientName: "Ibu Sari",
    recipientPhone: "+62 812-3456-7890",
    cardMessage: "Selamat ulang tahun, Ibu!",
    senderAnonymous: false,
    items: [
      {
        productId: 3,
        productName: "Mawar Merah",
        quantity: 2,
        unitPrice: 75000,
        linePrice: 165000,
        size: "L",
        color: "Pink",
        customizations: [{ name: "Cokelat", price: 15000, quantity: 1 }],
      },
    ],
    ...extra,
  };
}

function day(date: string, morning: OrderDetail[], noon: OrderDetail[], unscheduled: OrderDetail[] = []) {
  return {
    date,
    slots: [
      { ...MORNING, capacity: 10, orders: morning },
      { ...NOON, capacity: 2, orders: noon },
    ],
    unscheduled,
  } satisfies DeliveriesAnswer;
}

function fillers(count: number, from: number): OrderDetail[] {
  return Array.from({ length: count }, (_, index) =>
    giftOrder(from + index, NOON, { recipientName: `Penerima ${index}` }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T18:30:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A fake server holding the runs of some days (any other day is empty); it notes which days were asked for. */
function deliveriesApi(days: Record<string, DeliveriesAnswer>, more: Record<string, FakeHandler | FakeAnswer> = {}) {
  const requestedDays: string[] = [];
  const api = fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/admin/deliveries": ({ url }) => {
      const date = url.searchParams.get("date") ?? "";
      requestedDays.push(date);
      return { body: days[date] ?? day(date, [], []) };
    },
    ...more,
  });
  return { ...api, requestedDays };
}

const renderDeliveries = () => renderScreen(<AdminDeliveriesPage />, { path: "/admin/deliveries" });

const group = (name: string) => screen.findByRole("region", { name });

describe("the deliveries screen", () => {
  it("opens on today in Bandung and groups the day's orders by slot, each counted against its capacity", async () => {
    const api = deliveriesApi({
      [TODAY]: day(TODAY, [giftOrder(12, MORNING)], fillers(2, 20), [
        giftOrder(30, null, { recipientName: "Pak Budi" }),
      ]),
    });
    renderDeliveries();

    const morning = await group("Pagi · 09:00–12:00");
    expect(api.requestedDays).toEqual([TODAY]);
    expect(screen.getByRole("heading", { level: 1, name: "Deliveries" })).toBeTruthy();
    expect(screen.getByText("Selasa, 24 November 2026")).toBeTruthy();
    expect((screen.getByLabelText("Delivery date") as HTMLInputElement).value).toBe(TODAY);
    expect(screen.getByText("4 deliveries")).toBeTruthy();

    expect(within(morning).getByText("1 / 10")).toBeTruthy();
    expect(
      within(morning)
        .getAllByRole("article")
        .map((order) => order.getAttribute("aria-label")),
    ).toEqual(["Order MB-012"]);
    const noon = await group("Siang · 12:00–15:00");
    expect(within(noon).getByText("2 / 2").className).toContain("is-full");
    expect(within(noon).getAllByRole("article")).toHaveLength(2);
    const unscheduled = await group("Without a slot");
    expect(within(unscheduled).getByRole("article", { name: "Order MB-030" }).textContent).toContain("Pak Budi");
  });

  it("shows each stop's recipient with a tel: link, the district, the address, the items and their add-ons", async () => {
    deliveriesApi({ [TODAY]: day(TODAY, [giftOrder(12, MORNING)], []) });
    renderDeliveries();

    const order = await screen.findByRole("article", { name: "Order MB-012" });
    const phone = within(order).getByRole("link", { name: "+62 812-3456-7890" });
    expect(phone.getAttribute("href")).toBe("tel:+6281234567890");
    const text = shownText(order);
    expect(text).toContain("Ibu Sari");
    expect(text).toContain("Coblong");
    expect(text).toContain("Jl. Dago No. 5, Bandung");
    expect(text).toContain("Mawar Merah · L · Pink × 2");
    expect(text).toContain("Add-ons: Cokelat × 1");
    expect(text).toContain("Order Received");
    expect(text).toContain("“Selamat ulang tahun, Ibu!”");
  });

  it("dials the phone read from the address block when an order has no recipient phone of its own", async () => {
    const older = giftOrder(12, MORNING, { recipientName: null, recipientPhone: null });
    deliveriesApi({ [TODAY]: day(TODAY, [older], []) });
    renderDeliveries();

    const order = await screen.findByRole("article", { name: "Order MB-012" });
    expect(shownText(order)).toContain("Rina Kusuma");
    expect(within(order).getByRole("link", { name: "0812 9876 5432" }).getAttribute("href")).toBe("tel:081298765432");
  });

  it("steps to the next and previous day and says when a day has no deliveries", async () => {
    const api = deliveriesApi({ [TODAY]: day(TODAY, [giftOrder(12, MORNING)], []) });
    const { user } = renderDeliveries();
    await screen.findByRole("article", { name: "Order MB-012" });

    await user.click(screen.getByRole("button", { name: "Next day" }));
    await screen.findByText("No deliveries on this day.");
    expect(screen.getByText("Rabu, 25 November 2026")).toBeTruthy();
    expect(within(await group("Pagi · 09:00–12:00")).getByText("0 / 10")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Without a slot" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Today" }));
    await screen.findByRole("article", { name: "Order MB-012" });
    await user.click(screen.getByRole("button", { name: "Previous day" }));
    await screen.findByText("Senin, 23 November 2026");
    expect(api.requestedDays).toEqual([TODAY, TOMORROW, "2026-11-23"]);
    expect(screen.getByRole("link", { name: "Print run sheet & cards" }).getAttribute("href")).toBe(
      "/admin/deliveries/print?date=2026-11-23",
    );
  });
});

const availability = (date: string, remaining: [number, number]): DayAvailability[] => [
  {
    date,
    slots: [
      { ...MORNING, remaining: remaining[0], available: remaining[0] > 0, reason: remaining[0] > 0 ? null : "full" },
      { ...NOON, remaining: remaining[1], available: remaining[1] > 0, reason: remaining[1] > 0 ? null : "full" },
    ],
  },
];

describe("moving an order", () => {
  function movingApi(moveAnswer?: FakeAnswer) {
    const order = giftOrder(12, MORNING);
    return deliveriesApi(
      { [TODAY]: day(TODAY, [order], []) },
      {
        "GET /api/delivery/availability": ({ url }) => {
          const from = url.searchParams.get("from") ?? TODAY;
          return { body: availability(from, from === TODAY ? [9, 0] : [5, 2]) };
        },
        "PATCH /api/order/12/delivery": ({ body }) => {
          if (moveAnswer) return moveAnswer;
          const { date, slotId } = body as { date: string; slotId: number };
          const slot = slotId === NOON.slotId ? NOON : MORNING;
          return { body: { ...order, delivery: { ...order.delivery, date, ...slot } } };
        },
      },
    );
  }

  it("books a full slot only after the over-capacity question, and says where the order went", async () => {
    const api = movingApi();
    const { user } = renderDeliveries();
    const order = await screen.findByRole("article", { name: "Order MB-012" });
    await user.click(within(order).getByRole("button", { name: "Move" }));

    const dialog = screen.getByRole("dialog", { name: "Move MB-012" });
    expect(shownText(dialog)).toContain("Now: Selasa, 24 November 2026 · Pagi 09:00–12:00");
    const morning = await within(dialog).findByRole("radio", { name: /Pagi/ });
    expect(morning.hasAttribute("disabled")).toBe(true);
    expect(shownText(morning.closest("label"))).toContain("Current slot");
    const noon = within(dialog).getByRole("radio", { name: /Siang/ });
    expect(shownText(noon.closest("label"))).toContain("Full");

    await user.click(noon);
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));
    const question = screen.getByRole("alertdialog", { name: "Book over capacity?" });
    expect(shownText(question)).toContain("Siang 12:00–15:00 on Selasa, 24 November 2026 is full.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("PATCH /api/order/12/delivery")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Move order" }));
    await user.click(screen.getByRole("button", { name: "Yes, book over capacity" }));
    await screen.findByText("MB-012 moved to Selasa, 24 November 2026 · Siang 12:00–15:00.");
    expect(api.callsTo("PATCH /api/order/12/delivery").map((call) => call.body)).toEqual([
      { date: TODAY, slotId: NOON.slotId, overCapacity: true },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("moves to a slot with room on another date without asking", async () => {
    const api = movingApi();
    const { user } = renderDeliveries();
    await user.click(
      within(await screen.findByRole("article", { name: "Order MB-012" })).getByRole("button", { name: "Move" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Move MB-012" });
    const dateField = within(dialog).getByLabelText("New delivery date") as HTMLInputElement;
    expect(dateField.min).toBe(TODAY);
    // The date picker is the browser's own; a picked date arrives as one change.
    fireEvent.change(dateField, { target: { value: TOMORROW } });
    const noon = await within(dialog).findByRole("radio", { name: /Siang/ });
    expect(shownText(noon.closest("label"))).toContain("2 left");
    await user.click(noon);
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));

    await screen.findByText("MB-012 moved to Rabu, 25 November 2026 · Siang 12:00–15:00.");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("PATCH /api/order/12/delivery").map((call) => call.body)).toEqual([
      { date: TOMORROW, slotId: NOON.slotId, overCapacity: false },
    ]);
  });

  it("shows the server's message when the move is refused, and keeps the dialog open", async () => {
    const refusal = { status: 409, body: { message: "Siang on 2026-11-25 is closed." } };
    movingApi(refusal);
    const { user } = renderDeliveries();
    await user.click(
      within(await screen.findByRole("article", { name: "Order MB-012" })).getByRole("button", { name: "Move" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Move MB-012" });
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a time slot.");

    fireEvent.change(within(dialog).getByLabelText("New delivery date"), { target: { value: TOMORROW } });
    await user.click(await within(dialog).findByRole("radio", { name: /Siang/ }));
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(refusal.body.message));
    expect(screen.getByRole("dialog", { name: "Move MB-012" })).toBeTruthy();
  });

  it("asks the over-capacity question when the server finds a slot past its cutoff full", async () => {
    const order = giftOrder(12, MORNING);
    const api = deliveriesApi(
      { [TODAY]: day(TODAY, [order], []) },
      {
        "GET /api/delivery/availability": {
          body: [
            {
              date: TODAY,
              slots: [
                { ...MORNING, remaining: 0, available: false, reason: "cutoff" },
                { ...NOON, remaining: 0, available: false, reason: "cutoff" },
              ],
            },
          ],
        },
        "PATCH /api/order/12/delivery": ({ body }) =>
          (body as { overCapacity: boolean }).overCapacity
            ? { body: { ...order, delivery: { ...order.delivery, ...NOON } } }
            : { status: 409, body: { message: "The Siang slot is full.", code: "SLOT_FULL" } },
      },
    );
    const { user } = renderDeliveries();
    await user.click(
      within(await screen.findByRole("article", { name: "Order MB-012" })).getByRole("button", { name: "Move" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Move MB-012" });
    const noon = await within(dialog).findByRole("radio", { name: /Siang/ });
    expect(shownText(noon.closest("label"))).toContain("Past today's cutoff");
    await user.click(noon);
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));

    const question = await screen.findByRole("alertdialog", { name: "Book over capacity?" });
    await user.click(within(question).getByRole("button", { name: "Yes, book over capacity" }));
    await screen.findByText("MB-012 moved to Selasa, 24 November 2026 · Siang 12:00–15:00.");
    expect(api.callsTo("PATCH /api/order/12/delivery").map((call) => call.body)).toEqual([
      { date: TODAY, slotId: NOON.slotId, overCapacity: false },
      { date: TODAY, slotId: NOON.slotId, overCapacity: true },
    ]);
  });

  it("offers no move for a finished order", async () => {
    deliveriesApi({ [TODAY]: day(TODAY, [giftOrder(12, MORNING, { orderStatus: "Finished" })], []) });
    renderDeliveries();
    const order = await screen.findByRole("article", { name: "Order MB-012" });
    expect(within(order).queryByRole("button", { name: "Move" })).toBeNull();
  });
});

describe("the print view", () => {
  it("prints the run sheet slot by slot and one card per order; an anonymous card carries no sender name", async () => {
    const anonymous = giftOrder(21, NOON, {
      username: "dimas",
      cardMessage: "Dari pengagum rahasiamu",
      senderAnonymous: true,
      recipientName: "Nadia",
    });
    deliveriesApi({ [TODAY]: day(TODAY, [giftOrder(12, MORNING)], [anonymous]) });
    renderScreen(<AdminDeliveriesPrintPage />, { path: "/admin/deliveries/print" });

    const sheet = await screen.findByRole("table");
    const rows = within(sheet)
      .getAllByRole("row")
      .map((row) => shownText(row));
    expect(rows[1]).toBe("Pagi · 09:00–12:00 · 1 / 10");
    expect(rows[2]).toContain("MB-012");
    expect(rows[2]).toContain("Ibu Sari");
    expect(rows[2]).toContain("+62 812-3456-7890");
    expect(rows[2]).toContain("Coblong");
    expect(rows[2]).toContain("Mawar Merah · L · Pink × 2");
    expect(rows[2]).toContain("+ Cokelat × 1");
    expect(rows[3]).toBe("Siang · 12:00–15:00 · 1 / 2");
    expect(rows[4]).toContain("MB-021");
    expect(screen.getByRole("heading", { level: 1, name: "Selasa, 24 November 2026" })).toBeTruthy();

    const signed = screen.getByRole("article", { name: "Card for MB-012" });
    expect(shownText(signed)).toContain("Selamat ulang tahun, Ibu!");
    expect(shownText(signed)).toContain("— siti");
    const secret = screen.getByRole("article", { name: "Card for MB-021" });
    expect(shownText(secret)).toContain("Dari pengagum rahasiamu");
    expect(shownText(secret)).not.toContain("dimas");
    expect(shownText(secret)).not.toContain("—");
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
