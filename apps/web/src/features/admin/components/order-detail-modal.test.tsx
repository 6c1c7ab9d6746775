import type { DayAvailability, OrderDetail } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import { shownText } from "../../../../test/render-app";
import { OrderDetailModal } from "./order-detail-modal";

const TODAY = "2026-11-24";
const MORNING = { slotId: 1, label: "Pagi", start: "09:00", end: "12:00" };
const EVENING = { slotId: 3, label: "Sore", start: "15:00", end: "18:00" };

function giftOrder(delivery: typeof MORNING, extra: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...orderDetail(12, "Order Received"),
    delivery: { date: TODAY, ...delivery, zoneId: 4, zoneName: "Coblong" },
    deliveryZone: { zoneId: 4, name: "Coblong" },
    recipientName: "Ibu Sari",
    recipientPhone: "0812-3456-7890",
    cardMessage: "Cepat sembuh ya!",
    senderAnonymous: false,
    ...extra,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T02:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

function detailApi(order: OrderDetail) {
  let current = order;
  const evening: DayAvailability[] = [
    {
      date: TODAY,
      slots: [
        { ...MORNING, remaining: 3, available: true, reason: null },
        { ...EVENING, remaining: 4, available: true, reason: null },
      ],
    },
  ];
  return fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/12": () => ({ body: current }),
    "GET /api/delivery/availability": { body: evening },
    "PATCH /api/order/12/delivery": () => {
      current = { ...current, delivery: { ...EVENING, date: TODAY, zoneId: 4, zoneName: "Coblong" } };
      return { body: current };
    },
  });
}

describe("the order detail dialog", () => {
  it("shows the delivery date and slot, district, recipient, a phone to call and the signed card", async () => {
    detailApi(giftOrder(MORNING));
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const delivery = await screen.findByRole("region", { name: "Delivery" });
    const text = shownText(delivery);
    expect(text).toContain("Selasa, 24 November 2026 · Pagi 09:00–12:00");
    expect(text).toContain("Coblong");
    expect(text).toContain("Ibu Sari");
    expect(text).toContain("Cepat sembuh ya!");
    expect(within(delivery).getByText("siti")).toBeTruthy();
    expect(within(delivery).getByRole("link", { name: "0812-3456-7890" }).getAttribute("href")).toBe(
      "tel:081234567890",
    );
  });

  it("says the card is anonymous instead of naming the sender", async () => {
    detailApi(giftOrder(MORNING, { senderAnonymous: true }));
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const delivery = await screen.findByRole("region", { name: "Delivery" });
    expect(within(delivery).getByText("Anonymous")).toBeTruthy();
    expect(within(delivery).queryByText("siti")).toBeNull();
  });

  it("moves the order to another slot and shows the new one", async () => {
    const api = detailApi(giftOrder(MORNING));
    const { user } = renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const delivery = await screen.findByRole("region", { name: "Delivery" });
    await user.click(within(delivery).getByRole("button", { name: "Move delivery" }));
    const dialog = screen.getByRole("dialog", { name: "Move MB-012" });
    await user.click(await within(dialog).findByRole("radio", { name: /Sore/ }));
    await user.click(within(dialog).getByRole("button", { name: "Move order" }));

    await within(delivery).findByText("Moved to Selasa, 24 November 2026 · Sore 15:00–18:00.");
    await within(delivery).findByText("Selasa, 24 November 2026 · Sore 15:00–18:00");
    expect(api.callsTo("PATCH /api/order/12/delivery").map((call) => call.body)).toEqual([
      { date: TODAY, slotId: EVENING.slotId, overCapacity: false },
    ]);
  });

  it("shows the name and phone of an order without recipient fields once, in its shipping address", async () => {
    const plain = {
      ...orderDetail(12, "Order Received"),
      shippingAddress: "Rina Kusuma\nJl. Dago No. 5\nBandung\nEmail: rina@example.com\nTelepon: 081298765432",
    };
    detailApi(plain);
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    await screen.findByRole("region", { name: "Delivery" });
    expect(screen.getAllByText("Rina Kusuma")).toHaveLength(1);
    expect(screen.getAllByText("081298765432")).toHaveLength(1);
    const delivery = screen.getByRole("region", { name: "Delivery" });
    expect(within(delivery).getByText("No slot")).toBeTruthy();
    expect(within(delivery).queryByText("Card signed")).toBeNull();
  });

  it("offers no move for a denied order and says when an order has no slot", async () => {
    detailApi({ ...giftOrder(MORNING, { orderStatus: "Denied" }), delivery: null });
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const delivery = await screen.findByRole("region", { name: "Delivery" });
    expect(within(delivery).getByText("No slot")).toBeTruthy();
    expect(within(delivery).queryByRole("button", { name: "Move delivery" })).toBeNull();
  });
});
