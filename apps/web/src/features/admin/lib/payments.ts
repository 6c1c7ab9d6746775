import { PAYMENT_STATUSES, type PaymentStatus, SLOT_RELEASING_STATUSES, sameStatus } from "@florist/contract/rules";
import { i18n } from "../../../lib/i18n";

/** A payment status as the server writes it, read as the server reads it (case and spaces do not matter). */
export function paymentStatusOf(status: string | null | undefined): PaymentStatus | undefined {
  return PAYMENT_STATUSES.find((known) => sameStatus(known, status));
}

/**
 * Whether an admin may mark an order paid without a receipt (contract §7.2): not once it is Paid,
 * and never for an order that is Denied or Cancelled.
 */
export function canMarkPaid(order: { orderStatus: string; paymentStatus: string }): boolean {
  if (paymentStatusOf(order.paymentStatus) === "Paid") return false;
  return !SLOT_RELEASING_STATUSES.some((final) => sameStatus(final, order.orderStatus));
}

/**
 * A phone as wa.me wants it: digits only, in international form. Indonesian numbers are written
 * 08…, +62 8… or 62 8…; all become 628…. Null when too few digits are left to be a number.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.startsWith("0")) digits = `62${digits.slice(1)}`;
  else if (digits.startsWith("8")) digits = `62${digits}`;
  return digits.length >= 9 ? digits : null;
}

export function whatsappHref(phone: string | null | undefined): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}` : null;
}

/** The payment window in hours and minutes, as the settings screen repeats it beside the minutes. */
export function paymentWindowText(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return "";
  if (minutes === 0) return i18n.t("Pesanan tidak pernah kedaluwarsa");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? i18n.t("{{hours}} jam", { hours }) : "",
    rest > 0 ? i18n.t("{{minutes}} menit", { minutes: rest }) : "",
  ].filter(Boolean);
  return `= ${parts.join(" ")}`;
}
