import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { createTestShop, createUser, type TestShop } from "../../../test/harness.js";
import * as deliverySchedule from "../../db/migrations/20261125100000_delivery_schedule.js";
import * as bookingsIndex from "../../db/migrations/20261128200000_bookings_index.js";
import * as deliveryBookings from "../../db/migrations/20261203100000_delivery_bookings.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("orders placed before the shop had delivery slots", () => {
  it("are given the Bandung date of their estimated delivery as their day, without a slot", async () => {
    // The migration's own view of the database: the orders table as it is before and after it runs.
    const db = shop.ctx.db as unknown as Parameters<typeof deliverySchedule.up>[0];
    const user = await createUser(shop);
    const at = "2026-11-23T10:00:00.000Z";
    const legacy = (deliveryDate: string | null) =>
      db
        .insertInto("orders")
        .values({
          user_id: user.user_id,
          shipping_address: SHIPPING_ADDRESS,
          shipping_cost: 50000,
          total_price: 250000,
          order_status: "Order Received",
          payment_status: "Pending",
          order_date: at,
          delivery_date: deliveryDate,
          updated_at: at,
        })
        .returning("order_id")
        .executeTakeFirstOrThrow();
    // Later migrations index the columns this one adds and count by them: they are undone first and
    // done again after.
    await deliveryBookings.down(db);
    await bookingsIndex.down(db);
    await deliverySchedule.down(db);
    let ids: number[] = [];
    try {
      // 00:30 on 25 November in Bandung, still the 24th in UTC; 23:59 on the 24th; and none at all.
      ids = [
        (await legacy("2026-11-24T17:30:00.000Z")).order_id,
        (await legacy("2026-11-24T16:59:00.000Z")).order_id,
        (await legacy(null)).order_id,
      ];
    } finally {
      await deliverySchedule.up(db);
      await bookingsIndex.up(db);
      await deliveryBookings.up(db);
    }
    const rows = await shop.ctx.db
      .selectFrom("orders")
      .select(["order_id", "delivery_day", "delivery_slot_id", "sender_anonymous"])
      .where("order_id", "in", ids)
      .orderBy("order_id")
      .execute();
    expect(rows).toEqual([
      { order_id: ids[0], delivery_day: "2026-11-25", delivery_slot_id: null, sender_anonymous: 0 },
      { order_id: ids[1], delivery_day: "2026-11-24", delivery_slot_id: null, sender_anonymous: 0 },
      { order_id: ids[2], delivery_day: null, delivery_slot_id: null, sender_anonymous: 0 },
    ]);
  });
});
