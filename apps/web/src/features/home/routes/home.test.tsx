import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { inIndonesian, loggedOut, renderScreen } from "../../../../test/render-app";
import HomePage from "./home";

function homeApi() {
  return fakeApi({
    "GET /api/users/session": loggedOut,
    "GET /api/posts": { body: [] },
    "GET /api/occasions": { body: [] },
    "GET /api/catalog": { body: [] },
  });
}

describe("the home page", () => {
  it("keeps the spec's hero text in English", () => {
    homeApi();
    renderScreen(<HomePage />, { path: "/" });
    expect(screen.getByRole("heading", { level: 1, name: "Sharing Happiness and Capturing the Moment" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Shop the Collection" }).getAttribute("href")).toBe("/katalog");
  });

  describe("in Indonesian", () => {
    inIndonesian();

    it("shows the hero, the carousel and its controls in Indonesian", () => {
      homeApi();
      renderScreen(<HomePage />, { path: "/" });
      expect(
        screen.getByRole("heading", { level: 1, name: "Berbagi Kebahagiaan dan Mengabadikan Momen" }),
      ).toBeTruthy();
      expect(screen.getByRole("link", { name: "Lihat Koleksi" }).getAttribute("href")).toBe("/katalog");
      expect(screen.getByRole("link", { name: "Konsultasi Gratis" }).getAttribute("href")).toBe("#consultation");
      expect(screen.getByRole("img", { name: /^Buket mawar merah, merah muda, dan putih/ })).toBeTruthy();

      const carousel = screen.getByRole("region", { name: "Rangkaian Favorit Kami" });
      expect(carousel.getAttribute("aria-roledescription")).toBe("korsel");
      expect(within(carousel).getByRole("heading", { name: "Buket Tangan Klasik" })).toBeTruthy();
      expect(carousel.querySelector('[aria-label="1 dari 3"]')?.getAttribute("aria-roledescription")).toBe("slide");
      expect(within(carousel).getByRole("button", { name: "Slide berikutnya" })).toBeTruthy();
      expect(within(carousel).getByRole("button", { name: "Ke slide 3" })).toBeTruthy();
      expect(screen.getByRole("link", { name: "Jelajahi Katalog Kami" }).getAttribute("href")).toBe("/katalog");
    });

    it("shows the commitment, blog teaser, testimonials and consultation in Indonesian", async () => {
      homeApi();
      renderScreen(<HomePage />, { path: "/" });
      const commitment = screen.getByRole("region", { name: "Setiap Rangkaian, Dibuat dengan Sepenuh Hati" });
      expect(
        within(commitment)
          .getAllByRole("heading", { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(["Bunga Segar Premium", "Desain Kreatif dan Personal", "Pengiriman Tepat Waktu"]);
      expect(
        within(commitment).getByRole("button", { name: "Putar video: Cara kami merangkai bunga Anda" }),
      ).toBeTruthy();

      const blog = screen.getByRole("region", { name: "Blog & Tips" });
      expect(await within(blog).findByRole("link", { name: "Lihat Semua Artikel" })).toBeTruthy();

      const testimonials = screen.getByRole("region", { name: "Kata Pelanggan Kami" });
      expect(within(testimonials).getByText(/Sekarang jadi florist langganan saya di Bandung/)).toBeTruthy();

      const consultation = screen.getByRole("region", { name: "Bingung mau kirim apa?" });
      const chat = within(consultation).getByRole("link", { name: "Chat lewat WhatsApp" });
      expect(chat.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    });
  });
});
