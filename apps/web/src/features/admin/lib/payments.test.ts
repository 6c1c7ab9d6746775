import { describe, expect, it } from "vitest";
import { canMarkPaid, paymentWindowText, whatsappHref, whatsappNumber } from "./payments";

describe("an order's phone as a WhatsApp number", () => {
  it("writes an Indonesian number in international form", () => {
    expect(whatsappNumber("0812-3456-7890")).toBe("6281234567890");
    expect(whatsappNumber("+62 812 3456 7890")).toBe("6281234567890");
    expect(whatsappNumber("6281234567890")).toBe("6281234567890");
    expect(whatsappNumber("812 3456 7890")).toBe("6281234567890");
  });

  it("gives no link for a missing or too short phone", () => {
    expect(whatsappHref(null)).toBeNull();
    expect(whatsappHref("123")).toBeNull();
    expect(whatsappHref("08123456789")).toBe("https://wa.me/628123456789");
  });
});

describe("marking an order paid", () => {
  it("is offered until the order is paid, denied or cancelled", () => {
    expect(canMarkPaid({ orderStatus: "Order Received", paymentStatus: "Pending" })).toBe(true);
    expect(canMarkPaid({ orderStatus: "In Delivery", paymentStatus: "Rejected" })).toBe(true);
    expect(canMarkPaid({ orderStatus: "Order Received", paymentStatus: "Awaiting Verification" })).toBe(true);
    expect(canMarkPaid({ orderStatus: "Order Received", paymentStatus: "paid" })).toBe(false);
    expect(canMarkPaid({ orderStatus: "Denied", paymentStatus: "Pending" })).toBe(false);
    expect(canMarkPaid({ orderStatus: "Cancelled", paymentStatus: "Pending" })).toBe(false);
  });
});

describe("the payment window in hours", () => {
  it("says hours and minutes, and that 0 never lapses", () => {
    expect(paymentWindowText(1440)).toBe("= 24 jam");
    expect(paymentWindowText(90)).toBe("= 1 jam 30 menit");
    expect(paymentWindowText(45)).toBe("= 45 menit");
    expect(paymentWindowText(0)).toBe("Pesanan tidak pernah kedaluwarsa");
  });
});
