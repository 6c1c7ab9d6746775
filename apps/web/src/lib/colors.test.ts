import { describe, expect, it } from "vitest";
import { colorForName, FALLBACK_COLOR, parseColorOption, parseColorOptions } from "./colors";

describe("colour options", () => {
  it("reads a label with its own hex after two colons", () => {
    expect(parseColorOption("Rose Gold::#F2C6B6")).toEqual({
      label: "Rose Gold",
      hex: "#f2c6b6",
      raw: "Rose Gold::#F2C6B6",
    });
  });

  it("accepts a hash and 3 to 6 hex digits, as the server does", () => {
    expect(parseColorOption("Merah::#f00").hex).toBe("#f00");
    expect(parseColorOption("Ungu::#abcd").hex).toBe("#abcd");
    expect(parseColorOption("Ungu::#ab").hex).toBe("#b197fc");
    expect(parseColorOption("Ungu::#abcdef0").hex).toBe("#b197fc");
    expect(parseColorOption("Ungu::#ggg").hex).toBe("#b197fc");
  });

  it("does not count a hex without its hash: the name decides the chip", () => {
    expect(parseColorOption("Ungu::123456").hex).toBe("#b197fc");
    expect(parseColorOption("Galaxy::123456").hex).toBe(FALLBACK_COLOR);
  });

  it("falls back to the name map when the hex is not valid", () => {
    expect(parseColorOption("Pink::#12").hex).toBe("#f7c6d7");
    expect(parseColorOption("Blue::not-a-colour").hex).toBe("#a5d8ff");
  });

  it("maps English and Indonesian names, ignoring case and spaces", () => {
    expect(parseColorOption("Black").hex).toBe("#111827");
    expect(parseColorOption("hitam").hex).toBe("#111827");
    expect(parseColorOption("White").hex).toBe("#f8fafc");
    expect(parseColorOption("Putih").hex).toBe("#f8fafc");
    expect(parseColorOption("  rose   gold ").hex).toBe("#f2c6b6");
    expect(parseColorOption("Merah Muda").hex).toBe("#f7c6d7");
    expect(parseColorOption("Biru").hex).toBe(parseColorOption("Blue").hex);
    expect(parseColorOption("Kuning").hex).toBe(parseColorOption("Yellow").hex);
    expect(parseColorOption("Hijau").hex).toBe(parseColorOption("Green").hex);
  });

  it("uses grey on the storefront for an unknown name, or the caller's fallback", () => {
    expect(parseColorOption("Galaxy").hex).toBe(FALLBACK_COLOR);
    expect(colorForName("Galaxy", "#111827")).toBe("#111827");
  });

  it("trims the label and drops empty options", () => {
    expect(parseColorOptions([" Red ::#e03131", "", "  "]).map((option) => option.label)).toEqual(["Red"]);
    expect(parseColorOptions(undefined)).toEqual([]);
  });
});
