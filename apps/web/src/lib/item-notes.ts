/**
 * The cart API has no field for a line's extra notes, so the notes typed on the product page are
 * kept in this browser per cart item and offered as the order's notes at checkout.
 */
const STORAGE_KEY = "florist.item-notes";

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function saveItemNotes(cartItemId: number, notes: string): void {
  const all = readAll();
  const trimmed = notes.trim();
  if (trimmed) all[cartItemId] = trimmed;
  else delete all[cartItemId];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage can be full or disabled; the notes are a convenience, the order works without them.
  }
}

export function readItemNotes(cartItemId: number): string {
  return readAll()[cartItemId] ?? "";
}

/** Notes of several lines as one text for the order's 'Catatan', each prefixed with its product. */
export function combineNotes(lines: readonly { name: string; notes: string }[]): string {
  const withNotes = lines.filter((line) => line.notes.trim());
  if (withNotes.length === 1) return withNotes[0]?.notes.trim() ?? "";
  return withNotes.map((line) => `${line.name}: ${line.notes.trim()}`).join("; ");
}
