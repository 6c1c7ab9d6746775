import type { OrderSummary } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedIn, renderScreen, shownText } from "../../../../test/render-app";
import OrdersPage from "./orders";

const plain: OrderSummary = {
  orderId: 7,
  orderDate: "2026-11-20T03:00:00.000Z",
  orderStatus: "Finished",
  paymentStatus: "Paid",
  totalPrice: 200_000,
  shippingCost: 50_000,
  review: null,
  orderProof: null,
  delivery: null,
  deliveryZone: null,
  recipientName: null,
  recipientPhone: null,
  cardMessage: null,
  senderAnonymous: false,
  paymentDueAt: null,
  paymentProof: null,
  paymentNote: null,
};

const gift: OrderSummary = {
  ...plain,
  orderId: 12,
  orderStatus: "Order Received",
  paymentStatus: "Pending",
  delivery: {
    date: "2026-12-12",
    slotId: 1,
    label: "Morning",
    start: "09:00",
    end: "12:00",
    zoneId: 3,
    zoneName: "Coblong",
  },
  deliveryZone: { zoneId: 3, name: "Coblong" },
  recipientName: "Ibu Sari",
  recipientPhone: "0812 3456 7890",
  cardMessage: "Selamat ulang tahun, Ibu! 🌷",
  senderAnonymous: true,
};

function rowOf(orderId: string) {
  const cell = screen.getByRole("rowheader", { name: orderId });
  const row = cell.closest("tr");
  if (!row) throw new Error(`${orderId} has no row`);
  return within(row);
}

describe("My Orders", () => {
  it("shows each order's delivery day and slot in shop time, the district, the recipient and the card", async () => {
    fakeApi({ "GET /api/users/session": loggedIn(), "GET /api/order/user/7": { body: [gift, plain] } });
    renderScreen(<OrdersPage />, { path: "/pesanan" });
    await screen.findByRole("rowheader", { name: "MB-012" });

    expect(screen.getAllByRole("columnheader").map(shownText)).toEqual([
      "Order ID",
      "Date",
      "Delivery",
      "Status",
      "Total",
      "Action",
    ]);
    const delivery = shownText(rowOf("MB-012").getByRole("cell", { name: /Sat 12 Dec/ }));
    expect(delivery).toContain("Sat 12 Dec · 09:00–12:00 WIB");
    expect(delivery).toContain("Coblong · for Ibu Sari");
    expect(delivery).toContain("“Selamat ulang tahun, Ibu! 🌷”");
    expect(delivery).toContain("Anonymous");

    // An order placed without a slot (or before there were slots) waits for the florist's call.
    expect(rowOf("MB-007").getByText("To be arranged")).toBeTruthy();
    expect(rowOf("MB-007").queryByText("Anonymous")).toBeNull();
  });
});
