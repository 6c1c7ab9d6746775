/**
 * What the web app needs of a translation library, and no more (docs/decisions/0029): a catalogue
 * per language, a text looked up by its English key, plural forms chosen by `count`, and values put
 * into `{{name}}` places. The catalogues keep i18next's JSON format (the server still reads its own
 * with i18next), so one file format and one catalogue test serve both sides.
 */

export type Catalogue = Record<string, string>;
export type TranslationValues = Record<string, unknown>;
export type TFunction = (key: string, values?: TranslationValues) => string;

const PLACE = /\{\{\s*-?\s*([\w.]+)\s*\}\}/g;

export class Translator<L extends string> {
  private readonly catalogues = new Map<L, Catalogue>();
  private readonly plurals = new Map<L, Intl.PluralRules>();
  private readonly listeners = new Set<() => void>();
  private readonly bound = new Map<L, TFunction>();

  constructor(
    private current: L,
    /** The language a text missing from the current one is looked up in, then the key itself is shown. */
    private readonly fallback: L,
  ) {}

  get language(): L {
    return this.current;
  }

  hasCatalogue(language: L): boolean {
    return this.catalogues.has(language);
  }

  /** Adds texts to a language's catalogue (a later text of the same key wins). */
  addCatalogue(language: L, texts: Catalogue): void {
    this.catalogues.set(language, { ...this.catalogues.get(language), ...texts });
  }

  /** Shows every text in `language` from now on; subscribers hear of it. */
  setLanguage(language: L): void {
    if (language === this.current) return;
    this.current = language;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after each change of language; answers the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The text of `key` in the current language, else in the fallback, else the key itself, with each
   * `{{name}}` replaced by `values[name]` (a place with no value stays as written). With a numeric
   * `count`, the plural form the language's rules choose (`key_one`, `key_other`) comes first.
   * An empty translation counts as missing. Nothing is escaped: React escapes what it renders.
   */
  readonly t: TFunction = (key, values) => this.translate(this.current, key, values);

  /**
   * A t that always writes `language`: one function per language, so a component's memo or effect
   * that lists t runs again when the language changes.
   */
  tIn(language: L): TFunction {
    let t = this.bound.get(language);
    if (!t) {
      t = (key, values) => this.translate(language, key, values);
      this.bound.set(language, t);
    }
    return t;
  }

  private translate(language: L, key: string, values: TranslationValues | undefined): string {
    const count = typeof values?.count === "number" ? values.count : undefined;
    const text = this.lookup(language, key, count) ?? this.lookup(this.fallback, key, count) ?? key;
    if (!text.includes("{{")) return text;
    return text.replace(PLACE, (place, name: string) => {
      const value = values?.[name];
      return value === undefined || value === null ? place : String(value);
    });
  }

  private lookup(language: L, key: string, count: number | undefined): string | undefined {
    const catalogue = this.catalogues.get(language);
    if (!catalogue) return undefined;
    if (count !== undefined) {
      const plural = catalogue[`${key}_${this.pluralRules(language).select(count)}`];
      if (plural) return plural;
    }
    return catalogue[key] || undefined;
  }

  private pluralRules(language: L): Intl.PluralRules {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules;
  }
}
