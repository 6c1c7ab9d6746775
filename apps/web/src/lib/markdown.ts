import DOMPurify from "dompurify";
import { Marked } from "marked";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);

/**
 * Markdown as the blog writes it. HTML written in a post is shown as the text it is, never passed
 * through as markup: `<script>` reads as "<script>" on the page (docs/decisions/0016).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text)}</p>` : escapeHtml(text);
    },
  },
});

/**
 * A post's Markdown as HTML that is safe to put in the page: written HTML is escaped by the
 * renderer, and DOMPurify then removes anything that could still run (a `javascript:` link, an
 * event attribute), so a post can never run script whatever its body holds.
 */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"] });
}
