import { describe, expect, it } from "vitest";
import { meetsAllChecks, passwordChecklist } from "./password-rules";

describe("the live password checklist", () => {
  it("lists length, uppercase and digit, none met for an empty password", () => {
    expect(passwordChecklist("").map((item) => [item.key, item.met])).toEqual([
      ["length", false],
      ["uppercase", false],
      ["digit", false],
    ]);
  });

  it("ticks each rule as it is met", () => {
    const met = (password: string) =>
      passwordChecklist(password)
        .filter((item) => item.met)
        .map((item) => item.key);
    expect(met("abcdefgh")).toEqual(["length"]);
    expect(met("Abc")).toEqual(["uppercase"]);
    expect(met("abc1")).toEqual(["digit"]);
    expect(met("Abcdefg1")).toEqual(["length", "uppercase", "digit"]);
  });

  it("accepts a password only when every rule is met", () => {
    expect(meetsAllChecks("Bunga2025")).toBe(true);
    expect(meetsAllChecks("bunga2025")).toBe(false);
    expect(meetsAllChecks("Bunga")).toBe(false);
  });
});
