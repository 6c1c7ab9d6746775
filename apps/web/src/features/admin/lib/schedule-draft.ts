// First: zod must be told not to compile before the contract builds its schemas.
import "./schedule-zod-config";
import {
  type DeliverySchedule,
  type DeliveryScheduleInput,
  type DeliverySlot,
  type DeliveryZone,
  deliveryScheduleBody,
  MAX_WINDOW_DAYS,
  type STRAND_REASONS,
} from "@florist/contract";
import { addDays, SHOP_TIME_ZONE } from "@florist/contract/rules";
import type { z } from "zod";
import { i18n } from "../../../lib/i18n";

/**
 * The Schedule screen edits a copy of the whole schedule and sends it in one PUT, as the contract
 * wants it. Slots and zones are never removed (one left out would only be switched off), so an entry
 * keeps its place in the list and its index names it until the schedule is saved.
 */

export type SlotDraft = Omit<DeliverySlot, "slotId"> & { slotId?: number };
export type ZoneDraft = Omit<DeliveryZone, "zoneId"> & { zoneId?: number };
export interface ClosedDateDraft {
  date: string;
  /** Empty: the whole day. */
  slotIds: number[];
  reason: string;
}
export interface ScheduleDraft {
  windowDays: number;
  slots: SlotDraft[];
  zones: ZoneDraft[];
  closedDates: ClosedDateDraft[];
}

const byDate = (a: ClosedDateDraft, b: ClosedDateDraft) => a.date.localeCompare(b.date);

/**
 * The draft of a saved schedule. Closed dates before today are history the PUT may not send back
 * (it replaces the closed dates from today on), so the draft leaves them out.
 */
export function draftOf(schedule: DeliverySchedule, today: string): ScheduleDraft {
  return {
    windowDays: schedule.windowDays,
    slots: schedule.slots.map((slot) => ({ ...slot })),
    zones: schedule.zones.map((zone) => ({ ...zone })),
    closedDates: schedule.closedDates
      .filter((closed) => closed.date >= today)
      .map((closed) => ({ date: closed.date, slotIds: [...closed.slotIds], reason: closed.reason ?? "" }))
      .sort(byDate),
  };
}

export function bodyOf(draft: ScheduleDraft): DeliveryScheduleInput {
  return {
    timezone: SHOP_TIME_ZONE,
    windowDays: draft.windowDays,
    slots: draft.slots,
    zones: draft.zones,
    closedDates: draft.closedDates,
  };
}

export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A range of more days than the longest window can never matter to a shopper. */
export const MAX_CLOSED_RANGE_DAYS = MAX_WINDOW_DAYS;

