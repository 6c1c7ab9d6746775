import type { DeliverySchedule } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { closeRange, closingProblem, datesBetween, draftOf, problemPlace, scheduleProblem } from "./schedule-draft";

const saved: DeliverySchedule = {
  timezone: "Asia/Jakarta",
  windowDays: 30,
  slots: [
    { slotId: 1, label: "Pagi", start: "09:00", end: "12:00", sameDayCutoff: "08:00", capacity: 10, active: true },
  ],
  zones: [{ zoneId: 1, name: "Coblong", fee: 25000, active: true }],
  closedDates: [
    { date: "2026-12-31", slotIds: [], reason: "Tahun baru" },
    { date: "2026-11-20", slotIds: [], reason: "Yesterday's closing" },
    { date: "2026-11-23", slotIds: [1] },
  ],
};

describe("the schedule draft", () => {
  it("leaves out closed dates before today, which the schedule's PUT may not send back, and sorts the rest", () => {
    expect(draftOf(saved, "2026-11-23").closedDates).toEqual([
      { date: "2026-11-23", slotIds: [1], reason: "" },
      { date: "2026-12-31", slotIds: [], reason: "Tahun baru" },
    ]);
  });

  it("lists every day of a range across a month and a year end, both ends included", () => {
    expect(datesBetween("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(datesBetween("2026-12-30", "")).toEqual(["2026-12-30"]);
  });

  it("closes a range as one closed date per day, in place of what those days held", () => {
    const closed = closeRange(draftOf(saved, "2026-11-23").closedDates, {
      from: "2026-12-30",
      to: "2027-01-01",
      slotIds: [],
      reason: " Libur ",
    });
    expect(closed).toEqual([
      { date: "2026-11-23", slotIds: [1], reason: "" },
      { date: "2026-12-30", slotIds: [], reason: "Libur" },
      { date: "2026-12-31", slotIds: [], reason: "Libur" },
      { date: "2027-01-01", slotIds: [], reason: "Libur" },
    ]);
  });

  it("refuses a range that starts in the past, ends before it starts, or has no first date", () => {
    const range = { to: "", slotIds: [], reason: "" };
    expect(closingProblem({ ...range, from: "" }, "2026-11-23")).toBe("Choose the first date to close.");
    expect(closingProblem({ ...range, from: "2026-11-22" }, "2026-11-23")).toBe("Dates before today cannot be closed.");
    expect(closingProblem({ ...range, from: "2026-11-25", to: "2026-11-24" }, "2026-11-23")).toBe(
      "The last date must not be before the first.",
    );
    expect(closingProblem({ ...range, from: "2026-11-23", to: "2026-11-24" }, "2026-11-23")).toBeNull();
  });

  it("checks the schedule as the server does, and says which entry a message names", () => {
    const draft = draftOf(saved, "2026-11-23");
    const broken = { ...draft, slots: [{ ...draft.slots[0], end: "08:30" } as (typeof draft.slots)[number]] };
    const problem = scheduleProblem(broken);
    expect(problem).toBe("slots.0.end: must be after the start");
    expect(problemPlace(problem ?? "", broken)).toBe("Time slot 1 (Pagi)");
    expect(problemPlace("zones.0.fee: must be 0 or more", draft)).toBe("District 1 (Coblong)");
    expect(problemPlace("windowDays: is at most 366", draft)).toBe("Booking window");
    expect(problemPlace("slots: are at most 48", draft)).toBeNull();
  });
});
