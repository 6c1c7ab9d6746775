import { describe, expect, it } from "vitest";
import { Translator } from "./translator";

function shop() {
  const translator = new Translator<"en" | "id">("en", "en");
  translator.addCatalogue("en", {
    "Based on {{count}} reviews_one": "Based on {{count}} review",
    "Based on {{count}} reviews_other": "Based on {{count}} reviews",
  });
  translator.addCatalogue("id", {
    "Add to Cart": "Tambah ke Keranjang",
    "Based on {{count}} reviews_other": "Dari {{count}} ulasan",
    "Hello {{name}}": "Halo {{name}}",
    Empty: "",
  });
  return translator;
}

describe("Translator", () => {
  it("shows the English key itself when English has no text of its own", () => {
    expect(shop().t("Add to Cart")).toBe("Add to Cart");
  });

  it("writes the text of the language shown, and falls back to English, then to the key", () => {
    const translator = shop();
    translator.setLanguage("id");
    expect(translator.t("Add to Cart")).toBe("Tambah ke Keranjang");
    expect(translator.t("Checkout")).toBe("Checkout");
    // An empty translation is a missing one.
    expect(translator.t("Empty")).toBe("Empty");
  });

  it("chooses the plural form by count with the language's rules", () => {
    const translator = shop();
    expect(translator.t("Based on {{count}} reviews", { count: 1 })).toBe("Based on 1 review");
    expect(translator.t("Based on {{count}} reviews", { count: 0 })).toBe("Based on 0 reviews");
    expect(translator.t("Based on {{count}} reviews", { count: 12 })).toBe("Based on 12 reviews");
    translator.setLanguage("id");
    // Indonesian has one form for every number.
    expect(translator.t("Based on {{count}} reviews", { count: 1 })).toBe("Dari 1 ulasan");
  });

  it("puts values into their places, leaves a place without a value as written, and escapes nothing", () => {
    const translator = shop();
    expect(translator.t("{{hours}} jam {{minutes}} menit", { hours: 2, minutes: 5 })).toBe("2 jam 5 menit");
    expect(translator.t("Hello {{name}}", { name: "Tom & <Jerry>" })).toBe("Hello Tom & <Jerry>");
    expect(translator.t("Hello {{name}}")).toBe("Hello {{name}}");
    translator.setLanguage("id");
    expect(translator.t("Hello {{name}}", { name: "Sari" })).toBe("Halo Sari");
  });

  it("tells its subscribers of a change of language, once, and gives each language its own t", () => {
    const translator = shop();
    const heard: string[] = [];
    const stop = translator.subscribe(() => heard.push(translator.language));
    const english = translator.tIn("en");
    translator.setLanguage("id");
    translator.setLanguage("id");
    expect(heard).toEqual(["id"]);
    expect(translator.tIn("id")).not.toBe(english);
    expect(translator.tIn("en")).toBe(english);
    expect(english("Add to Cart")).toBe("Add to Cart");
    stop();
    translator.setLanguage("en");
    expect(heard).toEqual(["id"]);
  });

  it("adds a later part of a catalogue to the earlier one", () => {
    const translator = shop();
    translator.addCatalogue("id", { Checkout: "Pemesanan" });
    translator.setLanguage("id");
    expect(translator.t("Checkout")).toBe("Pemesanan");
    expect(translator.t("Add to Cart")).toBe("Tambah ke Keranjang");
    expect(translator.hasCatalogue("id")).toBe(true);
  });
});
