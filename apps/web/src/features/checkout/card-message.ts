import { CARD_MESSAGE_MAX, cardMessageLength } from "@florist/contract/rules";

export { CARD_MESSAGE_MAX, cardMessageLength };

/**
 * The message cut to what a card holds, counted as the server counts it (cardMessageLength): a paste
 * that runs over keeps its first 250 characters instead of being refused whole, and an emoji is never
 * cut in half.
 */
export function clampCardMessage(text: string): string {
  if (cardMessageLength(text) <= CARD_MESSAGE_MAX) return text;
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let kept = "";
  let count = 0;
  for (const { segment } of segmenter.segment(text.replace(/\r\n/g, "\n"))) {
    if (count === CARD_MESSAGE_MAX) break;
    kept += segment;
    count++;
  }
  return kept;
}
