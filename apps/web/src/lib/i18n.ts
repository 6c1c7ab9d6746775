/**
 * The shop's two languages (docs/decisions/0025-two-languages.md). English is the default and its
 * texts are the keys: a component passes the English sentence itself to t, so the spec's texts stay written once,
 * in the component that shows them, and the files of locales/id/ hold their Indonesian (one file per
 * part of the shop, merged into one catalogue). The Indonesian catalogue is loaded only for a shopper
 * who reads Indonesian. The texts are looked up by the shop's own translator (lib/translator.ts,
 * docs/decisions/0029), in i18next's catalogue format.
 *
 * The choice is remembered per browser in the `lang` cookie, which the server reads too (its
 * messages, the page's title and `<html lang>`), and per account (see useLanguage).
 */
import { useSyncExternalStore } from "react";
import en from "../locales/en.json";
import { type TFunction, Translator } from "./translator";

export type { TFunction } from "./translator";

export const LANGUAGES = ["en", "id"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "lang";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "id";
}

const translator = new Translator<Language>(DEFAULT_LANGUAGE, DEFAULT_LANGUAGE);
// English needs only its plural forms: every other English text is its own key.
translator.addCatalogue("en", en);

/** Texts outside components (messages built in plain functions): `i18n.t`, in the language shown now. */
export const i18n = {
  t: translator.t,
  get language(): Language {
    return translator.language;
  },
};

/**
 * A component's t, in the language shown now; the component draws again when the language changes.
 * (The same shape as react-i18next's hook, which the web app used before.)
 */
export function useTranslation(): { t: TFunction; language: Language } {
  const language = useSyncExternalStore(
    (listener) => translator.subscribe(listener),
    () => translator.language,
    () => translator.language,
  );
  return { t: translator.tIn(language), language };
}

/** The language this browser chose before (the cookie), else the one it reads first. */
export function browserLanguage(): Language {
  const remembered = readLanguageCookie();
  if (remembered) return remembered;
  const preferred = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split("-")[0];
    if (primary === "id" || primary === "in") return "id";
    if (primary === "en") return "en";
  }
  return DEFAULT_LANGUAGE;
}

function readLanguageCookie(): Language | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari, which many shoppers' phones still run.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

const indonesianParts = import.meta.glob<Record<string, string>>("../locales/id/*.json", { import: "default" });

async function loadCatalogue(language: Language): Promise<void> {
  if (translator.hasCatalogue(language)) return;
  const parts = await Promise.all(Object.values(indonesianParts).map((load) => load()));
  translator.addCatalogue(language, Object.assign({}, ...parts));
}

/** Shows the shop in `language`; `remember` keeps the choice in this browser. */
export async function switchLanguage(language: Language, { remember = true } = {}): Promise<void> {
  await loadCatalogue(language);
  translator.setLanguage(language);
  if (typeof document !== "undefined") {
    document.documentElement.lang = language;
    if (remember) rememberLanguage(language);
  }
}

/** Before the first render: the remembered or browser language, its catalogue loaded. */
export function startLanguage(): Promise<void> {
  return switchLanguage(browserLanguage(), { remember: false });
}

export function currentLanguage(): Language {
  return translator.language;
}

/** The locale dates and numbers follow where the spec fixes none. */
export function dateLocale(language: Language = currentLanguage()): string {
  return language === "id" ? "id-ID" : "en-GB";
}
