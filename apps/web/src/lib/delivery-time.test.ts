import { describe, expect, it } from "vitest";
import { deliveryDayParts, formatDelivery, formatDeliveryDay } from "./delivery-time";

describe("delivery times in shop time", () => {
  it("writes a delivery as its day and slot", () => {
    expect(formatDelivery({ date: "2026-12-12", start: "09:00", end: "12:00" })).toBe("Sat 12 Dec · 09:00–12:00");
  });

  it("keeps the shop's day whatever zone the browser is in", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["America/Los_Angeles", "Pacific/Kiritimati", "UTC"]) {
        process.env.TZ = tz;
        expect(formatDeliveryDay("2026-01-01")).toBe("Thu 1 Jan");
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it("splits a day for the date picker and leaves an unreadable date as it came", () => {
    expect(deliveryDayParts("2026-11-30")).toEqual({ weekday: "Mon", day: "30", month: "Nov" });
    expect(formatDeliveryDay("2026-02-30")).toBe("2026-02-30");
  });
});
