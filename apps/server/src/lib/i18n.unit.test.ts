import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, fieldProblem, msg, parse, say, sentences } from "../errors.js";
import id from "../locales/id.json";
import {
  acceptedLanguage,
  i18nextTranslation,
  LANGUAGES,
  type MessageValues,
  quickTranslation,
  t,
  translateText,
} from "./i18n.js";

describe("the server's words in two languages", () => {
  it("fills in values and picks English plural forms", () => {
    const wait = "Too many failed login attempts. Please wait {{count}} minutes and try again.";
    expect(t("en", wait, { count: 1 })).toBe("Too many failed login attempts. Please wait 1 minute and try again.");
    expect(t("en", wait, { count: 15 })).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    expect(t("id", wait, { count: 1 })).toBe(
      "Terlalu banyak percobaan login yang gagal. Silakan tunggu 1 menit lalu coba lagi.",
    );
  });

  it("keeps an error's English as its message and says it in Indonesian on request", () => {
    const error = new AppError(409, msg('A category called "{{name}}" already exists.', { name: "Mawar" }));
    expect(error.message).toBe('A category called "Mawar" already exists.');
    expect(say("id", error.said)).toBe('Kategori bernama "Mawar" sudah ada.');
  });

  it("keeps a field path and translates only the problem", () => {
    expect(say("en", fieldProblem("slots.0.slotId", "is listed twice"))).toBe("slots.0.slotId: is listed twice");
    expect(say("id", fieldProblem("slots.0.slotId", "is listed twice"))).toBe("slots.0.slotId: tercantum dua kali");
  });

  it("says several sentences in order", () => {
    const said = sentences(msg("Cart not found."), msg("Please check your cart and order again."));
    expect(say("id", said)).toBe("Keranjang tidak ditemukan. Silakan periksa keranjang Anda dan pesan kembali.");
  });

  it("says zod's own words (a schema without a message) in zod's Indonesian, the field path kept", () => {
    const schema = z.object({ n: z.number().max(3) });
    const error = (() => {
      try {
        parse(schema, { n: 5 });
      } catch (thrown) {
        return thrown as AppError;
      }
    })();
    expect(error?.message).toBe("n: Too big: expected number to be <=3");
    expect(error && say("id", error.said)).toBe("n: Terlalu besar: diharapkan number menjadi <=3");
  });

  it.each([
    ["id-ID,id;q=0.9,en;q=0.8", "id"],
    ["in", "id"],
    ["en-GB", "en"],
    ["fr-FR, id;q=0.5", "id"],
    ["en;q=0.2, id;q=0.9", "id"],
    ["id;q=0", null],
    ["fr", null],
    ["", null],
  ])("reads Accept-Language %j as %s", (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });
});

describe("the quick way of filling in a text", () => {
  const texts = Object.keys(id);
  const valuesFor = (text: string, value: (name: string, index: number) => string | number) =>
    Object.fromEntries(
      [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string))].map((name, index) => [
        name,
        value(name, index),
      ]),
    );

  it("says every text of the catalogue exactly as i18next does, in both languages", () => {
    let quick = 0;
    for (const language of LANGUAGES) {
      for (const text of texts) {
        for (const values of [
          valuesFor(text, (name) => `Rp 150.000 <b>"${name}"</b> & 'Bunga'`),
          valuesFor(text, (_, index) => 1200 + index),
          {},
        ]) {
          const answer = translateText(language, text, values);
          expect(answer).toBe(i18nextTranslation(language, text, values));
          if (quickTranslation(language, text, values) !== undefined) quick += 1;
        }
      }
    }
    // Most texts take the quick way; a test that never did would prove nothing.
    expect(quick).toBeGreaterThan(texts.length);
  });

  it("leaves to i18next what it reads as more than text: plurals, nesting signs, missing values", () => {
    const text = "Thank you for your order, {{name}}";
    const cases: MessageValues[] = [{ name: "{{id}}" }, { name: "$&$" + "t(Cart not found.)" }, { count: 2 }, {}];
    for (const values of cases) {
      expect(quickTranslation("id", text, values)).toBeUndefined();
      expect(translateText("id", text, values)).toBe(i18nextTranslation("id", text, values));
    }
    expect(quickTranslation("id", text, { name: "Sari" })).toBe(i18nextTranslation("id", text, { name: "Sari" }));
  });
});
