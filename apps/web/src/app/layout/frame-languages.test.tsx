import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, renderAdmin } from "../../../test/admin-render";
import { fakeApi } from "../../../test/fake-api";
import { orderDetail } from "../../../test/order-fixtures";
import { indonesianShopper, inIndonesian, loggedIn, loggedOut, renderScreen } from "../../../test/render-app";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import NotFoundPage from "./not-found";

describe("the page frame in Indonesian", () => {
  inIndonesian();

  it("names a visitor's links, menu button and Login in Indonesian", async () => {
    fakeApi({ "GET /api/users/session": loggedOut });
    renderScreen(<Navbar />, { path: "/" });
    const nav = screen.getByRole("navigation", { name: "Utama" });
    await within(nav).findByRole("link", { name: "Masuk" });
    const links = Array.from(nav.querySelectorAll(".navbar-links a")).map((link) => link.textContent);
    expect(links).toEqual(["Beranda", "Katalog", "Blog"]);
    expect(within(nav).getByRole("button", { name: "Buka menu" })).toBeTruthy();
  });

  // A logged-in reader sees the language of their account.
  it("shows a shopper's profile menu and Logout in Indonesian", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(indonesianShopper),
      "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
      "GET /api/cart/user/7/full": { body: { cartId: 3, items: [] } },
    });
    const { user } = renderScreen(<Navbar />, { path: "/" });
    await user.click(await screen.findByRole("button", { name: "siti" }));
    const items = Array.from(document.querySelectorAll(".profile-dropdown a")).map((link) => link.textContent);
    expect(items).toEqual(["Profil Saya", "Pesanan Saya", "Keranjang Saya"]);
    expect(screen.getByRole("button", { name: "Keluar" })).toBeTruthy();
  });

  it("names the admin's links in Indonesian and counts the receipts in words", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn({ ...admin, language: "id" }),
      "GET /api/order/admin/payments": {
        body: { orders: [1, 2].map((id) => orderDetail(id, "Order Received", "Awaiting Verification")) },
      },
    });
    renderAdmin(<Navbar />);
    const nav = screen.getByRole("navigation", { name: "Utama" });
    await within(nav).findByRole("link", { name: "Pembayaran", description: "2 bukti transfer menunggu verifikasi" });
    const links = Array.from(nav.querySelectorAll(".navbar-links a")).map((link) => link.firstChild?.textContent);
    expect(links).toEqual([
      "Dasbor",
      "Kelola Produk",
      "Kategori",
      "Acara",
      "Add-on",
      "Artikel blog",
      "Pengiriman",
      "Jadwal",
      "Pembayaran",
      "Pengaturan",
    ]);
  });

  it("writes the footer's tagline, links, contact and copyright in Indonesian, the address as it is", () => {
    renderScreen(<Footer />, { path: "/" });
    const footer = screen.getByRole("contentinfo");
    expect(
      within(footer).getByText(
        "Florist premium yang menghadirkan rangkaian bunga sesuai keinginan Anda, diantar langsung oleh tim kami.",
      ),
    ).toBeTruthy();
    const quickLinks = within(footer).getByRole("navigation", { name: "Tautan Cepat" });
    expect(
      within(quickLinks)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Beranda", "Katalog Produk", "Blog & Tips"]);
    expect(within(footer).getByRole("heading", { name: "Kontak" })).toBeTruthy();
    expect(within(footer).getByText("Andir, Bandung, Indonesia")).toBeTruthy();
    expect(within(footer).getByText("© 2025 Bandung Florist. Hak cipta dilindungi undang-undang.")).toBeTruthy();
  });

  it("says a page is not found in Indonesian, with the way home", () => {
    renderScreen(<NotFoundPage />, { path: "/" });
    expect(screen.getByRole("heading", { level: 1, name: "Halaman Tidak Ditemukan" })).toBeTruthy();
    expect(screen.getByText("Maaf, halaman yang Anda cari tidak ada.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ke Beranda" }).getAttribute("href")).toBe("/");
  });
});
