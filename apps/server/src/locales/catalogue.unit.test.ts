import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as contract from "@florist/contract";
import {
  HOME_TITLE,
  NOT_FOUND_TITLE,
  POST_NOT_FOUND_TITLE,
  PRODUCT_NOT_FOUND_TITLE,
  SHOP_DESCRIPTION,
  WEB_PAGES,
} from "@florist/contract/pages";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import id from "./id.json";

/**
 * The server's texts are keyed by their English (lib/i18n.ts, docs/decisions/0025-two-languages.md):
 * every text the server can say must have its Indonesian, and the Indonesian catalogue must keep no
 * text nothing says any more. Three kinds of text are read here: the keys passed to t() in the code
 * and in the mail templates, the English of every AppError (a literal given to an error helper or
 * to msg()), and the validation messages the contract's schemas carry, which the error handler
 * translates with the field path kept.
 */
const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), "..");
const CONTRACT_SRC = join(SERVER_SRC, "../../../packages/contract/src");

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const LITERAL = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|\x60((?:[^\x60\\$]|\\.)*)\x60)`;
/** t(lang, "…") in code and it.t("…") in templates: the key is the first string argument (any quotes). */
const T_CALL = new RegExp(String.raw`\bt\(\s*(?:[\w.]+\s*,\s*)?${LITERAL}`, "g");
/** A literal said by an error: msg("…"), fieldProblem(x, "…"), the helpers and new AppError(n, "…"). */
const ERROR_TEXT = new RegExp(
  String.raw`\b(?:msg|badRequest|notFound|conflict|forbidden|unauthorized)\(\s*${LITERAL}|\bnew AppError\(\s*\d+,\s*${LITERAL}|\bfieldProblem\([^,]+,\s*${LITERAL}|${LITERAL}\s+satisfies MessageKey`,
  "g",
);

/** The text a literal stands for, its escapes resolved; a literal JSON cannot read (a line break) stays as written. */
function unescapeLiteral(text: string): string {
  try {
    return JSON.parse(`"${text.replace(/\\([`'])/g, "$1").replace(/(^|[^\\])"/g, '$1\\"')}"`) as string;
  } catch {
    return text;
  }
}

function literals(paths: string[], pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    for (const match of text.matchAll(pattern)) {
      const literal = match.slice(1).find((group) => group !== undefined);
      if (literal !== undefined) found.set(unescapeLiteral(literal), relative(SERVER_SRC, path));
    }
  }
  return found;
}

type Def = Record<string, unknown> & { checks?: { _zod: { def: Def } }[]; error?: (issue: unknown) => unknown };

/** Every message a contract schema carries, found by walking the schemas the contract exports. */
function contractMessages(): Set<string> {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown) => {
    const def = (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    for (const owner of [def, ...(def.checks ?? []).map((check) => check._zod.def)]) {
      const said = owner.error?.({ code: "custom", input: undefined, path: [] });
      const text = typeof said === "string" ? said : (said as { message?: string } | undefined)?.message;
      if (text) messages.add(text);
    }
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object" && !("_zod" in value)) Object.values(value).forEach(visit);
      else visit(value);
    }
  };
  Object.values(contract).forEach(visit);
  return messages;
}

const serverCode = files(SERVER_SRC, /\.ts$/);
const templates = files(join(SERVER_SRC, "modules/notifications/templates"), /\.eta$/);
const said = new Map([...literals([...serverCode, ...templates], T_CALL), ...literals(serverCode, ERROR_TEXT)]);
const validation = contractMessages();
const indonesian = id as Record<string, string>;
const english = en as Record<string, string>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the server's two catalogues", () => {
  it("finds the texts it checks", () => {
    expect(said.get("Image maximum size is 5 MB.")).toBeDefined();
    expect(said.get("Hello {{name}},")).toBeDefined();
    expect(validation).toContain("Username is required.");
    expect(validation).toContain("Quantity is at most 10000.");
  });

  it("has an Indonesian text for every text the server says", () => {
    const missing = [...said].filter(([key]) => !(key in indonesian)).map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it("has an Indonesian text for every validation message of the contract", () => {
    expect([...validation].filter((text) => !(text in indonesian))).toEqual([]);
  });

  it("has the Indonesian title and description of every page the server serves", () => {
    const pageTexts = [
      ...WEB_PAGES.flatMap((page) => [page.title, page.description ?? SHOP_DESCRIPTION]),
      HOME_TITLE,
      NOT_FOUND_TITLE,
      PRODUCT_NOT_FOUND_TITLE,
      POST_NOT_FOUND_TITLE,
    ];
    expect(pageTexts.filter((text) => !(text in indonesian))).toEqual([]);
  });

  it("keeps no Indonesian text that nothing says", () => {
    // A constant holding a text (PRODUCT_NOT_FOUND) is a literal somewhere in the server or the contract.
    const code = [...serverCode, ...files(CONTRACT_SRC, /\.ts$/)].map((path) => readFileSync(path, "utf8")).join("\n");
    const used = (key: string) =>
      said.has(key) ||
      validation.has(key) ||
      code.includes(JSON.stringify(key)) ||
      code.includes(`'${key.replace(/'/g, "\\'")}'`);
    expect(Object.keys(indonesian).filter((key) => !used(key))).toEqual([]);
  });

  it("keeps English plural forms only for texts the server says", () => {
    expect(Object.keys(english).filter((key) => !PLURAL.test(key) || !said.has(key.replace(PLURAL, "")))).toEqual([]);
  });

  it("has no empty Indonesian text, and keeps every {{value}} of the English", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const broken = Object.entries(indonesian).filter(
      ([key, text]) => text.trim() === "" || placeholders(key).join() !== placeholders(text).join(),
    );
    expect(broken).toEqual([]);
  });
});
