/**
 * The server's two languages (docs/decisions/0025-two-languages.md): English, the default, and
 * Bahasa Indonesia. As in the web app, a text's key is its English itself (`{{name}}` marks a value),
 * so the contract's and the spec's English stays written once, where it is used; locales/id.json holds
 * the Indonesian of each, locales/en.json only English plural forms (`key_one`, `key_other`).
 *
 * A request is answered in the `lang` cookie's language, else the signed-in account's, else the
 * first of English and Indonesian its Accept-Language names, else English. Mails use their
 * recipient account's language.
 */
import type { FastifyRequest } from "fastify";
import i18next from "i18next";
import en from "../locales/en.json";
import id from "../locales/id.json";

export const LANGUAGES = ["en", "id"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
/** The browser's choice, set by the web app (non-secret, one year, path /). */
export const LANGUAGE_COOKIE = "lang";

/** A text the server may say: an English sentence the Indonesian catalogue holds. */
export type MessageKey = keyof typeof id;
/** Values a text names as `{{name}}`; `count` also picks an English plural form. */
export type MessageValues = Record<string, string | number>;

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "id";
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: { en: { translation: en }, id: { translation: id } },
  // The keys are English sentences: their dots and colons are text, not paths.
  keySeparator: false,
  nsSeparator: false,
  // Answers are JSON and mails escape what they show themselves (notifications/service.ts).
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

/** `key` in `language`, its `{{values}}` filled in. */
export function t(language: Language, key: MessageKey, values: MessageValues = {}): string {
  return translateText(language, key, values);
}

/**
 * A text that is not a literal of this code base: a validation message of the contract's schemas,
 * whose Indonesian the catalogue holds too (locales.unit.test.ts proves it). Unknown texts stay English.
 */
export function translateText(language: Language, text: string, values: MessageValues = {}): string {
  return quickTranslation(language, text, values) ?? i18nextTranslation(language, text, values);
}

/** i18next's own answer (what quickTranslation must equal). */
export function i18nextTranslation(language: Language, text: string, values: MessageValues = {}): string {
  return i18n.t(text, { ...values, lng: language });
}

/** Value names that i18next reads as options of the translation rather than as values. */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "lng",
  "lngs",
  "ns",
  "defaultValue",
  "replace",
  "ordinal",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "skipInterpolation",
  "fallbackLng",
  "keyPrefix",
  "keySeparator",
  "nsSeparator",
]);

/** A placeholder as i18next finds it: `{{name}}`, `{{- name}}` (unescaped) or `{{name, format}}`. */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const PLAIN_NAME = /^\s*\w+\s*$/;
/** i18next's nesting of one text in another. */
const NESTING = /\$t\(/;

/**
 * A sentence cut at its placeholders: `texts` around them, one more than `names` (each trimmed), so
 * that filling it in joins strings instead of running a pattern over it.
 */
interface Sentence {
  texts: string[];
  names: string[];
}

/**
 * Each text's sentence in each language as i18next resolves it (fallbacks included), cut at its
 * placeholders; null for a text only i18next itself may fill in (nesting, formats). One map per
 * language, keyed by the text itself: the code's literals keep their hash, where a key made of
 * language and text was a new string to hash on every call.
 */
const sentencesByLanguage = new Map<Language, Map<string, Sentence | null>>(LANGUAGES.map((l) => [l, new Map()]));
let sentencesKept = 0;

function sentenceOf(language: Language, text: string): Sentence | null {
  const sentences = sentencesByLanguage.get(language) as Map<string, Sentence | null>;
  let sentence = sentences.get(text);
  if (sentence === undefined) {
    // Without values i18next leaves every placeholder as it is (skipOnVariables, its default).
    const resolved = i18n.t(text, { lng: language });
    const texts: string[] = [];
    const names: string[] = [];
    let simple = !NESTING.test(resolved);
    let from = 0;
    for (const match of resolved.matchAll(PLACEHOLDER)) {
      const name = match[1] as string;
      simple &&= PLAIN_NAME.test(name);
      texts.push(resolved.slice(from, match.index));
      names.push(name.trim());
      from = match.index + match[0].length;
    }
    texts.push(resolved.slice(from));
    sentence = simple ? { texts, names } : null;
    // The texts are the code's own literals and the contract's messages: a bounded set.
    if (sentencesKept < 5000) {
      sentences.set(text, sentence);
      sentencesKept += 1;
    }
  }
  return sentence;
}

/**
 * The text filled in without going through i18next each time, where the answer is certainly the same
 * as i18next's: no plural (`count`), `context` or other option, every placeholder a plain name with a value, and
 * no value that i18next would treat as more than text (a `{` or a `$`). Mails say a few dozen
 * sentences per order, and i18next's own path costs several times this one (docs/performance.md).
 * Undefined when i18next must do it; lib/i18n.unit.test.ts compares the two on every text.
 */
export function quickTranslation(language: Language, text: string, values: MessageValues): string | undefined {
  for (const name in values) {
    if (I18NEXT_OPTIONS.has(name)) return undefined;
    const value = values[name];
    if (typeof value === "string" ? value.includes("{") || value.includes("$") : typeof value !== "number") {
      return undefined;
    }
  }
  const sentence = sentenceOf(language, text);
  if (sentence === null) return undefined;
  const { texts, names } = sentence;
  let filled = texts[0] as string;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return undefined;
    filled += String(value) + (texts[i + 1] as string);
  }
  return filled;
}

/** The Indonesian catalogue holds this text. */
export function hasTranslation(text: string): boolean {
  return Object.hasOwn(id, text);
}

/** The first of English and Indonesian an Accept-Language header asks for, by its weights; null for neither. */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((a) => a.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { primary } of asked) {
    // "in" is the old code of Indonesian that some Android browsers still send.
    if (primary === "id" || primary === "in") return "id";
    if (primary === "en") return "en";
  }
  return null;
}

/** The language to answer a request in: the `lang` cookie, the account's, Accept-Language, English. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  const account = request.user?.language;
  if (isLanguage(account)) return account;
  return acceptedLanguage(request.headers["accept-language"]) ?? DEFAULT_LANGUAGE;
}

/** How dates are written in `language` (WIB is added by whoever shows them). */
export function dateLocale(language: Language): string {
  return language === "id" ? "id-ID" : "en-GB";
}
