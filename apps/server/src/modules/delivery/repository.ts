import { SLOT_RELEASING_STATUSES } from "@florist/contract/rules";
import { CompiledQuery, sql } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Executor } from "../../db/database.js";
import { answerOf, type Sent, sendAhead } from "../../db/postgres-dialect.js";
import { prepared } from "../../db/prepared.js";

const slotColumns = ["slot_id", "label", "start_time", "end_time", "same_day_cutoff", "capacity", "active"] as const;

const slotsQuery = (db: Executor) =>
  db.selectFrom("delivery_slots").select(slotColumns).orderBy("start_time").orderBy("slot_id");
// Every order that names no slot reads the active ones: built once (db/prepared.ts).
const activeSlots = prepared((db) => slotsQuery(db).where("active", "=", 1));

/** The shop's slots in the order of the day (then by id); only the active ones unless `all`. */
export function listSlots(db: Executor, options: { all: boolean }) {
  return options.all ? slotsQuery(db).execute() : activeSlots.rows(db);
}

export type SlotRow = Awaited<ReturnType<typeof listSlots>>[number];

/** What the admin sets of a slot: everything but its id. */
export type SlotFields = Omit<SlotRow, "slot_id">;

/**
 * Locks slot rows in slot-id order (docs/stock-and-locking.md: after the products, before the order
 * row), so two orders for the same slot count its bookings one after the other. Answers the rows as
 * they are once the locks are held. On SQLite transactions already run one at a time.
 */
export function lockSlots(db: Executor, dialect: Dialect, slotIds: Iterable<number>) {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  if (ids.length === 0) return Promise.resolve([]);
  return lockSlotsQuery(db, dialect, ids).execute();
}

const slotsById = (db: Executor, ids: number[]) =>
  db.selectFrom("delivery_slots").select(slotColumns).where("slot_id", "in", ids).orderBy("slot_id");

/** The lock of lockSlots over `ids`, already sorted and at least one. */
function lockSlotsQuery(db: Executor, dialect: Dialect, ids: number[]) {
  return dialect === "postgres" ? slotsById(db, ids).forUpdate() : slotsById(db, ids);
}

// Every order that claims a place locks its one slot: built once (db/prepared.ts).
const lockOneSlot = {
  postgres: prepared((db, slotId: number) => lockSlotsQuery(db, "postgres", [slotId])),
  sqlite: prepared((db, slotId: number) => lockSlotsQuery(db, "sqlite", [slotId])),
};

const SAVEPOINT = CompiledQuery.raw("savepoint claim_slot");
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw("rollback to savepoint claim_slot");

/** A slot's row as locked, and its place on one date as counted once the lock is held. */
export interface LockedPlace {
  row: SlotRow | undefined;
  state: PlaceState;
}

/**
 * Locks one slot row (lockSlots) and counts its place on `date` under the lock, both sent ahead
 * within the transaction `db` (db/postgres-dialect.ts): they go out behind what the transaction sent
 * before them, and PostgreSQL starts the count, and takes the snapshot it reads, only once the lock
 * is held, so an order that waited for the lock counts the bookings of the one it waited for.
 */
export async function sendLockSlotCountingPlace(
  db: Executor,
  dialect: Dialect,
  slotId: number,
  date: string,
): Promise<Sent<LockedPlace>> {
  const locking = await sendAhead(db, lockOneSlot[dialect].compile(db, slotId));
  const counting = await sendAhead(db, placeStateQuery.compile(db, date, slotId));
  // The count is answered after the lock, and fails with the lock's failure if the lock failed.
  const answer = Promise.all([locking.answer, counting.answer]).then(([locked, counted]) => ({
    row: locked.rows[0],
    state: toPlaceState(counted.rows[0]),
  }));
  answer.catch(() => {});
  return { answer };
}

/** One slot's row and its place on `date`, read side by side without a lock: an order's check before its transaction. */
export async function readSlotAndPlace(db: Executor, slotId: number, date: string): Promise<LockedPlace> {
  const [[row], state] = await Promise.all([slotsById(db, [slotId]).execute(), placeState(db, date, slotId)]);
  return { row, state };
}

/**
 * PostgreSQL: a savepoint, then one slot's lock and its count (sendLockSlotCountingPlace), all sent
 * ahead. A claim that holds stays inside the savepoint, which the commit ends; one that does not is
 * given back with releaseSlotClaim, so an order trying place after place holds at most the slot it
 * finally books.
 */
export async function sendSlotClaim(
  db: Executor,
  dialect: Dialect,
  slotId: number,
  date: string,
): Promise<Sent<LockedPlace>> {
  await sendAhead(db, SAVEPOINT);
  return sendLockSlotCountingPlace(db, dialect, slotId, date);
}

