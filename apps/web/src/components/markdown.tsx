import { useMemo } from "react";
import { renderMarkdown } from "../lib/markdown";
import "./markdown.css";

/** A blog post's Markdown, rendered and sanitised (lib/markdown): what the article and the editor's preview show. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => ({ __html: renderMarkdown(source) }), [source]);
  const classes = className ? `markdown ${className}` : "markdown";
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes written HTML and DOMPurify sanitises the result.
  return <div className={classes} dangerouslySetInnerHTML={html} />;
}
