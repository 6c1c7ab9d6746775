import type {
  availabilityQuery,
  ClosedDate,
  DayAvailability,
  DeliverySchedule,
  DeliverySlot,
  deliveryScheduleBody,
  SlotUnavailableReason,
  StrandedOrders,
} from "@florist/contract";
import { addDays, SHOP_TIME_ZONE } from "@florist/contract/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Dialect } from "../../db/connection.js";
import type { Executor } from "../../db/database.js";
import { keptRead } from "../../db/kept-reads.js";
import { badRequest, conflict, fieldProblem, type Message, msg } from "../../errors.js";
import { now, shopMinutesNow, shopToday } from "../../lib/time.js";
import { type Actor, recordChange } from "../audit/service.js";
import { getDeliveryWindowDays, setDeliveryWindowDays } from "../settings/service.js";
import {
  bookedOn,
  earliestPlace,
  lastBookableDay,
  placeKey,
  type ScheduleSnapshot,
  type SlotRule,
  sameDayCutoffPassed,
  slotAvailability,
  unavailableReason,
  windowDates,
} from "./availability.js";
import * as repo from "./repository.js";

type ScheduleInput = z.output<typeof deliveryScheduleBody>;

export function toSlotRule(row: repo.SlotRow): SlotRule {
  return {
    slotId: row.slot_id,
    label: row.label,
    start: row.start_time,
    end: row.end_time,
    sameDayCutoff: row.same_day_cutoff,
    capacity: row.capacity,
  };
}

function toSlot(row: repo.SlotRow): DeliverySlot {
  return { ...toSlotRule(row), active: row.active === 1 };
}

/**
 * Closed-date rows (one per slot, or a null slot for the whole day) as the entries an admin wrote:
 * rows of one date with one reason form one entry, for the whole day if any of them is.
 */
function toClosedDates(rows: repo.ClosedRow[], withReasons: boolean): ClosedDate[] {
  const entries = new Map<string, ClosedDate & { wholeDay: boolean }>();
  for (const row of rows) {
    const key = `${row.date}|${row.reason}`;
    const entry = entries.get(key) ?? { date: row.date, slotIds: [], reason: row.reason, wholeDay: false };
    if (row.slot_id === null) entry.wholeDay = true;
    else entry.slotIds.push(row.slot_id);
    entries.set(key, entry);
  }
  return [...entries.values()].map(({ wholeDay, reason, ...entry }) => ({
    ...entry,
    slotIds: wholeDay ? [] : entry.slotIds,
    ...(withReasons ? { reason } : {}),
  }));
}

async function schedule(db: Executor, options: { admin: boolean }): Promise<DeliverySchedule> {
  const [windowDays, slots, zones, closed] = await Promise.all([
    getDeliveryWindowDays(db),
    repo.listSlots(db, { all: options.admin }),
    repo.listZones(db, { all: options.admin }),
    repo.listClosedDates(db, shopToday()),
  ]);
  return {
    timezone: SHOP_TIME_ZONE,
    windowDays,
    slots: slots.map(toSlot),
    zones: zones.map((z) => ({ zoneId: z.zone_id, name: z.name, fee: z.fee, active: z.active === 1 })),
    closedDates: toClosedDates(closed, options.admin),
  };
}

/** The slots shoppers may book, in the order of the day: every order reads them, kept until they change. */
function activeSlots(db: Executor) {
  return keptRead(db, "active-slots", () => repo.listSlots(db, { all: false }));
}

/** Every slot, switched-off ones included, in the order of the day. */
export async function listAllSlots(db: Executor): Promise<DeliverySlot[]> {
  return (await repo.listSlots(db, { all: true })).map(toSlot);
}

/** What shoppers see: active slots and zones, closed dates from today on without their reasons. */
export function publicSchedule(ctx: AppContext): Promise<DeliverySchedule> {
  return schedule(ctx.db, { admin: false });
}

/** What the admin edits: every slot and zone, closed dates from today on with their reasons. */
export function adminSchedule(ctx: AppContext): Promise<DeliverySchedule> {
  return schedule(ctx.db, { admin: true });
}

/**
 * Reads what the availability rule needs for the dates [from, to] in three queries besides the
 * window setting, however many days: closed dates, and the bookings counted per day and slot.
 */
