import type { OrderSummary } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { orderSummary } from "../../../../test/order-fixtures";
import { indonesianShopper, inIndonesian, loggedIn, renderScreen, shownText } from "../../../../test/render-app";
import OrdersPage from "./orders";

const plain = orderSummary(7, "Finished", "Paid", {
  orderDate: "2026-11-20T03:00:00.000Z",
  totalPrice: 200_000,
  shippingCost: 50_000,
});

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
      "Payment",
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

  it("says each payment state in words and offers the way to pay until it is paid", async () => {
    const checking = { ...gift, orderId: 13, paymentStatus: "Awaiting Verification", paymentProof: "/r.webp" };
    const rejected = { ...gift, orderId: 14, paymentStatus: "Rejected", paymentNote: "The amount is not readable" };
    const cancelled = { ...gift, orderId: 15, orderStatus: "Cancelled" };
    fakeApi({
      "GET /api/users/session": loggedIn(),
      "GET /api/order/user/7": { body: [gift, checking, rejected, cancelled, plain] },
    });
    renderScreen(<OrdersPage />, { path: "/pesanan" });
    await screen.findByRole("rowheader", { name: "MB-012" });

    const payment = (id: string) => {
      const cell = screen.getByRole("rowheader", { name: id }).closest("tr")?.querySelector('[data-label="Payment"]');
      const link = cell?.querySelector("a");
      return [shownText(cell?.querySelector(".order-payment-state")), link ? shownText(link) : null];
    };
    expect(payment("MB-012")).toEqual(["Waiting for payment", "How to pay"]);
    expect(payment("MB-013")).toEqual(["Being checked", "How to pay"]);
    expect(payment("MB-014")).toEqual(["Rejected: The amount is not readable", "Upload receipt again"]);
    expect(payment("MB-015")).toEqual(["No payment needed", null]);
    expect(payment("MB-007")).toEqual(["Paid", null]);
    expect(rowOf("MB-014").getByRole("link", { name: "Upload receipt again" }).getAttribute("href")).toBe(
      "/pesanan/14/bayar",
    );
    expect(rowOf("MB-007").getByRole("link", { name: "Invoice" }).getAttribute("href")).toBe("/api/order/7/invoice");
  });

  it("cancels an unpaid order only after the shopper confirms", async () => {
    let cancelled = false;
    const api = fakeApi({
      "GET /api/users/session": loggedIn(),
      "GET /api/order/user/7": () => ({ body: [cancelled ? { ...gift, orderStatus: "Cancelled" } : gift, plain] }),
      "POST /api/order/12/cancel": () => {
        cancelled = true;
        return { body: { ...gift, orderStatus: "Cancelled" } };
      },
    });
    const { user } = renderScreen(<OrdersPage />, { path: "/pesanan" });
    await screen.findByRole("rowheader", { name: "MB-012" });
    // A paid or finished order cannot be cancelled by the shopper.
    expect(rowOf("MB-007").queryByRole("button", { name: "Cancel Order" })).toBeNull();

    await user.click(rowOf("MB-012").getByRole("button", { name: "Cancel Order" }));
    let dialog = screen.getByRole("alertdialog", { name: "Cancel this order?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep the order" }));
    expect(api.callsTo("POST /api/order/12/cancel")).toHaveLength(0);

    await user.click(rowOf("MB-012").getByRole("button", { name: "Cancel Order" }));
    dialog = screen.getByRole("alertdialog", { name: "Cancel this order?" });
    expect(shownText(dialog)).toContain("Order MB-012 will be cancelled");
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel the order" }));
    expect(await screen.findByRole("alertdialog", { name: "Order MB-012 has been cancelled." })).toBeTruthy();
    expect(api.callsTo("POST /api/order/12/cancel")).toHaveLength(1);
    await screen.findByText("Cancelled");
    expect(rowOf("MB-012").queryByRole("button", { name: "Cancel Order" })).toBeNull();
  });

  it("shows the server's refusal to cancel", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(),
      "GET /api/order/user/7": { body: [gift] },
      "POST /api/order/12/cancel": { status: 409, body: { message: "This order can no longer be cancelled." } },
    });
    const { user } = renderScreen(<OrdersPage />, { path: "/pesanan" });
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    await user.click(screen.getByRole("button", { name: "Yes, cancel the order" }));
    expect(await screen.findByRole("alertdialog", { name: "This order can no longer be cancelled." })).toBeTruthy();
  });
});

describe("My Orders, in Indonesian", () => {
  inIndonesian();

  it("names the columns, statuses and payments in Indonesian and dates in the Indonesian way, in WIB", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(indonesianShopper),
      "GET /api/order/user/7": { body: [gift, { ...plain, orderDate: "2026-08-20T03:00:00.000Z" }] },
    });
    renderScreen(<OrdersPage />, { path: "/pesanan" });
    expect(await screen.findByRole("heading", { name: "Pesanan Saya" })).toBeTruthy();
    await screen.findByRole("rowheader", { name: "MB-012" });
    expect(screen.getAllByRole("columnheader").map(shownText)).toEqual([
      "ID Pesanan",
      "Tanggal",
      "Pengiriman",
      "Status",
      "Pembayaran",
      "Total",
      "Aksi",
    ]);
    const gifted = rowOf("MB-012");
    expect(gifted.getByText("Pesanan Diterima")).toBeTruthy();
    expect(gifted.getByText("Menunggu pembayaran")).toBeTruthy();
    expect(shownText(gifted.getByRole("cell", { name: /Sab, 12 Des/ }))).toContain("Coblong · untuk Ibu Sari");
    expect(gifted.getByText("Tanpa nama")).toBeTruthy();
    expect(gifted.getByRole("button", { name: "Batalkan Pesanan" })).toBeTruthy();
    const done = rowOf("MB-007");
    expect(done.getByText("Selesai")).toBeTruthy();
    expect(done.getByText("Lunas")).toBeTruthy();
    expect(done.getByText("20 Agu 2026")).toBeTruthy();
    expect(done.getByRole("link", { name: "Tulis Ulasan" })).toBeTruthy();
  });
});
