import { describe, expect, it } from "vitest";
import { id, quantity } from "./common.js";
import { MAX_DB_INT } from "./rules.js";

describe("id", () => {
  it("takes whole positive numbers up to what an id column holds, as numbers or as text", () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse(" 42 ")).toBe(42);
    expect(id.parse(MAX_DB_INT)).toBe(MAX_DB_INT);
  });

  it.each([
    ["0", 0],
    ["-1", -1],
    ["2^31", MAX_DB_INT + 1],
    ["2^53", 2 ** 53],
    ["1e309 as text", "1e309"],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["abc", "abc"],
    ["1.5", 1.5],
    ["an array", [5]],
    ["true", true],
    ["an object", { id: 5 }],
    ["null", null],
  ])("refuses %s", (_, value) => {
    expect(id.safeParse(value).success).toBe(false);
  });
});

describe("quantity", () => {
  it("is a whole number from 1 to 10,000", () => {
    expect(quantity.parse("3")).toBe(3);
    expect(quantity.parse(10_000)).toBe(10_000);
    expect(quantity.safeParse(10_001).error?.issues[0]?.message).toBe("Quantity is at most 10000.");
    expect(quantity.safeParse([2]).error?.issues[0]?.message).toBe("Quantity must be a number.");
    expect(quantity.safeParse(0).error?.issues[0]?.message).toBe("Quantity must be at least 1.");
  });
});