async function snapshot(
  db: Executor,
  from: string,
  to: string,
  exceptOrderId?: number,
  knownWindowDays?: number,
): Promise<ScheduleSnapshot> {
  const at = now();
  const [windowDays, closed, booked] = await Promise.all([
    knownWindowDays ?? getDeliveryWindowDays(db),
    keptRead(db, `closed-dates:${from}:${to}`, () => repo.listClosedDates(db, from, to)),
    repo.countBookings(db, from, to, exceptOrderId),
  ]);
  return {
    today: shopToday(at),
    minutesNow: shopMinutesNow(at),
    windowDays,
    closedDays: new Set(closed.filter((c) => c.slot_id === null).map((c) => c.date)),
    closedSlots: new Set(closed.flatMap((c) => (c.slot_id === null ? [] : [placeKey(c.date, c.slot_id)]))),
    booked: new Map(booked.map((b) => [placeKey(b.day, b.slotId), b.booked])),
  };
}

/**
 * One place as its slot's claim counted it (repo.sendLockSlotCountingPlace) or an order's check read
 * it (repo.readSlotAndPlace), in the window already read.
 */
function placeSnapshot(state: repo.PlaceState, date: string, slotId: number, windowDays: number): ScheduleSnapshot {
  const at = now();
  return {
    today: shopToday(at),
    minutesNow: shopMinutesNow(at),
    windowDays,
    closedDays: new Set(),
    closedSlots: new Set(state.closed ? [placeKey(date, slotId)] : []),
    booked: new Map([[placeKey(date, slotId), state.booked]]),
  };
}

/** GET /api/delivery/availability: every active slot of each date from `from` (default today). */
export async function availability(
  ctx: AppContext,
  query: z.output<typeof availabilityQuery>,
): Promise<DayAvailability[]> {
  const from = query.from ?? shopToday();
  const to = addDays(from, query.days - 1);
  const [slots, snap] = await Promise.all([activeSlots(ctx.db), snapshot(ctx.db, from, to)]);
  const rules = slots.map(toSlotRule);
  return Array.from({ length: query.days }, (_, offset) => {
    const date = addDays(from, offset);
    return { date, slots: rules.map((slot) => slotAvailability(snap, date, slot)) };
  });
}

/** What a slot's refusal names: its label, its hours and the day. */
const slotValues = (slot: SlotRule, date: string) => ({ label: slot.label, start: slot.start, end: slot.end, date });

const UNAVAILABLE: Record<SlotUnavailableReason, { message: (slot: SlotRule, date: string) => Message; code: string }> =
  {
    closed: {
      message: (slot, date) =>
        msg(
          "The {{label}} slot ({{start}}–{{end}}) on {{date}} is closed. Please choose another time.",
          slotValues(slot, date),
        ),
      code: "SLOT_CLOSED",
    },
    full: {
      message: (slot, date) =>
        msg(
          "The {{label}} slot ({{start}}–{{end}}) on {{date}} is full. Please choose another time.",
          slotValues(slot, date),
        ),
      code: "SLOT_FULL",
    },
    cutoff: {
      message: (slot, date) =>
        msg(
          "It is too late to order for today's {{label}} slot ({{start}}–{{end}}). Please choose another time.",
          slotValues(slot, date),
        ),
      code: "SLOT_CUTOFF",
    },
  };

export interface Place {
  date: string;
  slot: SlotRule;
}

/** An order's place on its way to being claimed: its first try is sent, and this waits for it (null: none free). */
export type PlaceClaim = () => Promise<Place | null>;

/**
 * The date and slot a shopper named, claimed inside the order's transaction after the products are
 * locked: the slot row is locked next, and only then are its bookings counted, so of two shoppers
 * racing for the last place exactly one gets it. Both are sent ahead (repo.sendLockSlotCountingPlace),
 * behind the order's products, and checked when the claim is waited for. A date outside the window or
 * a slot the shop does not offer is the shopper's mistake (400); a slot that is closed, full or past
 * its cutoff is a conflict with the shop's day (409).
 */
export async function sendNamedPlaceClaim(
  db: Executor,
  dialect: Dialect,
  date: string,
  slotId: number,
  knownWindowDays?: number,
): Promise<PlaceClaim> {
  const windowDays = await checkNamedDate(db, date, knownWindowDays);
  const locking = await repo.sendLockSlotCountingPlace(db, dialect, slotId, date);
  return async () => namedPlace(await locking.answer, date, slotId, windowDays);
}

/**
 * The same checks as a named claim, without a lock: a named place is refused before an order
 * locks anything, and claimed (checked again) just before the order is written.
 */
