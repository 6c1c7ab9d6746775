import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { indonesianShopper, inIndonesian, loggedOut, renderScreen, shopper } from "../../../../test/render-app";
import { currentLanguage, switchLanguage } from "../../../lib/i18n";
import LoginPage from "./login";
import SignupPage from "./signup";

async function logIn(
  user: ReturnType<typeof renderScreen>["user"],
  labels = { who: "Username or email", pass: "Password" },
) {
  await user.type(screen.getByLabelText(labels.who), "siti");
  await user.type(screen.getByLabelText(labels.pass), "Mawar2025!x");
}

describe("the account's language", () => {
  afterEach(() => switchLanguage("en"));

  it("logging in to an account that reads Indonesian shows the shop in Indonesian and remembers it here", async () => {
    fakeApi({
      "GET /api/users/session": loggedOut,
      "POST /api/users/login": { body: { user: indonesianShopper } },
    });
    const { user } = renderScreen(<LoginPage />, { path: "/login" });
    await logIn(user);
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Now at /" })).toBeTruthy();
    expect(currentLanguage()).toBe("id");
    expect(document.documentElement.lang).toBe("id");
    expect(document.cookie).toContain("lang=id");
  });

  it("an English account brings an Indonesian screen back to English", async () => {
    await switchLanguage("id");
    fakeApi({
      "GET /api/users/session": loggedOut,
      "POST /api/users/login": { body: { user: shopper } },
    });
    const { user } = renderScreen(<LoginPage />, { path: "/login" });
    await logIn(user, { who: "Nama pengguna atau email", pass: "Kata sandi" });
    await user.click(screen.getByRole("button", { name: "Masuk" }));
    expect(await screen.findByRole("heading", { name: "Now at /" })).toBeTruthy();
    expect(currentLanguage()).toBe("en");
  });

  it("a new account keeps the language the shop is shown in", async () => {
    await switchLanguage("id");
    const api = fakeApi({
      "GET /api/users/session": loggedOut,
      "POST /api/users/register": { status: 201, body: { user: indonesianShopper } },
      "POST /api/users/login": { body: { user: indonesianShopper } },
    });
    const { user } = renderScreen(<SignupPage />, { path: "/signup" });
    await user.type(screen.getByLabelText("Nama pengguna"), "siti");
    await user.type(screen.getByLabelText("Email"), "siti@example.com");
    await user.type(screen.getByLabelText("Kata sandi"), "Mawar2025x");
    await user.type(screen.getByLabelText("Konfirmasi kata sandi"), "Mawar2025x");
    await user.click(screen.getByRole("button", { name: "Daftar" }));
    expect(await screen.findByRole("heading", { name: "Now at /" })).toBeTruthy();
    expect(api.callsTo("POST /api/users/register")[0]?.body).toMatchObject({ username: "siti", language: "id" });
  });
});

describe("the account screens, in Indonesian", () => {
  inIndonesian();

  it("greet, label and refuse in Indonesian; the spec's Indonesian failure stays as written", async () => {
    fakeApi({ "GET /api/users/session": loggedOut, "POST /api/users/login": { status: 401, body: {} } });
    const { user } = renderScreen(<LoginPage />, { path: "/login" });
    expect(screen.getByRole("heading", { name: "Selamat datang kembali" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Masuk" }));
    expect(screen.getByText("Nama pengguna atau email wajib diisi.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Lupa kata sandi?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tampilkan kata sandi" })).toBeTruthy();
    await logIn(user, { who: "Nama pengguna atau email", pass: "Kata sandi" });
    await user.click(screen.getByRole("button", { name: "Masuk" }));
    expect(await screen.findByText("Login gagal. Mohon coba lagi.")).toBeTruthy();
  });
});
