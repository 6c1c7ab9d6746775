import { describe, expect, it } from "vitest";
import {
  earliestPlace,
  lastBookableDay,
  placeKey,
  type ScheduleSnapshot,
  type SlotRule,
  sameDayCutoffPassed,
  slotAvailability,
  windowDates,
} from "./availability.js";

const morning: SlotRule = {
  slotId: 1,
  label: "Morning",
  start: "09:00",
  end: "12:00",
  sameDayCutoff: "08:00",
  capacity: 2,
};
const afternoon: SlotRule = {
  slotId: 3,
  label: "Afternoon",
  start: "15:00",
  end: "18:00",
  sameDayCutoff: "13:00",
  capacity: 2,
};

function snapshot(change: Partial<ScheduleSnapshot> = {}): ScheduleSnapshot {
  return {
    today: "2026-12-30",
    minutesNow: 9 * 60,
    windowDays: 3,
    closedDays: new Set(),
    closedSlots: new Set(),
    booked: new Map(),
    ...change,
  };
}

describe("when a slot can be booked", () => {
  it("takes same-day orders until the cutoff, and none for a slot without one", () => {
    expect(sameDayCutoffPassed(afternoon, 12 * 60 + 59)).toBe(false);
    expect(sameDayCutoffPassed(afternoon, 13 * 60)).toBe(true);
    expect(sameDayCutoffPassed({ ...morning, sameDayCutoff: null }, 0)).toBe(true);
  });

  it("counts the window from today, across the year's end", () => {
    expect(lastBookableDay("2026-12-30", 3)).toBe("2027-01-01");
    expect(slotAvailability(snapshot(), "2027-01-01", morning)).toMatchObject({ available: true, remaining: 2 });
    expect(slotAvailability(snapshot(), "2027-01-02", morning)).toMatchObject({ available: false, reason: "closed" });
  });

  it("says closed before too late, and too late before full", () => {
    const full = new Map([[placeKey("2026-12-30", 1), 2]]);
    const closed = snapshot({ closedDays: new Set(["2026-12-30"]), booked: full });
    expect(slotAvailability(closed, "2026-12-30", morning).reason).toBe("closed");
    expect(slotAvailability(snapshot({ booked: full }), "2026-12-30", morning).reason).toBe("cutoff");
    expect(slotAvailability(snapshot({ booked: full }), "2026-12-30", afternoon).reason).toBe(null);
    const fullLater = new Map([[placeKey("2026-12-31", 1), 2]]);
    expect(slotAvailability(snapshot({ booked: fullLater }), "2026-12-31", morning)).toMatchObject({
      reason: "full",
      remaining: 0,
    });
  });

  it("finds the earliest free place: today's afternoon once the morning's cutoff has passed", () => {
    expect(earliestPlace(snapshot(), [morning, afternoon])).toEqual({ date: "2026-12-30", slot: afternoon });
    const late = snapshot({ minutesNow: 14 * 60 });
    expect(earliestPlace(late, [morning, afternoon])).toEqual({ date: "2026-12-31", slot: morning });
    expect(
      earliestPlace(snapshot({ closedDays: new Set(["2026-12-30", "2026-12-31", "2027-01-01"]) }), [morning]),
    ).toBe(null);
  });
});

describe("the window's dates", () => {
  it("run from today over the year's turn, and follow a new day or a new window length", () => {
    expect(windowDates("2026-12-30", 4)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(windowDates("2026-12-31", 4)).toEqual(["2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(windowDates("2026-12-31", 2)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(windowDates("2028-02-28", 2)).toEqual(["2028-02-28", "2028-02-29"]);
  });
});