export async function checkNamedPlace(db: Executor, date: string, slotId: number, windowDays?: number): Promise<Place> {
  const days = await checkNamedDate(db, date, windowDays);
  return namedPlace(await repo.readSlotAndPlace(db, slotId, date), date, slotId, days);
}

/** A named date in the past or beyond the window is a 400; answers the window. */
async function checkNamedDate(db: Executor, date: string, knownWindowDays: number | undefined): Promise<number> {
  const today = shopToday();
  if (date < today) throw badRequest(fieldProblem("delivery_date", "is in the past"), "INVALID_INPUT");
  const windowDays = knownWindowDays ?? (await getDeliveryWindowDays(db));
  if (date > lastBookableDay(today, windowDays)) {
    throw badRequest(
      fieldProblem("delivery_date", "is more than {{days}} days ahead", { days: windowDays }),
      "INVALID_INPUT",
    );
  }
  return windowDays;
}

function namedPlace({ row, state }: repo.LockedPlace, date: string, slotId: number, windowDays: number): Place {
  if (row?.active !== 1)
    throw badRequest(fieldProblem("delivery_slot_id", "is not a delivery slot of the shop"), "INVALID_INPUT");
  const slot = toSlotRule(row);
  const reason = unavailableReason(placeSnapshot(state, date, slotId, windowDays), date, slot);
  if (reason !== null) {
    const refusal = UNAVAILABLE[reason];
    throw conflict(refusal.message(slot, date), refusal.code);
  }
  return { date, slot };
}

/**
 * The active slots and the window's bookings as counted at one moment, without a lock; no snapshot
 * when every place of the window was full (no order can have one).
 */
export interface PlaceCount {
  slots: SlotRule[];
  snapshot: ScheduleSnapshot | null;
  /**
   * No place was counted: this process's last count found the window full, and the order's
   * transaction asks whether it still is (countPlaces' `fullAskedLater`).
   */
  fullUnasked?: boolean;
}

/**
 * Whether this process's last count found every place of the window full. A hint only, for which
 * query to ask first: in a rush the window fills, and every later order that names no slot read each
 * of its places' bookings (a row per place) to learn that none is free. While it stays full, one
 * count answers that instead. Whatever the hint, the answer comes from the database.
 */
let windowWasFull = false;

/**
 * Whether every place of the window that the clock still lets an order take holds as many orders as
 * its slot takes, and at least one: a place no order holds has no row for fullPlaces to count (a
 * slot that takes none). Today's places whose same-day cutoff has passed are left out: they stay
 * empty for good, and would keep a rush's window from ever counting as full.
 */
function everyPlaceFull(snap: ScheduleSnapshot, slots: SlotRule[]): boolean {
  return windowDates(snap.today, snap.windowDays).every((date) =>
    slots.every(
      (slot) =>
        (date === snap.today && sameDayCutoffPassed(slot, snap.minutesNow)) ||
        bookedOn(snap, date, slot.slotId) >= Math.max(slot.capacity, 1),
    ),
  );
}

/** everyPlaceFull of the window as fullPlaces found it at `at`, without reading each place. */
function stillFull(full: repo.FullPlaces, slots: SlotRule[], at: Date, windowDays: number): boolean {
  const minutesNow = shopMinutesNow(at);
  return (
    full.laterFull === slots.length * (windowDays - 1) &&
    slots.every((slot) => sameDayCutoffPassed(slot, minutesNow) || full.todayFull.has(slot.slotId))
  );
}

/** The window from the shop's day at `at`, as fullPlaces asks for it. */
function windowOf(at: Date, windowDays: number): [today: string, last: string] {
  const today = shopToday(at);
  return [today, lastBookableDay(today, windowDays)];
}

/**
 * Counts the places of the window. On PostgreSQL an order does it before its transaction locks
 * anything, so its products stay locked only while the one slot it tries is counted again.
 * `knownWindowDays`: the window as the caller already read it with the order's other settings.
 * `fullAskedLater`: while the window was full at the last count, count nothing now; the order's
 * transaction asks whether it still is, in the round trip that locks its products
 * (sendEarliestPlaceClaim), instead of in a round trip of its own before it.
 */
