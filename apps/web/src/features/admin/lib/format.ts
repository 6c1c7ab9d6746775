/**
 * The shop and its admins are in Bandung, and the server counts months in Western Indonesia Time,
 * so admin dates are shown on that clock whatever the device's own zone.
 */
export const SHOP_TIME_ZONE = "Asia/Jakarta";

const adminDate = new Intl.DateTimeFormat("id-ID", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});
const adminDateTime = new Intl.DateTimeFormat("id-ID", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Admin screens show dates in the Indonesian locale; an unreadable date shows as a dash. */
export function formatAdminDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? adminDate.format(date) : "-";
}

export function formatAdminDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? adminDateTime.format(date) : "-";
}