/** Gives back the slot sendSlotClaim locked: rolling back to the savepoint releases its lock. */
export async function releaseSlotClaim(db: Executor) {
  await db.executeQuery(ROLLBACK_TO_SAVEPOINT);
}

export function listZones(db: Executor, options: { all: boolean }) {
  const query = db.selectFrom("delivery_zones").select(["zone_id", "name", "fee", "active"]).orderBy("name");
  return (options.all ? query : query.where("active", "=", 1)).execute();
}

export type ZoneRow = Awaited<ReturnType<typeof listZones>>[number];

export function findZone(db: Executor, zoneId: number) {
  return db
    .selectFrom("delivery_zones")
    .select(["zone_id", "name", "fee", "active"])
    .where("zone_id", "=", zoneId)
    .executeTakeFirst();
}

const closedDatesFrom = (db: Executor, from: string) =>
  db
    .selectFrom("closed_dates")
    .select(["date", "slot_id", "reason"])
    .where("date", ">=", from)
    .orderBy("date")
    .orderBy("closed_date_id");
const closedDatesBetween = prepared((db, from: string, to: string) =>
  closedDatesFrom(db, from).where("date", "<=", to),
);

/** Closed dates from `from` on (to `to` when given), one row per closed slot or a null slot for the whole day. */
export function listClosedDates(db: Executor, from: string, to?: string) {
  return to ? closedDatesBetween.rows(db, from, to) : closedDatesFrom(db, from).execute();
}

export type ClosedRow = Awaited<ReturnType<typeof listClosedDates>>[number];

/** Orders that still hold their place: every status but those that free it (Denied, Cancelled). */
const holdsPlace = sql<boolean>`lower(trim(order_status)) not in (${sql.join(SLOT_RELEASING_STATUSES)})`;

/**
 * How many orders hold each place in [from, to], from the counts the orders' triggers keep
 * (migration 20261203100000): as many rows as the window has places, however many orders it holds.
 * Read by every order that names no slot: built once (db/prepared.ts).
 */
const bookingsBetween = prepared((db, from: string, to: string) =>
  db
    .selectFrom("delivery_bookings")
    .select(["delivery_day", "delivery_slot_id", "booked"])
    .where("delivery_day", ">=", from)
    .where("delivery_day", "<=", to)
    .where("booked", ">", 0),
);

/**
 * The places of [today, last] of an active slot that hold as many orders as the slot takes, or
 * more: one row per full slot of today (`today_slot`) and one row counting the full places of the
 * later days (`today_slot` null), however many places the window has. Built once (db/prepared.ts).
 */
const fullPlacesFrom = prepared((db, today: string, last: string) =>
  db
    .selectFrom("delivery_bookings")
    .innerJoin("delivery_slots", "delivery_slots.slot_id", "delivery_bookings.delivery_slot_id")
    .select((eb) => [
      eb
        .case()
        .when("delivery_bookings.delivery_day", "=", today)
        .then(eb.ref("delivery_bookings.delivery_slot_id"))
        .end()
        .as("today_slot"),
      eb.fn.countAll<number | string>().as("full"),
    ])
    .where("delivery_bookings.delivery_day", ">=", today)
    .where("delivery_bookings.delivery_day", "<=", last)
    .where("delivery_slots.active", "=", 1)
    .whereRef("delivery_bookings.booked", ">=", "delivery_slots.capacity")
    .groupBy(sql.ref("today_slot")),
);

/** The full places of a window: today's by slot, and how many of the later days'. */
export interface FullPlaces {
  todayFull: Set<number>;
  laterFull: number;
}

function toFullPlaces(rows: { today_slot: number | null; full: number | string }[]): FullPlaces {
  const todayFull = new Set<number>();
  let laterFull = 0;
  for (const row of rows) {
    if (row.today_slot === null) laterFull = Number(row.full);
    else todayFull.add(Number(row.today_slot));
  }
  return { todayFull, laterFull };
}

/** The full places of the window from today to `last`. */
export async function fullPlaces(db: Executor, today: string, last: string): Promise<FullPlaces> {
  return toFullPlaces(await fullPlacesFrom.rows(db, today, last));
}

/** fullPlaces, sent ahead within a transaction (db/postgres-dialect.ts): its answer comes later. */
export async function sendFullPlaces(db: Executor, today: string, last: string): Promise<Sent<FullPlaces>> {
  return answerOf(await sendAhead(db, fullPlacesFrom.compile(db, today, last)), (result) => toFullPlaces(result.rows));
}

/**
 * The orders other than `orderId` that hold each place in [from, to], counted from the orders
 * themselves: what an admin's move of that order counts against the target's capacity.
 */