export async function countPlaces(
  db: Executor,
  knownWindowDays?: number,
  { fullAskedLater = false } = {},
): Promise<PlaceCount> {
  const at = now();
  const today = shopToday(at);
  const [active, windowDays] = await Promise.all([activeSlots(db), knownWindowDays ?? getDeliveryWindowDays(db)]);
  const slots = active.map(toSlotRule);
  const last = lastBookableDay(today, windowDays);
  if (slots.length === 0) return { slots, snapshot: null };
  if (windowWasFull && fullAskedLater) return { slots, snapshot: null, fullUnasked: true };
  if (windowWasFull && stillFull(await repo.fullPlaces(db, today, last), slots, at, windowDays)) {
    return { slots, snapshot: null };
  }
  // The window just read is the snapshot's: one settings read per count, not two.
  const snap = await snapshot(db, today, last, undefined, windowDays);
  windowWasFull = everyPlaceFull(snap, slots);
  return { slots, snapshot: snap };
}

/**
 * The earliest place free within the window, for an order that names none (contract §7.1), or null.
 * The places are counted without a lock (`counted`, or now); only the slot of the earliest free one
 * is locked, then its date counted again: both sent ahead, behind the order's products, and checked
 * when the claim is waited for. If it filled meanwhile the lock is given back (a savepoint rolled
 * back, on PostgreSQL) and the next free place is tried, so an order holds at most one slot while it
 * waits for another and two orders cannot deadlock on slots (docs/decisions/0020). Orders that find
 * the window full lock no slot at all. On SQLite, where write transactions run one at a time, a count
 * made inside the transaction is final.
 */
export async function sendEarliestPlaceClaim(
  db: Executor,
  dialect: Dialect,
  counted?: PlaceCount,
  windowDays?: number,
): Promise<PlaceClaim> {
  const places = counted ?? (await countPlaces(db, windowDays));
  if (places.fullUnasked) {
    const at = now();
    const windowFor = windowDays ?? (await getDeliveryWindowDays(db));
    // Behind the products' lock, in its round trip; the count is as fresh as one made before it.
    const asking = await repo.sendFullPlaces(db, ...windowOf(at, windowFor));
    return async () => {
      if (stillFull(await asking.answer, places.slots, at, windowFor)) return null;
      // A place came free (an order cancelled, a new day, a slot added): counted now, under the
      // products' lock, as rarely as the window stops being full.
      windowWasFull = false;
      const claim = await sendEarliestPlaceClaim(db, dialect, await countPlaces(db, windowFor), windowFor);
      return claim();
    };
  }
  const counts = places.snapshot;
  if (!counts) return async () => null;
  let slots = places.slots;
  // A copy: a retried transaction starts again from the same count.
  const snap = { ...counts, booked: new Map(counts.booked) };
  const first = earliestPlace(snap, slots);
  if (!first || dialect !== "postgres") return async () => first;
  const send = async (place: Place) => ({
    place,
    claim: await repo.sendSlotClaim(db, dialect, place.slot.slotId, place.date),
  });
  let trying = await send(first);
  return async () => {
    for (;;) {
      const { date, slot: counted } = trying.place;
      const { row, state } = await trying.claim.answer;
      // The row as it is once locked: an admin may have just switched the slot off or changed it.
      if (row?.active === 1) {
        const slot = toSlotRule(row);
        if (unavailableReason(placeSnapshot(state, date, slot.slotId, counts.windowDays), date, slot) === null) {
          return { date, slot };
        }
      } else {
        slots = slots.filter((s) => s.slotId !== counted.slotId);
      }
      await repo.releaseSlotClaim(db);
      // Taken meanwhile: that place is out of the running; the next one is tried.
      snap.booked.set(placeKey(date, counted.slotId), Number.MAX_SAFE_INTEGER);
      const next = earliestPlace(snap, slots);
      if (!next) return null;
      trying = await send(next);
    }
  };
}

/** The district an order names, with its fee; an unknown or switched-off one is a 400 naming `field`. */
export async function activeZone(db: Executor, zoneId: number, field: string) {
  const zone = await repo.findZone(db, zoneId);
  if (zone?.active !== 1) throw badRequest(fieldProblem(field, "is not a district we deliver to"), "INVALID_INPUT");
  return zone;
}

/**
 * Moving an order by an admin: the target slot is locked and counted without the order itself; a
 * closed slot stays closed, a full one takes the order only when the admin says so (`overCapacity`).
 * A past date is refused; the window binds shoppers, not the florist.
 */
