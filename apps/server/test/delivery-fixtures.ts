import { nowIso } from "../src/lib/time.js";
import type { TestShop } from "./harness.js";

/** A delivery slot straight in the database, for tests that need one with their own capacity or cutoff. */
export async function createSlot(
  shop: TestShop,
  slot: { label?: string; start?: string; end?: string; cutoff?: string | null; capacity?: number } = {},
) {
  const row = await shop.ctx.db
    .insertInto("delivery_slots")
    .values({
      label: slot.label ?? "Test slot",
      start_time: slot.start ?? "19:00",
      end_time: slot.end ?? "21:00",
      same_day_cutoff: slot.cutoff === undefined ? "17:00" : slot.cutoff,
      capacity: slot.capacity ?? 2,
    })
    .returning("slot_id")
    .executeTakeFirstOrThrow();
  return row.slot_id;
}

/** A district straight in the database. */
export async function createZone(shop: TestShop, zone: { name?: string; fee?: number; active?: boolean } = {}) {
  const row = await shop.ctx.db
    .insertInto("delivery_zones")
    .values({ name: zone.name ?? "Test district", fee: zone.fee ?? 27000, active: zone.active === false ? 0 : 1 })
    .returning("zone_id")
    .executeTakeFirstOrThrow();
  return row.zone_id;
}

/** Orders that hold a place, straight in the database (of the given user), for tests about counting places. */
export async function bookPlaces(
  shop: TestShop,
  userId: number,
  place: { date: string; slotId: number; count?: number; status?: string },
) {
  const at = nowIso();
  const rows = Array.from({ length: place.count ?? 1 }, () => ({
    user_id: userId,
    shipping_address: "Jl. Braga No. 10, Bandung",
    shipping_cost: 20000,
    total_price: 220000,
    order_status: place.status ?? "Order Received",
    payment_status: "Pending",
    order_date: at,
    delivery_date: at,
    updated_at: at,
    delivery_day: place.date,
    delivery_slot_id: place.slotId,
  }));
  const inserted = await shop.ctx.db.insertInto("orders").values(rows).returning("order_id").execute();
  return inserted.map((r) => r.order_id);
}

/** Closes a date straight in the database: the whole day, or one slot. */
export async function closeDate(shop: TestShop, date: string, slotId: number | null = null, reason = "Test closure") {
  await shop.ctx.db.insertInto("closed_dates").values({ date, slot_id: slotId, reason }).execute();
}
