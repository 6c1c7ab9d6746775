import { z } from "zod";
import { calendarDate, id, int, numberFrom, rupiah, timeOfDay } from "./common.js";
import { orderDetailSchema } from "./orders.js";
import { minutesOfDay, SHOP_TIME_ZONE } from "./rules.js";

/*
 * Delivery scheduling (contract §7.1). Times of day and dates are the shop's (Asia/Jakarta). Messages
 * of the schedule's input carry no final period, so a 400 names the field: "slots.1.end: must be after
 * the start".
 */

export const MAX_WINDOW_DAYS = 366;
/** How many days ahead, today included, a delivery may be booked until an admin changes it. */
export const DEFAULT_WINDOW_DAYS = 30;
export const MAX_SLOT_CAPACITY = 10_000;

export const deliverySlotSchema = z.object({
  slotId: int,
  label: z.string(),
  start: z.string(),
  end: z.string(),
  /** null: this slot is never offered for the same day. */
  sameDayCutoff: z.string().nullable(),
  /** Orders per date. */
  capacity: int,
  active: z.boolean(),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

export const deliveryZoneSchema = z.object({
  zoneId: int,
  /** A kecamatan of Kota Bandung. */
  name: z.string(),
  fee: int,
  active: z.boolean(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

/** A date closed for some slots, or for the whole day when `slotIds` is empty. Only admins see the reason. */
export const closedDateSchema = z.object({
  date: z.string(),
  slotIds: z.array(int),
  reason: z.string().optional(),
});
export type ClosedDate = z.infer<typeof closedDateSchema>;

export const deliveryScheduleSchema = z.object({
  timezone: z.literal(SHOP_TIME_ZONE),
  windowDays: int,
  slots: z.array(deliverySlotSchema),
  zones: z.array(deliveryZoneSchema),
  closedDates: z.array(closedDateSchema),
});
export type DeliverySchedule = z.infer<typeof deliveryScheduleSchema>;

const slotInput = z
  .object({
    /** Absent: a new slot. */
    slotId: id.optional(),
    label: z.string({ error: "is required" }).trim().min(1, "is required").max(60, "is at most 60 characters"),
    start: timeOfDay,
    end: timeOfDay,
    sameDayCutoff: timeOfDay.nullable(),
    capacity: numberFrom(
      z
        .number({ error: "must be a number" })
        .int("must be a whole number")
        .min(0, "must be 0 or more")
        .max(MAX_SLOT_CAPACITY, `is at most ${MAX_SLOT_CAPACITY}`),
    ),
    active: z.boolean({ error: "must be true or false" }).default(true),
  })
  .superRefine((slot, ctx) => {
    if (minutesOfDay(slot.end) <= minutesOfDay(slot.start)) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "must be after the start" });
    }
    if (slot.sameDayCutoff !== null && minutesOfDay(slot.sameDayCutoff) > minutesOfDay(slot.end)) {
      ctx.addIssue({ code: "custom", path: ["sameDayCutoff"], message: "must not be after the slot's end" });
    }
  });

const zoneInput = z.object({
  zoneId: id.optional(),
  name: z.string({ error: "is required" }).trim().min(1, "is required").max(80, "is at most 80 characters"),
  fee: rupiah,
  active: z.boolean({ error: "must be true or false" }).default(true),
});

const closedDateInput = z.object({
  date: calendarDate,
  /** Ids of slots of this schedule (existing ones); empty: the whole day. */
  slotIds: z.array(id).max(100, "lists too many slots").default([]),
  reason: z.string({ error: "must be text" }).trim().max(200, "is at most 200 characters").default(""),
});

/**
 * PUT /api/settings/delivery-schedule: the whole schedule. Slots and zones without an id are new; a slot
 * or zone left out is switched off (orders keep it). Closed dates replace those from today on.
 */
export const deliveryScheduleBody = z.object({
  timezone: z.literal(SHOP_TIME_ZONE, { error: `must be ${SHOP_TIME_ZONE}` }).optional(),
  windowDays: numberFrom(
    z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_WINDOW_DAYS, `is at most ${MAX_WINDOW_DAYS}`),
  ).default(DEFAULT_WINDOW_DAYS),
  slots: z.array(slotInput).max(48, "are at most 48"),
  zones: z.array(zoneInput).max(200, "are at most 200"),
  closedDates: z.array(closedDateInput).max(1000, "are at most 1000").default([]),
});
export type DeliveryScheduleInput = z.input<typeof deliveryScheduleBody>;

/** Why a change to the schedule leaves an order it already holds without its place. */
export const STRAND_REASONS = ["capacity", "inactive", "closed"] as const;

/**
 * POST /api/settings/delivery-schedule/check (admin): what saving this schedule would strand, so the
 * screen can ask first. Saving is never refused for it: the florist may still deliver those orders.
 */
export const strandedOrdersSchema = z.object({
  stranded: z.array(
    z.object({
      orderId: int,
      date: z.string(),
      slotId: int,
      slotLabel: z.string(),
      reason: z.enum(STRAND_REASONS),
    }),
  ),
});
export type StrandedOrders = z.infer<typeof strandedOrdersSchema>;

export const availabilityQuery = z.object({
  from: calendarDate.optional(),
  days: numberFrom(
    z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be 1 to 62")
      .max(62, "must be 1 to 62"),
  ).default(14),
});

export const SLOT_UNAVAILABLE_REASONS = ["closed", "full", "cutoff"] as const;
export type SlotUnavailableReason = (typeof SLOT_UNAVAILABLE_REASONS)[number];

export const slotAvailabilitySchema = z.object({
  slotId: int,
  label: z.string(),
  start: z.string(),
  end: z.string(),
  remaining: int,
  available: z.boolean(),
  reason: z.enum(SLOT_UNAVAILABLE_REASONS).nullable(),
});
export type SlotAvailability = z.infer<typeof slotAvailabilitySchema>;

export const dayAvailabilitySchema = z.object({ date: z.string(), slots: z.array(slotAvailabilitySchema) });
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;
export const availabilityAnswerSchema = z.array(dayAvailabilitySchema);

export const deliveriesQuery = z.object({ date: calendarDate.optional() });

/** GET /api/order/admin/deliveries: a day's run, slot by slot, each with its capacity to count against. */
export const deliveriesAnswerSchema = z.object({
  date: z.string(),
  slots: z.array(
    z.object({
      slotId: int,
      label: z.string(),
      start: z.string(),
      end: z.string(),
      capacity: int,
      orders: z.array(orderDetailSchema),
    }),
  ),
  unscheduled: z.array(orderDetailSchema),
});
export type DeliveriesAnswer = z.infer<typeof deliveriesAnswerSchema>;

/**
 * PATCH /api/order/{id}/delivery (admin): moves an order to another date and slot, and optionally
 * another district (the fee the shopper paid is kept). `overCapacity` lets an admin book a full slot,
 * for an order taken on the phone; a closed slot stays closed.
 */
export const moveDeliveryBody = z.object({
  date: calendarDate,
  slotId: id,
  zoneId: id.nullish(),
  overCapacity: z.boolean({ error: "must be true or false" }).default(false),
});
export type MoveDeliveryInput = z.input<typeof moveDeliveryBody>;
