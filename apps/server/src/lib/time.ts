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

/** The UTC instants that bound a calendar month in the shop's time zone, as ISO strings [start, end). */
export function shopMonthRange(year: number, month: number): [string, string] {
  const start = Date.UTC(year, month - 1, 1) - SHOP_UTC_OFFSET_MS;
  const end = Date.UTC(year, month, 1) - SHOP_UTC_OFFSET_MS;
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

/** The current year and month (1–12) in the shop's time zone. */
export function shopYearMonth(at: Date = now()): { year: number; month: number } {
  const local = new Date(at.getTime() + SHOP_UTC_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}
