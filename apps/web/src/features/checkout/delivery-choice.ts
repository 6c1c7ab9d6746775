import type { DayAvailability, SlotAvailability, SlotUnavailableReason } from "@florist/contract";
import { i18n } from "../../lib/i18n";

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

/** Why a slot cannot be chosen, in the shop's language (a literal text for each reason). */
function reasonText(reason: SlotUnavailableReason): string {
  const texts: Record<SlotUnavailableReason, string> = {
    closed: i18n.t("Closed"),
    full: i18n.t("Full"),
    cutoff: i18n.t("Too late today"),
  };
  return texts[reason];
}

/** What a slot shows beside its times: what is left, or why it cannot be chosen. */
export function slotStatus(slot: SlotAvailability): string {
  if (slot.available) return i18n.t("{{count}} left", { count: slot.remaining });
  return slot.reason ? reasonText(slot.reason) : i18n.t("Unavailable");
}
