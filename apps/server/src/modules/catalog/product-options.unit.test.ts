import { describe, expect, it } from "vitest";
import {
  availableStock,
  chooseOptions,
  effectiveStatus,
  findColor,
  findSize,
  matchOptions,
  normalizeColors,
  normalizeSizes,
  parseColorOption,
  parseColorOptions,
  parseSizeOptions,
  type SellableProduct,
  sizePrices,
  unitPrice,
} from "./product-options.js";

const roses: SellableProduct = {
  name: "Roses",
  price: 200000,
  stock_quantity: 5,
  availability_status: "in_stock",
  archived_at: null,
  size_options: JSON.stringify([
    { label: "Small", price: null },
    { label: "Large", price: 300000 },
  ]),
  color_options: JSON.stringify(["Red::#c0392b", "White"]),
};

describe("reading stored options", () => {
  it("reads sizes with their own price or none, trimmed, dropping entries that are not sizes", () => {
    const json = JSON.stringify([
      { label: " Small ", price: null },
      { label: "Large", price: 300000 },
      { label: "Odd price", price: 1.5 },
      { label: "Negative", price: -1 },
      { label: "  ", price: 1000 },
      { price: 1000 },
      "Medium",
      null,
    ]);
    expect(parseSizeOptions(json)).toEqual([
      { label: "Small", price: null },
      { label: "Large", price: 300000 },
      { label: "Odd price", price: null },
      { label: "Negative", price: null },
    ]);
  });

  it("reads a damaged list as empty", () => {
    expect(parseSizeOptions("not json")).toEqual([]);
    expect(parseSizeOptions('{"label":"Small"}')).toEqual([]);
    expect(parseColorOptions("[")).toEqual([]);
  });

  it("takes a hex only when it is '#' and 3 to 6 hex digits, exactly as stored", () => {
    expect(parseColorOption("Red::#c0392b")).toEqual({ label: "Red", hex: "#c0392b", raw: "Red::#c0392b" });
    expect(parseColorOption(" Pink :: #FFF ")).toEqual({ label: "Pink", hex: "#FFF", raw: " Pink :: #FFF " });
    expect(parseColorOption("Blue::#abcd").hex).toBe("#abcd");
    for (const raw of ["White", "White::", "White::#zzz", "White::#12", "White::#1234567", "White::fff"]) {
      expect(parseColorOption(raw), raw).toEqual({ label: "White", hex: null, raw });
    }
  });

  it("reads colours as stored, dropping entries without a label", () => {
    const colors = parseColorOptions(JSON.stringify(["Red::#c0392b", "White", "::#fff", " ", 7]));
    expect(colors.map((c) => c.raw)).toEqual(["Red::#c0392b", "White"]);
  });
});

describe("matching a shopper's choice", () => {
  const sizes = parseSizeOptions(roses.size_options);
  const colors = parseColorOptions(roses.color_options);

  it("finds a size or colour ignoring case and surrounding spaces, as the product spells it", () => {
    expect(findSize(sizes, " large ")).toEqual({ label: "Large", price: 300000 });
    expect(findSize(sizes, "Huge")).toBeUndefined();
    expect(findColor(colors, "red")?.raw).toBe("Red::#c0392b");
    expect(findColor(colors, "WHITE::#fff")?.raw).toBe("White");
    expect(findColor(colors, "Blue")).toBeUndefined();
  });

  it("accepts no size or colour only for a product that offers none", () => {
    expect(findSize(sizes, "")).toBeUndefined();
    expect(findSize([], " ")).toEqual({ label: "", price: null });
    expect(findColor(colors, "")).toBeUndefined();
    expect(findColor([], "")).toEqual({ label: "", hex: null, raw: "" });
  });

  it("prices a unit by its size's own price, else the product's", () => {
    expect(unitPrice(roses, findSize(sizes, "large"))).toBe(300000);
    expect(unitPrice(roses, findSize(sizes, "Small"))).toBe(200000);
    expect(unitPrice(roses, findSize(sizes, "Huge"))).toBe(200000);
  });

  it("tells which of a size and colour the product no longer offers", () => {
    expect(matchOptions(roses, "Large", "Pink")).toEqual({ size: { label: "Large", price: 300000 }, color: undefined });
  });

  it("refuses a size or colour the product does not offer with a 400 that says which", () => {
    expect(chooseOptions(roses, "small", "red")).toEqual({
      size: { label: "Small", price: null },
      color: { label: "Red", hex: "#c0392b", raw: "Red::#c0392b" },
    });
    expect(() => chooseOptions(roses, "Huge", "Red")).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: "Roses does not come in size Huge.",
        code: "SIZE_NOT_OFFERED",
      }),
    );
    expect(() => chooseOptions(roses, "", "Red")).toThrow(
      expect.objectContaining({ statusCode: 400, message: "Please select a size first." }),
    );
    expect(() => chooseOptions(roses, "Small", "Blue")).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: "Roses does not come in the colour Blue.",
        code: "COLOR_NOT_OFFERED",
      }),
    );
    expect(() => chooseOptions(roses, "Small", "")).toThrow(
      expect.objectContaining({ statusCode: 400, message: "Please select a color first." }),
    );
  });
});

