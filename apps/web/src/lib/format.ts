/* Money (docs/rules.md, Money) and the order display id are the shop's rules, shared with the server's mails and invoices. */
export { formatRupiah, orderDisplayId as formatOrderId } from "@florist/contract/rules";

import { SHOP_TIME_ZONE } from "@florist/contract/rules";
import { dateLocale } from "./i18n";

const shopFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format on the shop's calendar (WIB) in the reader's language, made once per language and
 * kind of date (`kind` names the options, which never change for it).
 */
export function shopDateFormat(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale();
  const key = `${kind}:${locale}`;
  let format = shopFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    shopFormats.set(key, format);
  }
  return format;
}

/**
 * Customer screens show dates in the en-GB format ("5 Mar 2026", the spec's) in English and id-ID
 * ("5 Mar 2026", "5 Agu 2026") in Indonesian, on the shop's calendar (WIB), so an order placed at 01:00
 * in Bandung reads as that day wherever the browser is; an unreadable date is a dash.
 */
export function formatCustomerDate(value: string | null | undefined): string {
  if (!value) return "-";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "-";
  return shopDateFormat("customer", { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** Status badge class: the lowercased status with spaces turned into hyphens ("in-delivery"). */
export function statusClass(status: string | null | undefined): string {
  return (status ?? "").trim().toLowerCase().replace(/\s+/g, "-");
}

/** Up to two initials for the locally drawn avatar. */
export function initialsOf(username: string | null | undefined): string {
  const words = (username ?? "")
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0] ?? "";
  const second = words[1] ?? "";
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.toUpperCase();
}