const bookingsWithout = (db: Executor, from: string, to: string, orderId: number) =>
  db
    .selectFrom("orders")
    .select((eb) => ["delivery_day", "delivery_slot_id", eb.fn.countAll<number | string>().as("booked")])
    .where("delivery_day", ">=", from)
    .where("delivery_day", "<=", to)
    .where("delivery_slot_id", "is not", null)
    .where(holdsPlace)
    .where("order_id", "<>", orderId)
    .groupBy(["delivery_day", "delivery_slot_id"])
    .execute();

/**
 * How many orders hold each slot on each day in [from, to], in one query however many days are
 * asked; `exceptOrderId` leaves one order out (the one being moved).
 */
export async function countBookings(db: Executor, from: string, to: string, exceptOrderId?: number) {
  const rows =
    exceptOrderId === undefined
      ? await bookingsBetween.rows(db, from, to)
      : await bookingsWithout(db, from, to, exceptOrderId);
  return rows.map((r) => ({
    day: r.delivery_day as string,
    slotId: r.delivery_slot_id as number,
    booked: Number(r.booked),
  }));
}

/**
 * One place as it is now, in one statement: how many orders hold it and whether its date is closed
 * for it. What an order counts again once it holds the slot's lock, so the lock is held for one
 * round trip of counting, not one per table.
 */
// Run with the slot's row locked, by every order that claims a place: built once (db/prepared.ts).
const placeStateQuery = prepared((db, date: string, slotId: number) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom("delivery_bookings")
      .select("booked")
      .where("delivery_day", "=", date)
      .where("delivery_slot_id", "=", slotId)
      .as("booked"),
    eb
      .selectFrom("closed_dates")
      .select((c) => c.fn.countAll<number | string>().as("n"))
      .where("date", "=", date)
      .where((w) => w.or([w("slot_id", "is", null), w("slot_id", "=", slotId)]))
      .as("closed"),
  ]),
);

/** A place's bookings and whether it is closed, as one statement reads them. */
export interface PlaceState {
  booked: number;
  closed: boolean;
}

export async function placeState(db: Executor, date: string, slotId: number): Promise<PlaceState> {
  return toPlaceState(await placeStateQuery.first(db, date, slotId));
}

function toPlaceState(row: { booked: number | null; closed: number | string | null } | undefined): PlaceState {
  return { booked: Number(row?.booked ?? 0), closed: Number(row?.closed ?? 0) > 0 };
}

/** Orders from `from` on that hold a slot, oldest first per slot and day: what a schedule change may strand. */
export function listBookedOrders(db: Executor, from: string) {
  return db
    .selectFrom("orders")
    .select(["order_id", "delivery_day", "delivery_slot_id"])
    .where("delivery_day", ">=", from)
    .where("delivery_slot_id", "is not", null)
    .where(holdsPlace)
    .orderBy("delivery_day")
    .orderBy("delivery_slot_id")
    .orderBy("order_id")
    .execute();
}

export async function insertSlot(db: Executor, slot: SlotFields): Promise<number> {
  const row = await db.insertInto("delivery_slots").values(slot).returning("slot_id").executeTakeFirstOrThrow();
  return row.slot_id;
}

export async function updateSlot(db: Executor, slotId: number, slot: SlotFields) {
  await db.updateTable("delivery_slots").set(slot).where("slot_id", "=", slotId).execute();
}

/** Switches off every slot not in `keep`: orders still name them, so they are never deleted. */
export async function deactivateSlotsExcept(db: Executor, keep: number[]) {
  let query = db.updateTable("delivery_slots").set({ active: 0 });
  if (keep.length > 0) query = query.where("slot_id", "not in", keep);
  await query.execute();
}

export async function insertZone(db: Executor, zone: { name: string; fee: number; active: number }): Promise<number> {
  const row = await db.insertInto("delivery_zones").values(zone).returning("zone_id").executeTakeFirstOrThrow();
  return row.zone_id;
}

export async function updateZone(db: Executor, zoneId: number, zone: { name: string; fee: number; active: number }) {
  await db.updateTable("delivery_zones").set(zone).where("zone_id", "=", zoneId).execute();
}

export async function deactivateZonesExcept(db: Executor, keep: number[]) {
  let query = db.updateTable("delivery_zones").set({ active: 0 });
  if (keep.length > 0) query = query.where("zone_id", "not in", keep);
  await query.execute();
}

/** Replaces the closed dates from `from` on; earlier ones stay as the record of what was. */
export async function replaceClosedDatesFrom(
  db: Executor,
  from: string,
  rows: { date: string; slot_id: number | null; reason: string }[],
) {
  await db.deleteFrom("closed_dates").where("date", ">=", from).execute();
  if (rows.length > 0) await db.insertInto("closed_dates").values(rows).execute();
}
