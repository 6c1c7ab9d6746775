import { describe, expect, it } from "vitest";
import { describeChange, readable } from "./audit-details";

describe("an audit entry's change in words", () => {
  it("shows only the fields that changed, before → after", () => {
    expect(describeChange({ before: { name: "Rose", price: 100000 }, after: { name: "Rose", price: 125000 } })).toEqual(
      [{ kind: "change", label: "price", before: "100.000", after: "125.000" }],
    );
  });

  it("shows the fields of something made, and every field of something removed against a dash", () => {
    expect(describeChange({ before: null, after: { name: "Ribbon" } })).toEqual([
      { kind: "note", label: "name", value: "Ribbon" },
    ]);
    expect(describeChange({ before: { name: "Ribbon" }, after: null })).toEqual([
      { kind: "change", label: "name", before: "Ribbon", after: "—" },
    ]);
  });

  it("shows a plain value's change on one line, and notes beside it", () => {
    expect(describeChange({ before: "Pending", after: "Paid", note: "seen in BCA" })).toEqual([
      { kind: "change", label: null, before: "Pending", after: "Paid" },
      { kind: "note", label: "note", value: "seen in BCA" },
    ]);
  });

  it("reads lists, flags and long text briefly", () => {
    expect(readable([3, 1, 2])).toBe("3, 1, 2");
    expect(readable(true)).toBe("yes");
    expect(readable("x".repeat(300))).toHaveLength(120);
  });
});
