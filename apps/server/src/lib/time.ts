let clock: () => number = Date.now;

/**
 * Sets the shop's clock (null: the system clock again). Only tests call it, to let time pass without
 * sleeping, which works because every rule that depends on the time reads it through now().
 */
export function setClock(next: (() => number) | null): void {
  clock = next ?? Date.now;
}

/** The shop's clock, in one place so timestamps are always ISO 8601 UTC strings of one width. */
export function now(): Date {
  return new Date(clock());
}

export function nowIso(): string {
  return now().toISOString();
}

export function isoIn(ms: number, from: Date = now()): string {
  return new Date(from.getTime() + ms).toISOString();
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The shop is in Bandung: a month is counted in Western Indonesia Time (UTC+7, no daylight saving). */
const SHOP_UTC_OFFSET_MS = 7 * HOUR;

/** The shop's local wall-clock time of an instant, read with the UTC getters. */
function shopLocal(at: Date): Date {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS);
}

/** The shop's calendar date (YYYY-MM-DD) at an instant: 00:30 in Jakarta is already tomorrow while UTC is still today. */
export function shopToday(at: Date = now()): string {
  return shopLocal(at).toISOString().slice(0, 10);
}

/** Minutes since the shop's local midnight at an instant, to compare with an "HH:MM" time of day. */
export function shopMinutesNow(at: Date = now()): number {
  const local = shopLocal(at);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant, as an ISO string in UTC, of a shop-local date ("2026-12-12") and time of day ("09:00"). */
export function shopInstant(date: string, time = "00:00"): string {
  return new Date(Date.parse(`${date}T${time}:00.000Z`) - SHOP_UTC_OFFSET_MS).toISOString();
}

/** The UTC instants that bound a calendar month in the shop's time zone, as ISO strings [start, end). */
export function shopMonthRange(year: number, month: number): [string, string] {
  const start = Date.UTC(year, month - 1, 1) - SHOP_UTC_OFFSET_MS;
  const end = Date.UTC(year, month, 1) - SHOP_UTC_OFFSET_MS;
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

/** The current year and month (1–12) in the shop's time zone. */
export function shopYearMonth(at: Date = now()): { year: number; month: number } {
  const local = shopLocal(at);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}
