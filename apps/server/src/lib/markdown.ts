import type { PostSection } from "@florist/contract";
import { lexer, type Token, type Tokens } from "marked";

/** The words of a piece of Markdown without its marks: what a reader sees of it. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "br") return " ";
      if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length > 0) return plainText(token.tokens);
      return "text" in token && typeof token.text === "string" ? token.text : "";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The sections a post's Markdown body reads as (contract §7.4), for clients that read sections: each
 * heading starts one, its paragraphs and other blocks become its paragraphs, its lists its bullets.
 * Text before the first heading is a section with an empty heading. Markdown is parsed with the same
 * library the web app renders it with, so both read the body alike.
 */
export function sectionsOf(markdown: string): PostSection[] {
  const sections: { heading: string; paragraphs: string[]; bullets: string[] }[] = [];
  const current = () => {
    if (sections.length === 0) sections.push({ heading: "", paragraphs: [], bullets: [] });
    return sections[sections.length - 1] as (typeof sections)[number];
  };
  for (const token of lexer(markdown)) {
    if (token.type === "space" || token.type === "hr" || token.type === "def") continue;
    if (token.type === "heading") {
      sections.push({ heading: plainText((token as Tokens.Heading).tokens), paragraphs: [], bullets: [] });
    } else if (token.type === "list") {
      for (const item of (token as Tokens.List).items) {
        const text = plainText(item.tokens);
        if (text) current().bullets.push(text);
      }
    } else {
      const text = "tokens" in token && Array.isArray(token.tokens) ? plainText(token.tokens) : plainText([token]);
      if (text) current().paragraphs.push(text);
    }
  }
  return sections.map(({ heading, paragraphs, bullets }) =>
    bullets.length > 0 ? { heading, paragraphs, bullets } : { heading, paragraphs },
  );
}
