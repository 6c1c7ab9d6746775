import { describe, expect, it } from "vitest";
import { currentMonthAndYear, monthName, monthOptions } from "./months";

describe("the month selector", () => {
  it("offers twelve months with their Indonesian names, January as 1", () => {
    const months = monthOptions();
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months.map((m) => m.label)).toEqual([
      "Januari",
      "Februari",
      "Maret",
      "April",
      "Mei",
      "Juni",
      "Juli",
      "Agustus",
      "September",
      "Oktober",
      "November",
      "Desember",
    ]);
  });

  it("names a month by its number", () => {
    expect(monthName(8)).toBe("Agustus");
  });

  it("starts on the current month of the current year in Bandung", () => {
    expect(currentMonthAndYear(new Date("2025-03-15T12:00:00Z"))).toEqual({ month: 3, year: 2025 });
    // 18:00 UTC on 31 December is already 1 January in Bandung.
    expect(currentMonthAndYear(new Date("2025-12-31T18:00:00Z"))).toEqual({ month: 1, year: 2026 });
    expect(currentMonthAndYear(new Date("2025-12-31T16:59:00Z"))).toEqual({ month: 12, year: 2025 });
  });
});