describe("stock", () => {
  it("can be bought up to the stock while the product is in stock and on sale", () => {
    expect(availableStock(roses)).toBe(5);
    expect(availableStock({ ...roses, stock_quantity: -2 })).toBe(0);
    expect(availableStock({ ...roses, availability_status: "out_of_stock" })).toBe(0);
    expect(availableStock({ ...roses, archived_at: "2026-11-22T00:00:00.000Z" })).toBe(0);
  });

  it("reports out of stock when the admin says so or nothing is left", () => {
    expect(effectiveStatus(roses)).toBe("in_stock");
    expect(effectiveStatus({ ...roses, stock_quantity: 0 })).toBe("out_of_stock");
    expect(effectiveStatus({ ...roses, availability_status: "out_of_stock" })).toBe("out_of_stock");
  });
});

describe("what the admin sends", () => {
  it("keeps sizes trimmed, in order, once each, with the price a size already had", () => {
    expect(normalizeSizes([" Small", "", "large", "Large ", "Huge"], [{ label: "Large", price: 300000 }])).toEqual([
      { label: "Small", price: null },
      { label: "large", price: 300000 },
      { label: "Huge", price: null },
    ]);
  });

  it("prices the sizes size_prices names and lets every other follow the base price, whatever they had", () => {
    const previous = [
      { label: "Small", price: 150000 },
      { label: "Large", price: 300000 },
    ];
    expect(normalizeSizes(["Small", "Large", "Huge"], previous, { " huge ": 500000, Large: 320000 })).toEqual([
      { label: "Small", price: null },
      { label: "Large", price: 320000 },
      { label: "Huge", price: 500000 },
    ]);
    expect(() => normalizeSizes(["Small"], [], { Medium: 1000 })).toThrow(
      `size_prices names "Medium", which is not one of the product's sizes.`,
    );
  });

  it("answers every size's price and the sizes with their own", () => {
    expect(
      sizePrices({ price: 200000 }, [
        { label: "Small", price: null },
        { label: "Large", price: 300000 },
      ]),
    ).toEqual({ sizePrices: { Small: 200000, Large: 300000 }, ownSizePrices: { Large: 300000 } });
  });

  it("keeps 'label::#hex' as sent when the hex is valid, else only the label", () => {
    expect(normalizeColors(["Red::#c0392b", "red::#f00", "Pink::#FFF", "Green::c0392b", "Gold::", "::#fff"])).toEqual([
      "Red::#c0392b",
      "Pink::#FFF",
      "Green",
      "Gold",
    ]);
  });

  it("limits names and list lengths", () => {
    expect(() => normalizeSizes(["x".repeat(61)])).toThrow("A size name is at most 60 characters.");
    expect(() => normalizeColors(["x".repeat(81)])).toThrow("A colour name is at most 80 characters.");
    expect(() => normalizeSizes(Array.from({ length: 31 }, (_, i) => `S${i}`))).toThrow(
      "A product has at most 30 sizes.",
    );
    expect(() => normalizeColors(Array.from({ length: 31 }, (_, i) => `C${i}`))).toThrow(
      "A product has at most 30 colours.",
    );
  });
});
