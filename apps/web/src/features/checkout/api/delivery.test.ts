import type { DayAvailability } from "@florist/contract";
import { addDays } from "@florist/contract/rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { fetchAvailability } from "./delivery";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reading the delivery window", () => {
  it("reads a window longer than one request allows in parts, the first from the server's today", async () => {
    const asked: { from: string | null; days: number }[] = [];
    fakeApi({
      "GET /api/delivery/availability": ({ url }) => {
        const from = url.searchParams.get("from");
        const days = Number(url.searchParams.get("days"));
        asked.push({ from, days });
        const start = from ?? "2026-12-30";
        return {
          body: Array.from({ length: days }, (_, i): DayAvailability => ({ date: addDays(start, i), slots: [] })),
        };
      },
    });
    const days = await fetchAvailability(100);
    expect(asked).toEqual([
      { from: null, days: 62 },
      { from: "2027-03-02", days: 38 },
    ]);
    expect(days).toHaveLength(100);
    expect(days.at(-1)?.date).toBe("2027-04-08");
  });
});
