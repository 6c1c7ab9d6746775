import type { SlotAvailability, SlotUnavailableReason } from "@florist/contract";
import { addDays, minutesOfDay } from "@florist/contract/rules";

/** A slot as the availability rule needs it. */
export interface SlotRule {
  slotId: number;
  label: string;
  start: string;
  end: string;
  sameDayCutoff: string | null;
  capacity: number;
}

/**
 * Everything the rule of contract §7.1 decides on, read in a few queries for any number of days: the
 * shop's date and time of day, the window, the closed dates and how many orders hold each slot.
 */
export interface ScheduleSnapshot {
  today: string;
  /** Minutes since the shop's midnight. */
  minutesNow: number;
  windowDays: number;
  /** Dates closed for the whole day. */
  closedDays: Set<string>;
  /** "date|slotId" of the slots closed on a date. */
  closedSlots: Set<string>;
  /** "date|slotId" → orders holding that place. */
  booked: Map<string, number>;
}

export const placeKey = (date: string, slotId: number) => `${date}|${slotId}`;

/**
 * The last window asked for: the rule asks for its last day for every slot of every day it looks at,
 * and every order that names no slot walks its days, always the same until the date turns.
 */
let lastWindow = { today: "", days: 0, dates: [] as readonly string[] };

/** The dates of the window that starts `today` and holds `days` days (at least one), in order. */
export function windowDates(today: string, days: number): readonly string[] {
  if (lastWindow.today !== today || lastWindow.days !== days) {
    lastWindow = { today, days, dates: Array.from({ length: days }, (_, offset) => addDays(today, offset)) };
  }
  return lastWindow.dates;
}

/** The last date a shopper may book: the window counts today as its first day. */
export function lastBookableDay(today: string, windowDays: number): string {
  return windowDates(today, windowDays)[windowDays - 1] as string;
}

/** Why a slot cannot be booked on a date, or null when it can. */
export function unavailableReason(
  snapshot: ScheduleSnapshot,
  date: string,
  slot: SlotRule,
): SlotUnavailableReason | null {
  // A date gone by is too late in the way a passed cutoff is; a date beyond the window is not yet open.
  if (date < snapshot.today) return "cutoff";
  if (date > lastBookableDay(snapshot.today, snapshot.windowDays)) return "closed";
  if (snapshot.closedDays.has(date) || snapshot.closedSlots.has(placeKey(date, slot.slotId))) return "closed";
  if (date === snapshot.today && sameDayCutoffPassed(slot, snapshot.minutesNow)) return "cutoff";
  if (bookedOn(snapshot, date, slot.slotId) >= slot.capacity) return "full";
  return null;
}

/** Whether a slot takes no more orders for today at `minutesNow`: its cutoff has passed, or it takes none. */
export function sameDayCutoffPassed(slot: SlotRule, minutesNow: number): boolean {
  return slot.sameDayCutoff === null || minutesNow >= minutesOfDay(slot.sameDayCutoff);
}

export function bookedOn(snapshot: ScheduleSnapshot, date: string, slotId: number): number {
  return snapshot.booked.get(placeKey(date, slotId)) ?? 0;
}

/** One slot on one date as the storefront shows it; `remaining` is what can still be booked (0 when none can). */
export function slotAvailability(snapshot: ScheduleSnapshot, date: string, slot: SlotRule): SlotAvailability {
  const reason = unavailableReason(snapshot, date, slot);
  return {
    slotId: slot.slotId,
    label: slot.label,
    start: slot.start,
    end: slot.end,
    remaining: reason === null ? slot.capacity - bookedOn(snapshot, date, slot.slotId) : 0,
    available: reason === null,
    reason,
  };
}

/** The earliest date and slot that can be booked from today on within the window, or null. */
export function earliestPlace(snapshot: ScheduleSnapshot, slots: SlotRule[]): { date: string; slot: SlotRule } | null {
  for (const date of windowDates(snapshot.today, snapshot.windowDays)) {
    const slot = slots.find((s) => unavailableReason(snapshot, date, s) === null);
    if (slot) return { date, slot };
  }
  return null;
}
