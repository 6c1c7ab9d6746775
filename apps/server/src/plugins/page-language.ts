import type { FastifyRequest } from "fastify";

/**
 * The language a served page is written in (`<html lang>`, its title and description): the `lang`
 * cookie the web app sets, else the first of English and Indonesian the browser's Accept-Language
 * names, else English (docs/decisions/0025).
 */
export type Language = "en" | "id";

const isLanguage = (value: unknown): value is Language => value === "en" || value === "id";

export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.lang;
  if (isLanguage(cookie)) return cookie;
  for (const part of (request.headers["accept-language"] ?? "").slice(0, 1000).split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    if (params.some((p) => /^q=0(\.0*)?$/.test(p.trim()))) continue;
    const primary = tag.split("-")[0];
    // "in" is the old code of Indonesian that some Android browsers still send.
    if (primary === "id" || primary === "in") return "id";
    if (primary === "en") return "en";
  }
  return "en";
}

/** A page's title or description in `language`: English until the server's Indonesian catalogue holds them. */
export function pageText(_language: Language, text: string): string {
  return text;
}
