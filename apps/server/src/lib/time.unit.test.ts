import { describe, expect, it } from "vitest";
import {
  isoIn,
  MINUTE,
  now,
  nowIso,
  setClock,
  shopInstant,
  shopMinutesNow,
  shopMonthRange,
  shopToday,
  shopYearMonth,
} from "./time.js";

describe("the shop's calendar (Western Indonesia Time, UTC+7)", () => {
  it("bounds a month by local midnights", () => {
    expect(shopMonthRange(2026, 1)).toEqual(["2025-12-31T17:00:00.000Z", "2026-01-31T17:00:00.000Z"]);
    expect(shopMonthRange(2026, 12)).toEqual(["2026-11-30T17:00:00.000Z", "2026-12-31T17:00:00.000Z"]);
  });

  it("is already in the next month at 17:00 UTC on the last day", () => {
    expect(shopYearMonth(new Date("2026-11-30T16:59:59.000Z"))).toEqual({ year: 2026, month: 11 });
    expect(shopYearMonth(new Date("2026-11-30T17:00:00.000Z"))).toEqual({ year: 2026, month: 12 });
  });
});

describe("the shop's day and time of day", () => {
  it("is already tomorrow at 00:30 in Jakarta while UTC is still today", () => {
    const at = new Date("2026-12-31T17:30:00.000Z");
    expect(shopToday(at)).toBe("2027-01-01");
    expect(shopMinutesNow(at)).toBe(30);
  });

  it("is still today at 23:59 in Jakarta", () => {
    const at = new Date("2026-11-23T16:59:00.000Z");
    expect(shopToday(at)).toBe("2026-11-23");
    expect(shopMinutesNow(at)).toBe(23 * 60 + 59);
  });

  it("turns a shop-local date and time into its UTC instant", () => {
    expect(shopInstant("2026-12-12", "09:00")).toBe("2026-12-12T02:00:00.000Z");
    expect(shopInstant("2027-01-01")).toBe("2026-12-31T17:00:00.000Z");
  });
});

describe("the shop's clock", () => {
  it("can be moved by tests and set back to the system clock", () => {
    setClock(() => Date.parse("2030-01-02T03:04:05.000Z"));
    try {
      expect(nowIso()).toBe("2030-01-02T03:04:05.000Z");
      expect(isoIn(MINUTE)).toBe("2030-01-02T03:05:05.000Z");
    } finally {
      setClock(null);
    }
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
