import { describe, expect, it } from "vitest";
import { describeChange, readable, targetName } from "./audit-details";

describe("an audit entry's change in words", () => {
  it("shows only the fields that changed, before → after", () => {
    expect(describeChange({ before: { name: "Rose", price: 100000 }, after: { name: "Rose", price: 125000 } })).toEqual(
      [{ kind: "change", label: "Price", before: "100.000", after: "125.000" }],
    );
  });

  it("shows the fields of something made, and every field of something removed against a dash", () => {
    expect(describeChange({ before: null, after: { name: "Ribbon" } })).toEqual([
      { kind: "note", label: "Name", value: "Ribbon" },
    ]);
    expect(describeChange({ before: { name: "Ribbon" }, after: null })).toEqual([
      { kind: "change", label: "Name", before: "Ribbon", after: "—" },
    ]);
  });

  it("shows a plain value's change on one line, and notes beside it", () => {
    expect(describeChange({ before: "Pending", after: "Paid", note: "seen in BCA" })).toEqual([
      { kind: "change", label: null, before: "Pending", after: "Paid" },
      { kind: "note", label: "Note", value: "seen in BCA" },
    ]);
  });

  it("reads lists, flags and long text briefly", () => {
    expect(readable([3, 1, 2])).toBe("3, 1, 2");
    expect(readable(true)).toBe("yes");
    expect(readable("x".repeat(300))).toHaveLength(120);
  });

  it("names the fields as the admin's screens do, and a field it does not know as the server keeps it", () => {
    expect(
      describeChange({
        before: { stock_quantity: 20, availability_status: "in_stock", shelf: "A" },
        after: { stock_quantity: 500, availability_status: "out_of_stock", shelf: "B" },
      }),
    ).toEqual([
      { kind: "change", label: "Stock", before: "20", after: "500" },
      { kind: "change", label: "Availability", before: "Available", after: "Out of Stock" },
      { kind: "change", label: "shelf", before: "A", after: "B" },
    ]);
  });

  it("reads a colour by its name, a size on the base price in words, and the fields inside a list", () => {
    expect(
      describeChange({
        before: null,
        after: { colors: ["Blush::#f4c2c2", "White"], sizes: { Standard: "base price" } },
      }),
    ).toEqual([
      { kind: "note", label: "Colors", value: "Blush, White" },
      { kind: "note", label: "Sizes", value: "Standard: base price" },
    ]);
    expect(readable([{ slotId: 1, capacity: 10 }])).toBe("Slot no.: 1, Capacity: 10");
  });

  it("names what changed: an order by its number, anything else by its id, a whole setting not at all", () => {
    expect(targetName("order:3")).toBe("MB-003");
    expect(targetName("product:12")).toBe("#12");
    expect(targetName("delivery-schedule")).toBe("");
    expect(targetName("settings:delivery-fee")).toBe("");
    expect(targetName("category:all")).toBe("");
    expect(targetName("stock:recount")).toBe("stock:recount");
  });
});
