import type { OrderDetail, PaymentSettings } from "@florist/contract";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import {
  indonesianShopper,
  inIndonesian,
  loggedIn,
  renderScreen,
  rupiah,
  shownText,
} from "../../../../test/render-app";
import HowToPayPage from "./how-to-pay";

const order = orderDetail(42, "Order Received", "Pending", {
  shippingAddress: "Siti Rahma\nJl. Dago 1\nBandung",
  orderDate: "2026-11-23T08:00:00.000Z",
  totalPrice: 355_000,
  shippingCost: 40_000,
  recipientName: "Siti Rahma",
  recipientPhone: "0812 3456 7890",
  paymentDueAt: "2026-11-24T08:00:00.000Z",
});

const settings: PaymentSettings = {
  bankAccounts: [
    { bank: "BCA", accountNumber: "123 456 7890", accountName: "Bandung Florist" },
    { bank: "Mandiri", accountNumber: "1300012345678", accountName: "Rina Wulandari" },
  ],
  paymentWindowMinutes: 1440,
};

function payApi(
  shown: OrderDetail = order,
  receipt?: (body: unknown) => { status?: number; body?: unknown },
  session = loggedIn(),
) {
  return fakeApi({
    "GET /api/users/session": session,
    "GET /api/order/42": { body: shown },
    "GET /api/settings/payment": { body: settings },
    "PUT /api/order/42/payment-proof": ({ body }) =>
      receipt ? receipt(body) : { body: { ...shown, paymentStatus: "Awaiting Verification", paymentProof: "/x.webp" } },
  });
}

function openPage() {
  return renderScreen(<HowToPayPage />, { path: "/pesanan/:orderId/bayar", at: "/pesanan/42/bayar" });
}

const photo = (size: number, type = "image/jpeg") =>
  new File([new Uint8Array(size)], "transfer.jpg", { type, lastModified: 0 });

afterEach(() => {
  vi.useRealTimers();
});

