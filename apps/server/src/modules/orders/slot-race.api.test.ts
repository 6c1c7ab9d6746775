import type { OrderDetail } from "@florist/contract";
import { addDays } from "@florist/contract/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookPlaces, createSlot } from "../../../test/delivery-fixtures.js";
import { createProduct, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { shopToday } from "../../lib/time.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/** Sixteen customers, each buying a product of their own, so nothing but the slot makes them wait for each other. */
function sixteenBuyers(name: string) {
  return Promise.all(
    Array.from({ length: 16 }, async (_, i) => ({
      ...(await signedIn(shop)),
      product: await createProduct(shop, { name: `${name} ${i}`, stock: 1, sizes: [], colors: [] }),
    })),
  );
}

/** Every buyer orders their product at the same moment, with the same delivery fields. */
function race(buyers: Awaited<ReturnType<typeof sixteenBuyers>>, delivery: Record<string, unknown>) {
  return Promise.all(
    buyers.map(({ cookie, product }) =>
      shop.app.inject({
        method: "POST",
        url: "/api/order",
        headers: { cookie },
        payload: {
          shipping_address: SHIPPING_ADDRESS,
          items: [{ product_id: product.product_id, quantity: 1 }],
          ...delivery,
        },
      }),
    ),
  );
}

describe("customers racing for a slot's last place", () => {
  it("exactly one gets it; the others get a 409 and keep their stock", async () => {
    const date = addDays(shopToday(), 2);
    const slotId = await createSlot(shop, { label: "Last place", capacity: 3 });
    const holder = await signedIn(shop);
    await bookPlaces(shop, holder.user.user_id, { date, slotId, count: 2 });
    const buyers = await sixteenBuyers("Race bouquet");
    const answers = await race(buyers, { delivery_date: date, delivery_slot_id: slotId });
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ code: "SLOT_FULL", message: expect.stringMatching(/is full/) });
    }

    const held = await shop.ctx.db
      .selectFrom("orders")
      .select("order_id")
      .where("delivery_day", "=", date)
      .where("delivery_slot_id", "=", slotId)
      .execute();
    expect(held).toHaveLength(3);
    const stock = await shop.ctx.db
      .selectFrom("products")
      .select("stock_quantity")
      .where(
        "product_id",
        "in",
        buyers.map((b) => b.product.product_id),
      )
      .execute();
    expect(stock.map((p) => p.stock_quantity).sort()).toEqual([0, ...Array(15).fill(1)]);
  });
});

describe("customers naming no slot, racing for the earliest place's last one", () => {
  it("exactly one gets it, the others the next free place, and no place is overbooked", async () => {
    const active = await shop.ctx.db.selectFrom("delivery_slots").select("slot_id").where("active", "=", 1).execute();
    const seeded = active.map((s) => s.slot_id);
    await shop.ctx.db.updateTable("delivery_slots").set({ active: 0 }).where("slot_id", "in", seeded).execute();
    try {
      // The later slot has the lower id, so an order that finds the morning taken locks slots out of id order.
      const evening = await createSlot(shop, {
        label: "Evening",
        start: "17:00",
        end: "19:00",
        cutoff: null,
        capacity: 40,
      });
      const morning = await createSlot(shop, {
        label: "Morning",
        start: "08:00",
        end: "10:00",
        cutoff: null,
        capacity: 3,
      });
      // No same-day delivery: tomorrow's morning is the earliest place, with one left.
      const tomorrow = addDays(shopToday(), 1);
      const holder = await signedIn(shop);
      await bookPlaces(shop, holder.user.user_id, { date: tomorrow, slotId: morning, count: 2 });
      const buyers = await sixteenBuyers("Early bouquet");

      const answers = await race(buyers, {});
      expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(201));
      const places = answers.map((a) => (a.json() as OrderDetail).delivery);
      expect(places.filter((p) => p?.slotId === morning && p.date === tomorrow)).toHaveLength(1);
      expect(places.filter((p) => p?.slotId === evening && p.date === tomorrow)).toHaveLength(15);

      const held = await shop.ctx.db
        .selectFrom("orders")
        .select("delivery_slot_id")
        .where("delivery_day", "=", tomorrow)
        .where("delivery_slot_id", "in", [morning, evening])
        .execute();
      expect(held.filter((o) => o.delivery_slot_id === morning)).toHaveLength(3);
    } finally {
      await shop.ctx.db.updateTable("delivery_slots").set({ active: 1 }).where("slot_id", "in", seeded).execute();
    }
  });
});