export async function claimPlaceForMove(
  db: Executor,
  dialect: Dialect,
  move: { date: string; slotId: number; overCapacity: boolean; orderId: number },
): Promise<Place> {
  if (move.date < shopToday()) throw badRequest(fieldProblem("date", "is in the past"), "INVALID_INPUT");
  const [row] = await repo.lockSlots(db, dialect, [move.slotId]);
  if (row?.active !== 1)
    throw badRequest(fieldProblem("slotId", "is not a delivery slot of the shop"), "INVALID_INPUT");
  const slot = toSlotRule(row);
  const snap = await snapshot(db, move.date, move.date, move.orderId);
  // The florist may take an order after the cutoff or beyond the window (a phone order); a closure binds.
  if (snap.closedDays.has(move.date) || snap.closedSlots.has(placeKey(move.date, slot.slotId))) {
    throw conflict(UNAVAILABLE.closed.message(slot, move.date), UNAVAILABLE.closed.code);
  }
  if (bookedOn(snap, move.date, slot.slotId) >= slot.capacity && !move.overCapacity) {
    throw conflict(
      msg(
        "The {{label}} slot ({{start}}–{{end}}) on {{date}} is full. Move it anyway to book it over its capacity.",
        slotValues(slot, move.date),
      ),
      "SLOT_FULL",
    );
  }
  return { date: move.date, slot };
}

interface CheckedSchedule {
  input: ScheduleInput;
  /** Existing slots by id. */
  slots: Map<number, repo.SlotRow>;
  today: string;
}

/** The checks of a schedule that need the database: ids that exist, closed dates from today on. */
async function checkSchedule(db: Executor, input: ScheduleInput): Promise<CheckedSchedule> {
  const [slots, zones] = await Promise.all([repo.listSlots(db, { all: true }), repo.listZones(db, { all: true })]);
  const slotIds = new Map(slots.map((s) => [s.slot_id, s]));
  const zoneIds = new Set(zones.map((z) => z.zone_id));
  const seen = new Set<number>();
  input.slots.forEach((slot, index) => {
    if (slot.slotId === undefined) return;
    if (!slotIds.has(slot.slotId))
      throw badRequest(fieldProblem(`slots.${index}.slotId`, "is not a slot of this schedule"), "INVALID_INPUT");
    if (seen.has(slot.slotId))
      throw badRequest(fieldProblem(`slots.${index}.slotId`, "is listed twice"), "INVALID_INPUT");
    seen.add(slot.slotId);
  });
  seen.clear();
  input.zones.forEach((zone, index) => {
    if (zone.zoneId === undefined) return;
    if (!zoneIds.has(zone.zoneId))
      throw badRequest(fieldProblem(`zones.${index}.zoneId`, "is not a district of this schedule"), "INVALID_INPUT");
    if (seen.has(zone.zoneId))
      throw badRequest(fieldProblem(`zones.${index}.zoneId`, "is listed twice"), "INVALID_INPUT");
    seen.add(zone.zoneId);
  });
  const today = shopToday();
  input.closedDates.forEach((closed, index) => {
    if (closed.date < today)
      throw badRequest(fieldProblem(`closedDates.${index}.date`, "is in the past"), "INVALID_INPUT");
    if (closed.slotIds.some((id) => !slotIds.has(id))) {
      throw badRequest(
        fieldProblem(`closedDates.${index}.slotIds`, "names a slot that is not in this schedule"),
        "INVALID_INPUT",
      );
    }
  });
  return { input, slots: slotIds, today };
}

/** What decides whether an order keeps its place: each slot's state and the closed dates. */
interface PlaceRules {
  slots: Map<number, { active: boolean; capacity: number }>;
  closedDays: Set<string>;
  closedSlots: Set<string>;
}

function rulesOfInput(input: ScheduleInput): PlaceRules {
  return {
    slots: new Map(input.slots.flatMap((s) => (s.slotId === undefined ? [] : [[s.slotId, s] as const]))),
    closedDays: new Set(input.closedDates.filter((c) => c.slotIds.length === 0).map((c) => c.date)),
    closedSlots: new Set(input.closedDates.flatMap((c) => c.slotIds.map((id) => placeKey(c.date, id)))),
  };
}

async function rulesNow(db: Executor, slots: Map<number, repo.SlotRow>, today: string): Promise<PlaceRules> {
  const closed = await repo.listClosedDates(db, today);
  return {
    slots: new Map([...slots].map(([id, row]) => [id, { active: row.active === 1, capacity: row.capacity }])),
    closedDays: new Set(closed.filter((c) => c.slot_id === null).map((c) => c.date)),
    closedSlots: new Set(closed.flatMap((c) => (c.slot_id === null ? [] : [placeKey(c.date, c.slot_id)]))),
  };
}

