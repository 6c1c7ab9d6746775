import type { PaymentSettings } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { type FakeAnswer, fakeApi } from "../../../../test/fake-api";
import { PaymentSettingsCard } from "./payment-settings-card";

const STORED: PaymentSettings = {
  bankAccounts: [
    { bank: "BCA", accountNumber: "1234567890", accountName: "Bandung Florist" },
    { bank: "Mandiri", accountNumber: "1300012345678", accountName: "Bandung Florist" },
  ],
  paymentWindowMinutes: 1440,
};

function settingsApi(answer: (body: PaymentSettings) => FakeAnswer = (body) => ({ body })) {
  return fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/settings/payment": { body: STORED },
    "PUT /api/settings/payment": ({ body }) => answer(body as PaymentSettings),
  });
}

function account(name: string) {
  return screen.getByRole("listitem", { name });
}

describe("the payment settings", () => {
  it("shows the stored accounts and the window in minutes and hours", async () => {
    settingsApi();
    renderAdmin(<PaymentSettingsCard />);

    const first = await screen.findByRole("listitem", { name: "Rekening 1" });
    expect((within(first).getByLabelText("Bank") as HTMLInputElement).value).toBe("BCA");
    expect((within(account("Rekening 2")).getByLabelText("Nomor rekening") as HTMLInputElement).value).toBe(
      "1300012345678",
    );
    expect((screen.getByLabelText("Batas waktu pembayaran (menit)") as HTMLInputElement).value).toBe("1440");
    expect(screen.getByText(/= 24 jam\./)).toBeTruthy();
  });

  it("adds, edits and removes bank accounts and saves the list as shown", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<PaymentSettingsCard />);

    await screen.findByRole("listitem", { name: "Rekening 1" });
    await user.click(screen.getByRole("button", { name: "Hapus Rekening 1" }));
    const mandiri = within(account("Rekening 1")).getByLabelText("Atas nama");
    await user.clear(mandiri);
    await user.type(mandiri, "Toko Bunga Bandung");
    await user.click(screen.getByRole("button", { name: "Tambah Rekening" }));
    const added = account("Rekening 2");
    await user.type(within(added).getByLabelText("Bank"), "BRI");
    await user.type(within(added).getByLabelText("Nomor rekening"), "0021-01-000123-30-5");
    await user.type(within(added).getByLabelText("Atas nama"), "Toko Bunga Bandung");
    await user.click(screen.getByRole("button", { name: "Simpan Pembayaran" }));

    await screen.findByText("Pengaturan pembayaran berhasil disimpan.");
    expect(api.callsTo("PUT /api/settings/payment").map((call) => call.body)).toEqual([
      {
        bankAccounts: [
          { bank: "Mandiri", accountNumber: "1300012345678", accountName: "Toko Bunga Bandung" },
          { bank: "BRI", accountNumber: "0021-01-000123-30-5", accountName: "Toko Bunga Bandung" },
        ],
        paymentWindowMinutes: 1440,
      },
    ]);
  });

  it("allows a window of 0, which never lets an order lapse", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<PaymentSettingsCard />);

    const field = await screen.findByLabelText("Batas waktu pembayaran (menit)");
    await user.clear(field);
    await user.type(field, "0");
    expect(screen.getByText(/Pesanan tidak pernah kedaluwarsa/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Simpan Pembayaran" }));

    await screen.findByText("Pengaturan pembayaran berhasil disimpan.");
    expect(
      api.callsTo("PUT /api/settings/payment").map((call) => (call.body as PaymentSettings).paymentWindowMinutes),
    ).toEqual([0]);
  });

  it("shows the server's message naming the field it refused, and marks that field", async () => {
    settingsApi(() => ({ status: 400, body: { message: "bankAccounts.1.accountNumber: must be digits" } }));
    const { user } = renderAdmin(<PaymentSettingsCard />);

    const number = within(await screen.findByRole("listitem", { name: "Rekening 2" })).getByLabelText("Nomor rekening");
    await user.clear(number);
    await user.type(number, "abc");
    await user.click(screen.getByRole("button", { name: "Simpan Pembayaran" }));

    expect((await screen.findByRole("alert")).textContent).toBe("bankAccounts.1.accountNumber: must be digits");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(within(account("Rekening 1")).getByLabelText("Nomor rekening").getAttribute("aria-invalid")).toBeNull();
  });

  it("does not send an empty window, which the server would read as 0", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<PaymentSettingsCard />);

    await user.clear(await screen.findByLabelText("Batas waktu pembayaran (menit)"));
    await user.click(screen.getByRole("button", { name: "Simpan Pembayaran" }));

    expect((await screen.findByRole("alert")).textContent).toBe("paymentWindowMinutes: is required");
    expect(api.callsTo("PUT /api/settings/payment")).toHaveLength(0);
  });
});
