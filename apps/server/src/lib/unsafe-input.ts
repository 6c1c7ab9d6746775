import type { MessageKey } from "./i18n.js";

/** Far deeper than any request of the shop needs (an order's customizations sit five levels down). */
const MAX_DEPTH = 32;

export const NUL_MESSAGE = "Text may not contain the NUL character (\\u0000)." satisfies MessageKey;
export const TOO_DEEP_MESSAGE = "The request is nested too deeply." satisfies MessageKey;
export const NOT_FINITE_MESSAGE = "A number in the request is too large." satisfies MessageKey;

/**
 * What in a path, query string or body no column of either database can hold or no handler should
 * walk, or null when there is nothing: PostgreSQL text cannot store NUL (SQLite can, so the two
 * would disagree), JSON reads 1e309 as Infinity, and nesting deeper than any form is only an attack.
 * The walk uses its own stack, so a deep value cannot overflow the call stack.
 */
export function unsafeInput(value: unknown): MessageKey | null {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { item, depth } = next;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return NUL_MESSAGE;
    } else if (typeof item === "number") {
      if (!Number.isFinite(item)) return NOT_FINITE_MESSAGE;
    } else if (typeof item === "object" && item !== null) {
      if (depth >= MAX_DEPTH) return TOO_DEEP_MESSAGE;
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return NUL_MESSAGE;
        stack.push({ item: child, depth: depth + 1 });
      }
    }
  }
  return null;
}