describe("How to pay", () => {
  it("shows the deadline in WIB and counts down to it each second", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date("2026-11-23T09:30:00.000Z"));
    payApi();
    openPage();

    // 08:00 UTC is 15:00 in Bandung, whatever zone the browser runs in.
    expect(shownText(await screen.findByText(/Pay before/))).toBe("Pay before Tue 24 Nov, 15:00 WIB");
    expect(shownText(screen.getByRole("timer"))).toBe("22:30:00 left");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shownText(screen.getByRole("timer"))).toBe("22:29:59 left");

    vi.setSystemTime(new Date("2026-11-24T08:00:01.000Z"));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shownText(screen.getByRole("timer"))).toContain("The time to pay has passed");
  });

  it("copies the amount, the display id as transfer note and each account number", async () => {
    payApi();
    const { user } = openPage();
    const amount = await screen.findByRole("button", { name: "Copy amount" });
    expect(shownText(amount.closest("dd"))).toContain(rupiah(355_000));

    await user.click(amount);
    expect(await navigator.clipboard.readText()).toBe("355000");
    expect(shownText(amount)).toBe("Copied");

    await user.click(screen.getByRole("button", { name: "Copy transfer note" }));
    expect(await navigator.clipboard.readText()).toBe("MB-042");

    const bca = await screen.findByRole("button", { name: "Copy BCA account number 123 456 7890" });
    expect(shownText(bca.closest("li"))).toContain("a.n. Bandung Florist");
    await user.click(bca);
    expect(await navigator.clipboard.readText()).toBe("1234567890");
    await user.click(screen.getByRole("button", { name: "Copy Mandiri account number 1300012345678" }));
    expect(await navigator.clipboard.readText()).toBe("1300012345678");
  });

  it("offers a WhatsApp confirmation with the display id and amount written in", async () => {
    payApi();
    openPage();
    const link = await screen.findByRole("link", { name: "Confirm via WhatsApp" });
    const href = new URL(link.getAttribute("href") ?? "");
    expect(href.origin).toBe("https://wa.me");
    expect(href.searchParams.get("text")?.replace(/\s+/g, " ")).toBe(
      `Halo, saya sudah transfer untuk pesanan MB-042 sebesar ${rupiah(355_000)}.`,
    );
  });

  it("previews the transfer receipt before sending it, then says it is being checked", async () => {
    const api = payApi();
    const { user } = openPage();
    const input = await screen.findByLabelText("Transfer receipt");
    await user.upload(input, photo(200_000));
    const preview = screen.getByRole("img", { name: "Preview of the transfer receipt" });
    expect(preview.getAttribute("src")).toMatch(/^blob:/);
    expect(api.callsTo("PUT /api/order/42/payment-proof")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Send transfer receipt" }));
    expect(shownText(await screen.findByRole("status"))).toContain("Being checked.");
    const [call] = api.callsTo("PUT /api/order/42/payment-proof");
    expect((call?.body as FormData | undefined)?.get("payment_proof")).toBeInstanceOf(File);
    expect(screen.queryByLabelText("Transfer receipt")).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("refuses a receipt over 5 MB or not an image before anything is sent", async () => {
    const api = payApi();
    const { user } = openPage();
    const input = (await screen.findByLabelText("Transfer receipt")) as HTMLInputElement;

    await user.upload(input, photo(5 * 1024 * 1024 + 1));
    expect(shownText(screen.getByRole("alert"))).toBe("The transfer receipt is too large: at most 5 MB.");
    expect(screen.queryByRole("img", { name: "Preview of the transfer receipt" })).toBeNull();

    // The picker offers images only, but a file can still be dropped or chosen as "All files".
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "receipt.pdf", { type: "application/pdf" })] } });
    expect(shownText(screen.getByRole("alert"))).toBe("The transfer receipt must be a JPG, PNG or WebP image.");

    await user.click(screen.getByRole("button", { name: "Send transfer receipt" }));
    expect(shownText(screen.getByRole("alert"))).toBe("Please choose the photo of your transfer receipt.");
    expect(api.callsTo("PUT /api/order/42/payment-proof")).toHaveLength(0);
  });

  it("shows the server's refusal of a receipt", async () => {
    payApi(order, () => ({ status: 409, body: { message: "This order's receipt is already being checked." } }));
    const { user } = openPage();
    await user.upload(await screen.findByLabelText("Transfer receipt"), photo(1000));
    await user.click(screen.getByRole("button", { name: "Send transfer receipt" }));
    expect(shownText(await screen.findByRole("alert"))).toBe("This order's receipt is already being checked.");
  });

  it("after a rejection says why and takes the receipt again", async () => {
    payApi({ ...order, paymentStatus: "Rejected", paymentNote: "The amount is not readable" });
    openPage();
    const transfer = within(await screen.findByRole("region", { name: "Transfer" }));
    expect(transfer.getByText("Rejected: The amount is not readable")).toBeTruthy();
    expect(await screen.findByText(/Please send the transfer receipt again/)).toBeTruthy();
    expect(screen.getByLabelText("Transfer receipt")).toBeTruthy();
    // A receipt was sent once: the order no longer lapses on its own.
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("once paid asks for nothing more", async () => {
    payApi({ ...order, paymentStatus: "Paid", paymentDueAt: null });
    openPage();
    expect(await screen.findByText("Paid. Thank you!")).toBeTruthy();
    expect(screen.queryByLabelText("Transfer receipt")).toBeNull();
    expect(screen.queryByRole("link", { name: "Confirm via WhatsApp" })).toBeNull();
  });

  it("asks no payment for a cancelled order", async () => {
    payApi({ ...order, orderStatus: "Cancelled" });
    openPage();
    expect(await screen.findByText("This order is cancelled: there is nothing to pay.")).toBeTruthy();
    expect(screen.getByText("No payment needed")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByLabelText("Transfer receipt")).toBeNull();
    expect(screen.queryByRole("link", { name: "Confirm via WhatsApp" })).toBeNull();
  });
});

describe("How to pay, in Indonesian", () => {
  inIndonesian();

  it("says how to pay, the deadline in WIB and the time left in Indonesian; the amount stays in rupiah", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date("2026-11-22T07:30:00.000Z"));
    payApi(order, undefined, loggedIn(indonesianShopper));
    openPage();
    expect(await screen.findByRole("heading", { name: "Cara membayar" })).toBeTruthy();
    expect(shownText(await screen.findByText(/Bayar sebelum/))).toBe("Bayar sebelum Sel 24 Nov, 15:00 WIB");
    expect(shownText(screen.getByRole("timer"))).toBe("sisa 2 hari 00:30:00");
    expect(screen.getByText("Menunggu pembayaran")).toBeTruthy();
    expect(screen.getByText(rupiah(355_000))).toBeTruthy();
    expect(screen.getByRole("button", { name: "Salin jumlah" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Kirim bukti transfer" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Kembali ke Pesanan Saya" })).toBeTruthy();
  });
});
