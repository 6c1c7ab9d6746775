import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedOut, renderScreen } from "../../../../test/render-app";
import ResetPasswordPage from "./reset-password";

const FAILED = "Terjadi kesalahan saat mengubah password. Silakan coba lagi.";

async function submitNewPassword(answer: { status: number; body: unknown }) {
  fakeApi({ "GET /api/users/session": loggedOut, "PATCH /api/users/resetpassword/abc123": answer });
  const { user } = renderScreen(<ResetPasswordPage />, {
    path: "/reset-password/:resetToken",
    at: "/reset-password/abc123",
  });
  await user.type(screen.getByLabelText("New password"), "Mawar2025!x");
  await user.type(screen.getByLabelText("Confirm new password"), "Mawar2025!x");
  await user.click(screen.getByRole("button", { name: "Change Password" }));
  return screen.findByText(FAILED);
}

describe("Reset password", () => {
  it("shows the spec's Indonesian failure text alone, never the server's English, and offers a new link for a spent one", async () => {
    const alert = await submitNewPassword({
      status: 400,
      body: { message: "This reset link is invalid or has expired." },
    });
    expect(alert.textContent).toBe(FAILED);
    expect(screen.queryByText(/invalid or has expired/)).toBeNull();
    expect(screen.getByRole("link", { name: "Minta tautan baru" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("offers no new link when the server failed for another reason", async () => {
    const alert = await submitNewPassword({ status: 500, body: { message: "Internal Server Error" } });
    expect(alert.textContent).toBe(FAILED);
    expect(screen.queryByRole("link", { name: "Minta tautan baru" })).toBeNull();
  });
});
