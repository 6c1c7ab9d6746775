import type { Product } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, categories, overview, renderAdmin, transaction } from "../../../test/admin-render";
import { fakeApi } from "../../../test/fake-api";
import { product } from "../../../test/product-fixtures";
import { inIndonesian } from "../../../test/render-app";
import AdminDashboardPage from "./routes/dashboard";
import AdminProductsPage from "./routes/products";
import AdminSettingsPage from "./routes/settings";

/**
 * The admin area in Bahasa Indonesia: labels, buttons and notices follow the language, while the
 * spec's Indonesian texts stay as they are and admin dates keep the Indonesian locale in both.
 */
/** An admin whose account reads the shop in Indonesian: the session keeps the screens in it. */
const adminSession = { body: { loggedIn: true, user: { ...admin, language: "id" } } };

describe("the admin area in Indonesian", () => {
  inIndonesian();

  it("shows the dashboard's cards, table and actions in Indonesian, with Indonesian dates", async () => {
    fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/order/admin/overview": {
        body: overview([transaction(1, "Order Received"), transaction(2, "Finished")]),
      },
    });
    const { user } = renderAdmin(<AdminDashboardPage />);

    expect(await screen.findByRole("heading", { level: 1, name: "Dasbor Admin" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Pendapatan Bulanan" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Transaksi" })).toBeTruthy();
    // The spec's own Indonesian texts are the same in both languages.
    expect(screen.getByRole("heading", { name: "Ulasan Terbaru" })).toBeTruthy();
    expect(screen.getByText("Belum ada ulasan.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ekspor ke Excel" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Pelanggan" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Aksi" })).toBeTruthy();
    expect(screen.getByText("Menampilkan 1-2 dari 2")).toBeTruthy();

    const received = screen.getByRole("row", { name: /MB-001/ });
    expect(within(received).getByRole("button", { name: "Lihat Detail" })).toBeTruthy();
    expect(within(received).getByRole("button", { name: "Mulai Pengiriman" })).toBeTruthy();
    expect(within(received).getByRole("button", { name: "Tolak Pesanan" })).toBeTruthy();
    expect(within(received).getByText("Menunggu")).toBeTruthy();
    expect(within(received).getByText("11 November 2026")).toBeTruthy();

    await user.click(within(received).getByRole("button", { name: "Mulai Pengiriman" }));
    const confirm = screen.getByRole("alertdialog");
    expect(within(confirm).getByText("Tandai pesanan ini sebagai Sedang Dikirim?")).toBeTruthy();
    expect(within(confirm).getByRole("button", { name: "Ya, mulai pengiriman" })).toBeTruthy();
  });

  it("shows Manage Products, its badges, row actions and form checks in Indonesian", async () => {
    const products: Product[] = [
      { ...product, productId: 1, name: "Rose Bouquet", categoryId: 1 },
      { ...product, productId: 2, name: "Lily Box", categoryId: 2, stockQuantity: 0 },
    ];
    fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/category": { body: categories },
      "GET /api/products": { body: products, headers: { "X-Total-Count": "2" } },
    });
    const { user } = renderAdmin(<AdminProductsPage />);

    expect(await screen.findByRole("heading", { level: 1, name: "Kelola Produk" })).toBeTruthy();
    expect(screen.getByText("Tambah, ubah stok, dan atur ketersediaan produk.")).toBeTruthy();
    const rose = await screen.findByRole("row", { name: /Rose Bouquet/ });
    expect(within(rose).getByText("Tersedia")).toBeTruthy();
    expect(within(rose).getByRole("button", { name: "Tandai Stok Habis" })).toBeTruthy();
    expect(within(rose).getByRole("button", { name: "Ganti Gambar" })).toBeTruthy();
    const lily = screen.getByRole("row", { name: /Lily Box/ });
    expect(within(lily).getByText("Stok Habis")).toBeTruthy();
    expect(within(lily).getByRole("button", { name: "Tandai Tersedia" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Harga" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Tambah Produk" }));
    const form = screen.getByRole("dialog", { name: "Tambah Produk Baru" });
    await user.click(within(form).getByRole("button", { name: "Simpan Produk" }));
    expect(within(form).getByRole("alert").textContent).toBe("Kategori wajib diisi.");
  });

  it("keeps the spec's Indonesian delivery fee texts and shows the payment settings in Indonesian", async () => {
    fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/settings/delivery-fee": { body: { deliveryFee: 50000 } },
      "GET /api/settings/payment": { body: { bankAccounts: [], paymentWindowMinutes: 90 } },
    });
    renderAdmin(<AdminSettingsPage />);

    expect(await screen.findByRole("heading", { level: 1, name: "Pengaturan" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Ongkos Kirim" })).toBeTruthy();
    expect(screen.getByLabelText("Ongkos kirim (IDR)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Simpan Perubahan" })).toBeTruthy();
    expect(await screen.findByText(/= 1 jam 30 menit\./)).toBeTruthy();
  });
});
