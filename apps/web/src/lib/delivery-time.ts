import { isCalendarDate } from "@florist/contract/rules";
import { shopDateFormat } from "./format";

/**
 * Delivery dates and slots are the shop's (Asia/Jakarta, WIB). A date is formatted at noon of that day
 * in the shop's zone, so a browser in another zone (or at UTC) never shows the day before or after;
 * in the shop's language ("Sat 12 Dec", "Sab 12 Des").
 */

function dayFormat(): Intl.DateTimeFormat {
  return shopDateFormat("delivery-day", { weekday: "short", day: "numeric", month: "short" });
}

/** The instant at noon, shop time, of a YYYY-MM-DD date; null for anything else. */
function shopNoon(date: string): Date | null {
  return isCalendarDate(date) ? new Date(`${date}T12:00:00+07:00`) : null;
}

/** "Sat 12 Dec" for "2026-12-12". */
export function formatDeliveryDay(date: string): string {
  const noon = shopNoon(date);
  return noon ? dayFormat().format(noon) : date;
}

/** The parts a date picker shows on its own lines: "Sat", "12", "Dec". */
export function deliveryDayParts(date: string): { weekday: string; day: string; month: string } {
  const noon = shopNoon(date);
  const parts = noon ? dayFormat().formatToParts(noon) : [];
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: part("weekday"), day: part("day"), month: part("month") };
}

/** "09:00–12:00" (an en dash between the times of day). */
export function formatSlotTimes(slot: { start: string; end: string }): string {
  return `${slot.start}–${slot.end}`;
}

/** "Sat 12 Dec · 09:00–12:00": a delivery's day and slot, in shop time. */
export function formatDelivery(delivery: { date: string; start: string; end: string }): string {
  return `${formatDeliveryDay(delivery.date)} · ${formatSlotTimes(delivery)}`;
}
