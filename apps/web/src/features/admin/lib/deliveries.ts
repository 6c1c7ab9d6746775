import type { OrderDelivery, OrderDetail, OrderItemDetail } from "@florist/contract";
import { addDays, isCalendarDate, SHOP_TIME_ZONE } from "@florist/contract/rules";
import { readAddressBlock } from "../../../lib/address";
import { formatSlotTimes } from "../../../lib/delivery-time";

/** "09:00–12:00": a slot's times, written as the storefront writes them. */
export { formatSlotTimes as slotTime };

/** en-CA writes dates as YYYY-MM-DD, the contract's calendar date. */
const shopCalendarDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in Bandung, whatever the admin's device zone: the day the deliveries screen opens on. */
export function shopToday(at: Date = new Date()): string {
  return shopCalendarDate.format(at);
}

/** The date of the screen's address (`?date=`), or today when it is missing or not a real date. */
export function chosenDate(param: string | null, today: string): string {
  return param && isCalendarDate(param) ? param : today;
}

export const previousDay = (date: string) => addDays(date, -1);
export const nextDay = (date: string) => addDays(date, 1);

// A calendar date names no instant: it is formatted at UTC midnight on the UTC clock, so no zone shifts it.
const dayTitle = new Intl.DateTimeFormat("id-ID", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const dayShort = new Intl.DateTimeFormat("id-ID", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

function utcMidnight(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** "Senin, 23 November 2026": admin screens show dates in the Indonesian locale. */
export function formatDayTitle(date: string): string {
  return isCalendarDate(date) ? dayTitle.format(utcMidnight(date)) : date;
}

/** "Sen, 23 Nov": for the list of dates a move can go to. */
export function formatDayShort(date: string): string {
  return isCalendarDate(date) ? dayShort.format(utcMidnight(date)) : date;
}

/** An order's date and slot in one line: "Senin, 23 November 2026 · Pagi 09:00–12:00". */
export function formatDelivery(delivery: OrderDelivery): string {
  return `${formatDayTitle(delivery.date)} · ${delivery.label} ${formatSlotTimes(delivery)}`;
}

export interface SlotLoad {
  /** "7 / 10" */
  text: string;
  full: boolean;
  over: boolean;
}

/** A slot's booked orders against its capacity; over capacity happens when an admin books a phone order. */
export function slotLoad(booked: number, capacity: number): SlotLoad {
  return { text: `${booked} / ${capacity}`, full: booked >= capacity, over: booked > capacity };
}

export interface DeliveryStop {
  recipient: string;
  phone: string;
  address: string;
  district: string;
  notes: string;
}

/**
 * Where the driver goes and whom to ask for. Orders placed before the gift fields existed carry the
 * recipient and phone only in the address block, so those are read from it when the fields are empty.
 */
export function deliveryStop(order: OrderDetail): DeliveryStop {
  const block = readAddressBlock(order.shippingAddress);
  return {
    recipient: order.recipientName?.trim() || block.recipient,
    phone: order.recipientPhone?.trim() || block.phone,
    address: block.address,
    district: order.deliveryZone?.name ?? order.delivery?.zoneName ?? "",
    notes: block.notes,
  };
}

/** A phone number as a tel: link: digits and a leading plus only, so the phone dials what is written. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** "Mawar Merah · L · Pink × 2" */
export function itemSummary(item: OrderItemDetail): string {
  const options = [item.size, item.color].filter(Boolean).join(" · ");
  return `${item.productName}${options ? ` · ${options}` : ""} × ${item.quantity}`;
}

/** "Kartu Ucapan × 1, Cokelat × 2" */
export function addOnSummary(item: OrderItemDetail): string {
  return item.customizations.map((addOn) => `${addOn.name} × ${addOn.quantity}`).join(", ");
}

/** The name signed on the printed card: the account's username, or none for an anonymous gift. */
export function cardSender(order: OrderDetail): string | null {
  return order.senderAnonymous ? null : order.username;
}
