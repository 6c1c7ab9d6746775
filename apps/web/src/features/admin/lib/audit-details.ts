import type { AuditEntry } from "@florist/contract";
import { i18n } from "../../../lib/i18n";

/** One line of a change as the audit screen shows it: a field going from before to after, or a note. */
export type ChangeLine =
  | { kind: "change"; label: string | null; before: string; after: string }
  | { kind: "note"; label: string; value: string };

const LONG = 120;
const EMPTY = "—";
const numbers = new Intl.NumberFormat("id-ID");

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A value in words an admin reads: numbers grouped the Indonesian way, lists joined, nothing as a dash. */
export function readable(value: unknown): string {
  let text: string;
  if (value === null || value === undefined || value === "") text = EMPTY;
  else if (typeof value === "number") text = numbers.format(value);
  else if (typeof value === "boolean") text = value ? i18n.t("yes") : i18n.t("no");
  else if (typeof value === "string") text = value;
  else if (Array.isArray(value)) text = value.length === 0 ? EMPTY : value.map(readable).join(", ");
  else if (isRecord(value))
    text = Object.entries(value)
      .map(([key, inner]) => `${key}: ${readable(inner)}`)
      .join(", ");
  else text = String(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of a record change that differ. A record made shows the fields it was made with; one
 * removed shows every field it held against a dash.
 */
function fieldChanges(before: unknown, after: unknown): ChangeLine[] {
  if ((before === null || before === undefined) && isRecord(after)) {
    return Object.entries(after).map(([label, value]) => ({ kind: "note", label, value: readable(value) }));
  }
  if (!isRecord(before) && !isRecord(after)) {
    return [{ kind: "change", label: null, before: readable(before), after: readable(after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => !same(was[key], now[key]))
    .map((key) => ({ kind: "change", label: key, before: readable(was[key]), after: readable(now[key]) }));
}

/** An entry's details as lines: before → after field by field, then anything else it notes (a note, a flag). */
export function describeChange(details: AuditEntry["details"]): ChangeLine[] {
  const { before, after, ...rest } = details;
  const changes = "before" in details || "after" in details ? fieldChanges(before, after) : [];
  const notes: ChangeLine[] = Object.entries(rest).map(([label, value]) => ({
    kind: "note",
    label,
    value: readable(value),
  }));
  return [...changes, ...notes];
}