/** Every date from `from` to `to`, both included; just `from` when `to` is empty. */
export function datesBetween(from: string, to: string): string[] {
  const last = to || from;
  const dates: string[] = [];
  for (let date = from; date <= last && dates.length < MAX_CLOSED_RANGE_DAYS; date = addDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

export interface ClosingRange {
  from: string;
  to: string;
  /** Empty: the whole day. */
  slotIds: number[];
  reason: string;
}

/** What is wrong with a range to close, in words for the admin; null when it can be closed. */
export function closingProblem(range: ClosingRange, today: string): string | null {
  if (!range.from) return i18n.t("Choose the first date to close.");
  if (range.from < today) return i18n.t("Dates before today cannot be closed.");
  if (range.to && range.to < range.from) return i18n.t("The last date must not be before the first.");
  if (datesBetween(range.from, range.to).length >= MAX_CLOSED_RANGE_DAYS)
    return i18n.t("Close at most {{number}} days at once.", { number: MAX_CLOSED_RANGE_DAYS - 1 });
  return null;
}

/** Closes each date of the range: one closed date per day, in place of what that day held before. */
export function closeRange(closedDates: readonly ClosedDateDraft[], range: ClosingRange): ClosedDateDraft[] {
  const dates = datesBetween(range.from, range.to);
  const reason = range.reason.trim();
  const added = dates.map((date) => ({ date, slotIds: [...range.slotIds], reason }));
  return [...closedDates.filter((closed) => !dates.includes(closed.date)), ...added].sort(byDate);
}

const slotEntry = deliveryScheduleBody.shape.slots.element;
const zoneEntry = deliveryScheduleBody.shape.zones.element;

function fieldName(field: string): string {
  const names: Record<string, string> = {
    label: i18n.t("Label"),
    start: i18n.t("Start"),
    end: i18n.t("End"),
    sameDayCutoff: i18n.t("Same-day cutoff"),
    capacity: i18n.t("Capacity"),
    name: i18n.t("Name"),
    fee: i18n.t("Fee"),
  };
  return names[field] ?? field;
}

function firstProblem(result: z.ZodSafeParseResult<unknown>): string | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const field = fieldName(String(issue.path[0] ?? ""));
  return `${field} ${issue.message}.`.trim();
}

/** The first thing the contract finds wrong with a slot ("End must be after the start."), or null. */
export function slotProblem(slot: SlotDraft): string | null {
  return firstProblem(slotEntry.safeParse(slot));
}

export function zoneProblem(zone: ZoneDraft): string | null {
  return firstProblem(zoneEntry.safeParse(zone));
}

/** The whole schedule checked as the server will check it, in the server's words ("slots.1.end: …"). */
export function scheduleProblem(draft: ScheduleDraft): string | null {
  const result = deliveryScheduleBody.safeParse(bodyOf(draft));
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join(".")}: ${issue.message}` : null;
}

/**
 * Where in the screen an answer such as "slots.1.end: must be after the start" points: "Time slot 2
 * (Pagi)". Null when the message names no entry.
 */
export function problemPlace(message: string, draft: ScheduleDraft): string | null {
  if (message.startsWith("windowDays:")) return i18n.t("Booking window");
  const match = /^(slots|zones|closedDates)\.(\d+)\b/.exec(message);
  if (!match) return null;
  const index = Number(match[2]);
  if (match[1] === "slots") {
    const slot = draft.slots[index];
    const place = i18n.t("Time slot {{number}}", { number: index + 1 });
    return `${place}${slot?.label ? ` (${slot.label})` : ""}`;
  }
  if (match[1] === "zones") {
    const zone = draft.zones[index];
    const place = i18n.t("District {{number}}", { number: index + 1 });
    return `${place}${zone?.name ? ` (${zone.name})` : ""}`;
  }
  const closed = draft.closedDates[index];
  const place = i18n.t("Closed date {{number}}", { number: index + 1 });
  return `${place}${closed ? ` (${closed.date})` : ""}`;
}

export type StrandReason = (typeof STRAND_REASONS)[number];

/** Why a saved order loses its place, as the confirmation lists it. */
export function strandReasonText(reason: StrandReason): string {
  const texts: Record<StrandReason, string> = {
    capacity: i18n.t("More orders than the new capacity"),
    inactive: i18n.t("Slot switched off"),
    closed: i18n.t("Date closed"),
  };
  return texts[reason];
}

/** "08:00", or that the slot is never offered for the same day. */
export function cutoffText(slot: Pick<SlotDraft, "sameDayCutoff">): string {
  return slot.sameDayCutoff ? i18n.t("Same day until {{time}}", { time: slot.sameDayCutoff }) : i18n.t("No same-day");
}

/** The slots a closed date shuts: "Whole day", or their labels. */
export function closedSlotsText(closed: ClosedDateDraft, slots: readonly SlotDraft[]): string {
  if (closed.slotIds.length === 0) return i18n.t("Whole day");
  return closed.slotIds
    .map(
      (slotId) => slots.find((slot) => slot.slotId === slotId)?.label ?? i18n.t("Slot {{number}}", { number: slotId }),
    )
    .join(", ");
}

/** A new slot starts with the morning's hours and no same-day orders, for the admin to shape. */
export const NEW_SLOT: SlotDraft = {
  label: "",
  start: "09:00",
  end: "12:00",
  sameDayCutoff: null,
  capacity: 10,
  active: true,
};

export const NEW_ZONE: ZoneDraft = { name: "", fee: 0, active: true };