/** Why an order, the `position`-th (from 0) of its slot and day, would have no place under `rules`. */
function strandReason(rules: PlaceRules, date: string, slotId: number, position: number) {
  const slot = rules.slots.get(slotId);
  if (!slot?.active) return "inactive" as const;
  if (rules.closedDays.has(date) || rules.closedSlots.has(placeKey(date, slotId))) return "closed" as const;
  return position >= slot.capacity ? ("capacity" as const) : null;
}

/**
 * The orders from today on that the new schedule would leave without their place: in a slot switched
 * off, on a date closed for their slot, or beyond a lowered capacity (the latest orders of that slot
 * and day; the first ones keep their place). An order already in that state (booked over capacity
 * by an admin, in a slot already off) is not news, so only a change of its state is listed.
 */
async function strandedBy(db: Executor, checked: CheckedSchedule): Promise<StrandedOrders> {
  const { input, slots, today } = checked;
  const next = rulesOfInput(input);
  const current = await rulesNow(db, slots, today);
  const labels = new Map(input.slots.flatMap((s) => (s.slotId === undefined ? [] : [[s.slotId, s.label] as const])));
  const seenInPlace = new Map<string, number>();
  const stranded: StrandedOrders["stranded"] = [];
  for (const order of await repo.listBookedOrders(db, today)) {
    const date = order.delivery_day as string;
    const slotId = order.delivery_slot_id as number;
    const key = placeKey(date, slotId);
    const position = seenInPlace.get(key) ?? 0;
    seenInPlace.set(key, position + 1);
    const reason = strandReason(next, date, slotId, position);
    if (reason && reason !== strandReason(current, date, slotId, position)) {
      const slotLabel = labels.get(slotId) ?? slots.get(slotId)?.label ?? "";
      stranded.push({ orderId: order.order_id, date, slotId, slotLabel, reason });
    }
  }
  return { stranded };
}

/** POST /api/settings/delivery-schedule/check: what saving `input` would strand, without saving it. */
export async function strandedOrders(ctx: AppContext, input: ScheduleInput): Promise<StrandedOrders> {
  return strandedBy(ctx.db, await checkSchedule(ctx.db, input));
}

/**
 * PUT /api/settings/delivery-schedule: slots and zones with an id are updated, without one created,
 * left out switched off (orders name them, so nothing is deleted); closed dates from today on are
 * replaced, earlier ones kept. One transaction with its audit entry; the slot rows are locked first,
 * in id order, like an order locks them, so an order counts against the old or the new capacity,
 * never half of each.
 */
export async function saveSchedule(ctx: AppContext, actor: Actor, input: ScheduleInput): Promise<DeliverySchedule> {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.listSlots(trx, { all: true });
    await repo.lockSlots(
      trx,
      ctx.dialect,
      existing.map((s) => s.slot_id),
    );
    const { today } = await checkSchedule(trx, input);
    const before = await schedule(trx, { admin: true });
    const slotIds: number[] = [];
    for (const slot of input.slots) {
      const row = {
        label: slot.label,
        start_time: slot.start,
        end_time: slot.end,
        same_day_cutoff: slot.sameDayCutoff,
        capacity: slot.capacity,
        active: slot.active ? 1 : 0,
      };
      if (slot.slotId === undefined) slotIds.push(await repo.insertSlot(trx, row));
      else {
        await repo.updateSlot(trx, slot.slotId, row);
        slotIds.push(slot.slotId);
      }
    }
    await repo.deactivateSlotsExcept(trx, slotIds);
    const zoneIds: number[] = [];
    for (const zone of input.zones) {
      const row = { name: zone.name, fee: zone.fee, active: zone.active ? 1 : 0 };
      if (zone.zoneId === undefined) zoneIds.push(await repo.insertZone(trx, row));
      else {
        await repo.updateZone(trx, zone.zoneId, row);
        zoneIds.push(zone.zoneId);
      }
    }
    await repo.deactivateZonesExcept(trx, zoneIds);
    await repo.replaceClosedDatesFrom(
      trx,
      today,
      input.closedDates.flatMap((closed) =>
        (closed.slotIds.length === 0 ? [null] : [...new Set(closed.slotIds)]).map((slotId) => ({
          date: closed.date,
          slot_id: slotId,
          reason: closed.reason,
        })),
      ),
    );
    await setDeliveryWindowDays(trx, input.windowDays);
    const after = await schedule(trx, { admin: true });
    await recordChange(trx, actor, {
      action: "schedule.save",
      target: "delivery-schedule",
      details: { before, after },
    });
  });
  return adminSchedule(ctx);
}
