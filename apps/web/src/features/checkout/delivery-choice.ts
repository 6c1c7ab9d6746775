import type { DayAvailability, SlotAvailability, SlotUnavailableReason } from "@florist/contract";

/** A date and one of its slots, as the order sends them. */
export interface SlotChoice {
  date: string;
  slotId: number;
}

/** The dates the picker offers: only those with at least one slot still free. */
export function offeredDays(days: readonly DayAvailability[]): DayAvailability[] {
  return days.filter((day) => day.slots.some((slot) => slot.available));
}

/** The earliest free slot in the window (dates in order, slots by start time), or null when none is. */
export function earliestChoice(days: readonly DayAvailability[]): SlotChoice | null {
  for (const day of days) {
    const slot = [...day.slots].sort((a, b) => a.start.localeCompare(b.start)).find((s) => s.available);
    if (slot) return { date: day.date, slotId: slot.slotId };
  }
  return null;
}

/** Whether a choice is still free in these days. */
export function isFree(days: readonly DayAvailability[], choice: SlotChoice): boolean {
  const day = days.find((d) => d.date === choice.date);
  return day?.slots.some((slot) => slot.slotId === choice.slotId && slot.available) ?? false;
}

const REASON_TEXT: Record<SlotUnavailableReason, string> = {
  closed: "Closed",
  full: "Full",
  cutoff: "Too late today",
};

/** What a slot shows beside its times: what is left, or why it cannot be chosen. */
export function slotStatus(slot: SlotAvailability): string {
  if (slot.available) return `${slot.remaining} left`;
  return slot.reason ? REASON_TEXT[slot.reason] : "Unavailable";
}
