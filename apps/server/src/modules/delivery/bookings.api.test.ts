import type { DayAvailability, OrderDetail } from "@florist/contract";
import { SLOT_RELEASING_STATUSES } from "@florist/contract/rules";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { bookPlaces, createSlot } from "../../../test/delivery-fixtures.js";
import { createProduct, placeOrder } from "../../../test/fixtures.js";
import { useShopAt } from "../../../test/harness.js";
import * as deliveryBookings from "../../db/migrations/20261203100000_delivery_bookings.js";

/** 07:00 on Wednesday 25 November 2026 in Bandung. */
const NOW = "2026-11-25T00:00:00.000Z";

const world = useShopAt(NOW);
const { call } = world;

/** A Buy Now order of a product of its own, at the place given (or the earliest free one). */
async function order(fields: Record<string, unknown> = {}): Promise<OrderDetail> {
  const product = await createProduct(world.shop, { name: "Counted roses", stock: 5 });
  const res = await placeOrder(world.shop, world.customer.cookie, [{ product_id: product.product_id }], fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What a shopper's date picker shows of one slot on one day. */
async function remaining(date: string, slotId: number) {
  const res = await call("GET", `/api/delivery/availability?from=${date}&days=1`);
  expect(res.statusCode, res.body).toBe(200);
  const [day] = res.json() as DayAvailability[];
  return day?.slots.find((s) => s.slotId === slotId)?.remaining;
}

/** The counts kept beside the orders, and the orders counted afresh: place by place, the two must agree. */
async function keptAndCounted() {
  const kept = await world.shop.ctx.db
    .selectFrom("delivery_bookings")
    .select(["delivery_day", "delivery_slot_id", "booked"])
    .where("booked", "<>", 0)
    .orderBy("delivery_day")
    .orderBy("delivery_slot_id")
    .execute();
  const counted = await world.shop.ctx.db
    .selectFrom("orders")
    .select((eb) => ["delivery_day", "delivery_slot_id", eb.fn.countAll<number | string>().as("booked")])
    .where("delivery_day", "is not", null)
    .where("delivery_slot_id", "is not", null)
    .where(sql<boolean>`lower(trim(order_status)) not in ('denied', 'cancelled')`)
    .groupBy(["delivery_day", "delivery_slot_id"])
    .orderBy("delivery_day")
    .orderBy("delivery_slot_id")
    .execute();
  return {
    kept: kept.map((r) => [r.delivery_day, r.delivery_slot_id, Number(r.booked)]),
    counted: counted.map((r) => [r.delivery_day, r.delivery_slot_id, Number(r.booked)]),
  };
}

describe("the count of each place's orders", () => {
  it("follows every order that takes, frees or moves a place, whoever writes it", async () => {
    const evening = await createSlot(world.shop, { label: "Counted evening", capacity: 4 });
    const late = await createSlot(world.shop, { label: "Counted late", start: "21:00", end: "22:00", capacity: 4 });
    const place = { delivery_date: "2026-11-27", delivery_slot_id: evening };
    expect(await remaining("2026-11-27", evening)).toBe(4);

    const [first, second, third] = [await order(place), await order(place), await order(place)];
    await order(); // the earliest free place, whichever it is
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-11-28", slotId: late, count: 2 });
    await bookPlaces(world.shop, world.customer.user.user_id, {
      date: "2026-11-28",
      slotId: late,
      status: "Cancelled",
    });
    expect(await remaining("2026-11-27", evening)).toBe(1);
    expect(await remaining("2026-11-28", late)).toBe(2);

    // Denied by the florist, cancelled by the shopper: each frees its place.
    const denied = await call("PATCH", `/api/order/${first?.orderId}/status`, world.admin.cookie, {
      status: "Denied",
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const cancelled = await call("POST", `/api/order/${second?.orderId}/cancel`, world.customer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await remaining("2026-11-27", evening)).toBe(3);

    // Moved by an admin: the old place gains one back, the new one loses one.
    const moved = await call("PATCH", `/api/order/${third?.orderId}/delivery`, world.admin.cookie, {
      date: "2026-11-28",
      slotId: late,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await remaining("2026-11-27", evening)).toBe(4);
    expect(await remaining("2026-11-28", late)).toBe(1);

    // On its way: it still holds its place.
    const onItsWay = await call("PATCH", `/api/order/${third?.orderId}/status`, world.admin.cookie, {
      status: "In Delivery",
    });
    expect(onItsWay.statusCode, onItsWay.body).toBe(200);
    expect(await remaining("2026-11-28", late)).toBe(1);

    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  });

  it("frees a place for the statuses the contract says free it", () => {
    // The triggers hold their own copy: a status added to the contract needs a migration of its own.
    expect(deliveryBookings.RELEASING_STATUSES).toEqual(SLOT_RELEASING_STATUSES);
  });

  it("is counted from the orders already written when the shop upgrades", async () => {
    const slotId = await createSlot(world.shop, { label: "Upgraded", capacity: 9 });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-12-03", slotId, count: 3 });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-12-03", slotId, status: " denied " });
    const db = world.shop.ctx.db as unknown as Parameters<typeof deliveryBookings.up>[0];
    await deliveryBookings.down(db);
    await deliveryBookings.up(db);
    expect(await remaining("2026-12-03", slotId)).toBe(6);
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  });

  it("moves orders in opposite directions at once without either failing", async () => {
    const slots = [
      await createSlot(world.shop, { label: "Swap A", capacity: 40 }),
      await createSlot(world.shop, { label: "Swap B", start: "21:00", end: "22:00", capacity: 40 }),
    ] as const;
    const places = [
      { date: "2026-12-05", slotId: slots[0] },
      { date: "2026-12-06", slotId: slots[1] },
    ] as const;
    const sides = [
      await bookPlaces(world.shop, world.customer.user.user_id, { ...places[0], count: 8 }),
      await bookPlaces(world.shop, world.customer.user.user_id, { ...places[1], count: 8 }),
    ];
    // Each order of the one place moves to the other, all at once, and back again, four times over:
    // moves in opposite directions touch the same two counts.
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        sides.flatMap((ids, side) =>
          ids.map((orderId) =>
            call("PATCH", `/api/order/${orderId}/delivery`, world.admin.cookie, places[(side + round + 1) % 2]),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
      expect(await remaining(places[0].date, slots[0])).toBe(32);
      expect(await remaining(places[1].date, slots[1])).toBe(32);
    }
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  });

  it("stays equal to the orders when orders, cancels and moves of one place run at once", async () => {
    const slotId = await createSlot(world.shop, { label: "Busy", capacity: 12 });
    const other = await createSlot(world.shop, { label: "Quiet", start: "21:00", end: "22:00", capacity: 40 });
    const place = { delivery_date: "2026-12-08", delivery_slot_id: slotId };
    const held = [await order(place), await order(place), await order(place), await order(place)];
    const products = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createProduct(world.shop, { name: `Busy bouquet ${i}`, stock: 1 })),
    );
    const answers = await Promise.all([
      ...products.map((product) =>
        placeOrder(world.shop, world.customer.cookie, [{ product_id: product.product_id }], place),
      ),
      call("POST", `/api/order/${held[0]?.orderId}/cancel`, world.customer.cookie),
      call("POST", `/api/order/${held[1]?.orderId}/cancel`, world.customer.cookie),
      call("PATCH", `/api/order/${held[2]?.orderId}/delivery`, world.admin.cookie, {
        date: "2026-12-08",
        slotId: other,
      }),
    ]);
    // The place had 8 free, and 3 more came free while the 12 new orders ran: 8 to 11 got one.
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(12)).toEqual([200, 200, 200]);
    const placed = statuses.slice(0, 12).filter((s) => s === 201).length;
    expect(statuses.slice(0, 12).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(placed).toBeGreaterThanOrEqual(8);
    expect(placed).toBeLessThanOrEqual(11);
    expect(await remaining("2026-12-08", slotId)).toBe(12 - 1 - placed);
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  });
});
