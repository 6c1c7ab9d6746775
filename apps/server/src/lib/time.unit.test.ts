import { describe, expect, it } from "vitest";
import { isoIn, MINUTE, now, nowIso, setClock, shopMonthRange, shopYearMonth } from "./time.js";

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
