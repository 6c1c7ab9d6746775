import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";

/**
 * The web app's texts are keyed by their English (docs/decisions/0025-two-languages.md): every key a
 * source file passes to t() must have its Indonesian, and the Indonesian catalogue must not keep
 * texts no screen shows any more. Keys are literals, so reading the sources finds every one.
 */
const SOURCE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

// t("…"), t('…') or t(`…`) without ${}: the first argument of any t call, i18n.t included.
const LITERAL_KEY = /\bt\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\$]|\\.)*)`)/g;
const ANY_CALL = /\bt\(\s*(?!\))/g;

/** The key a literal stands for: its escapes resolved as JavaScript would. */
function keyOf(doubleQuoted: string | undefined, otherQuoted: string | undefined): string {
  if (doubleQuoted !== undefined) return JSON.parse(`"${doubleQuoted}"`);
  return JSON.parse(`"${(otherQuoted ?? "").replace(/\\(['`])/g, "$1").replace(/"/g, '\\"')}"`);
}

function keysOf(files: string[]) {
  const keys = new Map<string, string>();
  const dynamic: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const where = relative(SOURCE_ROOT, file);
    const literalStarts = new Set<number>();
    for (const match of text.matchAll(LITERAL_KEY)) {
      literalStarts.add(match.index);
      keys.set(keyOf(match[1], match[2] ?? match[3]), where);
    }
    for (const match of text.matchAll(ANY_CALL)) {
      if (!literalStarts.has(match.index)) dynamic.push(`${where}: ${text.slice(match.index, match.index + 40)}`);
    }
  }
  return { keys, dynamic };
}

/** locales/id/*.json, one file per part of the shop: together they are the Indonesian catalogue. */
function indonesianCatalogue() {
  const dir = join(SOURCE_ROOT, "locales", "id");
  const merged: Record<string, string> = {};
  const conflicts: string[] = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json"))) {
    const part = JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, string>;
    for (const [key, text] of Object.entries(part)) {
      if (key in merged && merged[key] !== text) conflicts.push(`${name}: ${key}`);
      merged[key] = text;
    }
  }
  return { merged, conflicts };
}

const { keys, dynamic } = keysOf(sourceFiles(SOURCE_ROOT));
const { merged: indonesian, conflicts } = indonesianCatalogue();
const english = en as Record<string, string>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the web app's two catalogues", () => {
  it("keeps the Indonesian texts in locales/id/<part>.json, the files the shop loads", () => {
    expect(existsSync(join(SOURCE_ROOT, "locales", "id.json")), "move locales/id.json into locales/id/").toBe(false);
  });

  it("has an Indonesian text for every English key a screen uses", () => {
    const missing = [...keys]
      .filter(([key]) => !(key in indonesian) && !(`${key}_other` in indonesian))
      .map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it("keeps no Indonesian text that no screen uses", () => {
    const unused = Object.keys(indonesian).filter((key) => !keys.has(key.replace(PLURAL, "")));
    expect(unused).toEqual([]);
  });

  it("keeps English plural forms only for keys a screen uses", () => {
    const unused = Object.keys(english).filter((key) => !keys.has(key.replace(PLURAL, "")));
    expect(unused).toEqual([]);
  });

  it("passes only literal keys to t(), so this check sees every text", () => {
    expect(dynamic).toEqual([]);
  });

  it("gives a text the same Indonesian in every file that holds it", () => {
    expect(conflicts).toEqual([]);
  });

  it("has no empty Indonesian text", () => {
    expect(Object.entries(indonesian).filter(([, text]) => text.trim() === "")).toEqual([]);
  });
});
