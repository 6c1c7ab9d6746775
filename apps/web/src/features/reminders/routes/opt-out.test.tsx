import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { inIndonesian, loggedOut, renderScreen } from "../../../../test/render-app";
import ReminderOptOutPage from "./opt-out";

describe("Stopping the yearly reminders, in Indonesian", () => {
  inIndonesian();

  it("explains and offers the button in Indonesian, and says a stale link is not valid", async () => {
    const api = fakeApi({
      "GET /api/users/session": loggedOut,
      "POST /api/reminders/opt-out": { status: 404, body: { message: "Tautan tidak ditemukan." } },
    });
    const { user } = renderScreen(<ReminderOptOutPage />, {
      path: "/pengingat/berhenti/:token",
      at: "/pengingat/berhenti/old",
    });
    expect(screen.getByRole("heading", { name: "Pengingat tahunan" })).toBeTruthy();
    expect(screen.getByText(/Tekan tombol ini dan kami tidak akan mengirim pengingat ini lagi./)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Hentikan pengingat" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Tautan ini tidak valid. Gunakan tautan di email pengingat terbaru.",
    );
    expect(api.callsTo("POST /api/reminders/opt-out")).toHaveLength(1);
  });
});
