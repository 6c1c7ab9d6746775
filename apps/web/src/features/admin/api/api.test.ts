import { describe, expect, it } from "vitest";
import { overviewQueryParams } from "./orders";
import { parseDeliveryFee } from "./settings";

describe("the overview query", () => {
  it("sends the search trimmed, and not at all when nothing is left, with the order to sort in", () => {
    const base = { page: 1, limit: 10, month: 5, year: 2025, sort: "total", dir: "asc" } as const;
    expect(overviewQueryParams({ ...base, search: "  budi " }).search).toBe("budi");
    expect(overviewQueryParams({ ...base, search: "   " }).search).toBeUndefined();
    expect(overviewQueryParams({ ...base, search: "" })).toEqual({
      page: 1,
      limit: 10,
      search: undefined,
      month: 5,
      year: 2025,
      sort: "total",
      dir: "asc",
    });
  });
});

describe("the delivery fee input", () => {
  it("rounds to whole rupiah", () => {
    expect(parseDeliveryFee("25000.6")).toBe(25001);
    expect(parseDeliveryFee("0")).toBe(0);
  });

  it("refuses negative, empty and non-numeric values", () => {
    expect(parseDeliveryFee("-1")).toBeNull();
    expect(parseDeliveryFee("")).toBeNull();
    expect(parseDeliveryFee("abc")).toBeNull();
    expect(parseDeliveryFee("Infinity")).toBeNull();
  });
});
