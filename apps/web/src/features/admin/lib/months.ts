/** The month selector of the income widget: twelve months named in the Indonesian locale. */
export interface MonthOption {
  /** 1 to 12, as the overview call expects. */
  value: number;
  label: string;
}

export function monthOptions(locale = "id-ID"): MonthOption[] {
  const format = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, index) => ({
    value: index + 1,
    label: format.format(new Date(Date.UTC(2024, index, 1))),
  }));
}

export function monthName(month: number, locale = "id-ID"): string {
  return monthOptions(locale).find((option) => option.value === month)?.label ?? String(month);
}

/** Western Indonesia Time, UTC+7 without daylight saving: the clock the server counts months by. */
const SHOP_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;

/** "This month" is the month in Bandung, as the server counts it, whatever the device's zone. */
export function currentMonthAndYear(now = new Date()): { month: number; year: number } {
  const shop = new Date(now.getTime() + SHOP_UTC_OFFSET_MS);
  return { month: shop.getUTCMonth() + 1, year: shop.getUTCFullYear() };
}
