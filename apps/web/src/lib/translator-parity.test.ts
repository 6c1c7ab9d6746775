import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { Translator } from "./translator";

/**
 * The web app's translator replaced i18next (docs/decisions/0029) and reads the same catalogues:
 * for every text of both catalogues, with every count that picks another form, it must write what
 * i18next set up as the web app had it writes.
 */
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), "..", "locales");
const ID_DIR = join(LOCALES, "id");
const en: Record<string, string> = JSON.parse(readFileSync(join(LOCALES, "en.json"), "utf8"));
const id: Record<string, string> = Object.assign(
  {},
  ...readdirSync(ID_DIR).map((name) => JSON.parse(readFileSync(join(ID_DIR, name), "utf8"))),
);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const keys = [...new Set([...Object.keys(en), ...Object.keys(id)].map((key) => key.replace(PLURAL_SUFFIX, "")))];

/** Every text a key may be written as, in either language and any plural form. */
const textsOf = new Map<string, string[]>(keys.map((key) => [key, [key]]));
for (const [key, text] of [...Object.entries(en), ...Object.entries(id)]) {
  textsOf.get(key.replace(PLURAL_SUFFIX, ""))?.push(text);
}

/** Every `{{name}}` of the key's texts, given a value that shows which it is. */
function valuesFor(key: string): Record<string, unknown> {
  const names = (textsOf.get(key) ?? []).flatMap((text) =>
    [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]),
  );
  return Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
}

/** i18next as the web app set it up; with initAsync off its catalogues are ready when init returns. */
function reference(language: "en" | "id") {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: "en",
    supportedLngs: ["en", "id"],
    resources: { en: { translation: en }, id: { translation: id } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  return instance;
}

describe("the translator against i18next, on every text of both catalogues", () => {
  it.each(["en", "id"] as const)("writes what i18next writes in %s", (language) => {
    const i18n = reference(language);
    const translator = new Translator<"en" | "id">(language, "en");
    translator.addCatalogue("en", en);
    translator.addCatalogue("id", id);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const named = valuesFor(key);
      // Without values, every place stays as written.
      expect(translator.t(key), key).toBe(i18n.t(key));
      for (const count of [undefined, 0, 1, 2, 21]) {
        const values = count === undefined ? named : { ...named, count };
        expect(translator.t(key, values), `${key} (count ${count})`).toBe(i18n.t(key, values));
      }
    }
  });
});
