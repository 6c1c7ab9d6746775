/**
 * The shop's rules that both the server and the web app apply, free of zod so that the storefront can
 * import them without downloading the schema library (import from "@florist/contract/rules").
 */

export const DEFAULT_DELIVERY_FEE = 50000;

/**
 * The largest whole number every integer column holds on both databases (PostgreSQL `integer`).
 * Ids, quantities, prices and totals are bounded by it at the edge, so SQLite and PostgreSQL answer
 * alike and an oversized value is a 400, not a database error.
 */
export const MAX_DB_INT = 2_147_483_647;

export const PASSWORD_RULE_MESSAGE = "Password harus memenuhi semua kriteria keamanan.";

/** The checks of the live password checklist (spec §5), shared by the server's rule and the signup form. */
export const passwordChecks = [
  { key: "length", label: "Minimal 8 karakter", test: (p: string) => p.length >= 8 },
  { key: "uppercase", label: "Minimal 1 huruf kapital", test: (p: string) => /[A-Z]/.test(p) },
  { key: "digit", label: "Minimal 1 angka", test: (p: string) => /[0-9]/.test(p) },
] as const;

export function isStrongPassword(password: string): boolean {
  return passwordChecks.every((check) => check.test(password));
}

export const ORDER_STATUSES = ["Order Received", "In Delivery", "Finished", "Denied"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Completed is a legacy final status that customer screens treat like Finished. */
export const REVIEWABLE_STATUSES = ["finished", "completed"];

export function normalizeStatus(status: string | null | undefined): string {
  return (status ?? "").trim().toLowerCase();
}

export function isReviewable(status: string | null | undefined): boolean {
  return REVIEWABLE_STATUSES.includes(normalizeStatus(status));
}

/** Comma-joined lists as the admin form sends them: trimmed, empty entries dropped. */
export function splitList(value: string | string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : (value ?? "").split(",");
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
