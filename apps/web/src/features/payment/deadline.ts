import { SHOP_TIME_ZONE } from "@florist/contract/rules";
import { dateLocale, i18n } from "../../lib/i18n";

/** "Tue 24 Nov, 15:30 WIB" ("Sel 24 Nov, 15:30 WIB"): the deadline in the shop's time, whatever the browser's zone. */
export function formatDeadline(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  const deadlineFormat = new Intl.DateTimeFormat(dateLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: SHOP_TIME_ZONE,
  });
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    deadlineFormat.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")}, ${part("hour")}:${part("minute")} WIB`;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "1 day 02:14:05 left", "02:14:05 left"; null once the deadline has passed. */
export function timeLeft(iso: string, nowMs: number): string | null {
  const left = Math.floor((new Date(iso).getTime() - nowMs) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  if (days === 0) return i18n.t("{{clock}} left", { clock });
  return i18n.t("{{count}} days {{clock}} left", { count: days, clock });
}
