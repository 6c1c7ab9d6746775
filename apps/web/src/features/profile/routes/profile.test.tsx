import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { indonesianShopper, inIndonesian, loggedIn, renderScreen } from "../../../../test/render-app";
import ProfilePage from "./profile";

describe("My Profile, in Indonesian", () => {
  inIndonesian();

  it("labels the form in Indonesian, refuses an empty username and confirms an update", async () => {
    const api = fakeApi({
      "GET /api/users/session": loggedIn(indonesianShopper),
      "PATCH /api/users/7/profile": { body: { user: { ...indonesianShopper, username: "siti.rahma" } } },
    });
    const { user } = renderScreen(<ProfilePage />, { path: "/profil" });
    expect(await screen.findByRole("heading", { name: "Profil Saya" })).toBeTruthy();
    expect(screen.getByText("Alamat email Anda tidak dapat diubah.")).toBeTruthy();
    const username = screen.getByLabelText("Nama pengguna");
    await user.clear(username);
    await user.click(screen.getByRole("button", { name: "Perbarui Profil" }));
    expect(screen.getByRole("alert").textContent).toBe("Nama pengguna wajib diisi.");
    expect(api.callsTo("PATCH /api/users/7/profile")).toHaveLength(0);

    await user.type(username, "siti.rahma");
    await user.click(screen.getByRole("button", { name: "Perbarui Profil" }));
    expect(await screen.findByText("Profil berhasil diperbarui!")).toBeTruthy();
  });
});
