import type { OrderDetail, OrderSummary } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { bookPlaces, closeDate, createSlot, createZone } from "../../../test/delivery-fixtures.js";
import { countQueries, createProduct, placeOrder, stockOf } from "../../../test/fixtures.js";
import { useShopAt } from "../../../test/harness.js";
import { SETTING_KEYS } from "../../db/database.js";
import { setClock } from "../../lib/time.js";
import { getSetting, putSetting } from "../settings/repository.js";

/** 07:00 on Wednesday 25 November 2026 in Bandung: before every seeded cutoff of the day. */
const NOW = "2026-11-25T00:00:00.000Z";
const TODAY = "2026-11-25";
const TOMORROW = "2026-11-26";

const world = useShopAt(NOW);
const { call } = world;

async function seededSlot(label: string) {
  const row = await world.shop.ctx.db
    .selectFrom("delivery_slots")
    .select("slot_id")
    .where("label", "=", label)
    .executeTakeFirstOrThrow();
  return row.slot_id;
}

/** A Buy Now order of one product with the delivery and gift fields given. */
function order(productId: number, fields: Record<string, unknown> = {}, cookie = world.customer.cookie) {
  return placeOrder(world.shop, cookie, [{ product_id: productId }], fields);
}

async function orderCount() {
  return (await world.shop.ctx.db.selectFrom("orders").select("order_id").execute()).length;
}

function activeSlots() {
  return world.shop.ctx.db
    .selectFrom("delivery_slots")
    .select(["slot_id", "capacity", "same_day_cutoff"])
    .where("active", "=", 1)
    .orderBy("start_time")
    .execute();
}

/**
 * Runs `fill` with the delivery window set to today and tomorrow. Afterwards the places it booked
 * (orders written straight into the database) are deleted, the orders it placed in the window give
 * their places back (cancelled), and the window is set back.
 */
async function inTwoDayWindow(
  fill: (book: (place: Parameters<typeof bookPlaces>[2]) => Promise<void>) => Promise<void>,
) {
  const db = world.shop.ctx.db;
  const windowBefore = await getSetting(db, SETTING_KEYS.deliveryWindowDays);
  const { last } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("order_id").as("last"))
    .executeTakeFirstOrThrow();
  await putSetting(db, SETTING_KEYS.deliveryWindowDays, "2");
  const booked: number[] = [];
  try {
    await fill(async (place) => {
      booked.push(...(await bookPlaces(world.shop, world.customer.user.user_id, place)));
    });
  } finally {
    await db
      .deleteFrom("orders")
      .where("order_id", "in", booked.length ? booked : [0])
      .execute();
    await db
      .updateTable("orders")
      .set({ order_status: "Cancelled" })
      .where("order_id", ">", last ?? 0)
      .where("delivery_day", "in", [TODAY, TOMORROW])
      .execute();
    if (windowBefore === undefined)
      await db.deleteFrom("settings").where("key", "=", SETTING_KEYS.deliveryWindowDays).execute();
    else await putSetting(db, SETTING_KEYS.deliveryWindowDays, windowBefore);
  }
}

/** Cancels one order holding tomorrow's Midday: the next order takes that place, and the one after finds none. */
async function expectFreedPlaceTaken(productId: number) {
  const db = world.shop.ctx.db;
  const midday = await seededSlot("Midday");
  const freed = await db
    .selectFrom("orders")
    .select("order_id")
    .where("delivery_day", "=", TOMORROW)
    .where("delivery_slot_id", "=", midday)
    .where("order_status", "=", "Order Received")
    .executeTakeFirstOrThrow();
  await db.updateTable("orders").set({ order_status: "Cancelled" }).where("order_id", "=", freed.order_id).execute();
  const taker = (await order(productId)).json() as OrderDetail;
  expect(taker.delivery).toMatchObject({ date: TOMORROW, slotId: midday });
  expect((await order(productId)).json()).toMatchObject({ delivery: null });
}

describe("an order with a date, slot, district and card", () => {
  it("pays the district's fee and carries its delivery and gift, in the answer, the order and My Orders", async () => {
    const product = await createProduct(world.shop, { price: 200000 });
    const zoneId = await createZone(world.shop, { name: "Coblong Test", fee: 27000 });
    const morning = await seededSlot("Morning");
    const res = await order(product.product_id, {
      shipping_cost: 1,
      delivery_date: "2026-11-27",
      delivery_slot_id: morning,
      delivery_zone_id: zoneId,
      recipient_name: "Ibu Ratna",
      recipient_phone: "+62 812-3456-7890",
      card_message: "  Selamat ulang tahun, Ibu! 🌷\r\nPeluk dari jauh.  ",
      sender_anonymous: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as OrderDetail;
    expect(placed).toMatchObject({
      shippingCost: 27000,
      totalPrice: 227000,
      deliveryDate: "2026-11-27T02:00:00.000Z",
      delivery: {
        date: "2026-11-27",
        slotId: morning,
        label: "Morning",
        start: "09:00",
        end: "12:00",
        zoneId,
        zoneName: "Coblong Test",
      },
      deliveryZone: { zoneId, name: "Coblong Test" },
      recipientName: "Ibu Ratna",
      recipientPhone: "+62 812-3456-7890",
      cardMessage: "Selamat ulang tahun, Ibu! 🌷\r\nPeluk dari jauh.",
      senderAnonymous: true,
    });

    const read = (await call("GET", `/api/order/${placed.orderId}`, world.customer.cookie)).json() as OrderDetail;
    expect(read).toEqual(placed);
    const list = (await call("GET", `/api/order/user/${world.customer.user.user_id}`, world.customer.cookie)).json();
    const summary = (list as OrderSummary[]).find((o) => o.orderId === placed.orderId);
    expect(summary).toMatchObject({
      delivery: placed.delivery,
      deliveryZone: placed.deliveryZone,
      recipientName: "Ibu Ratna",
      recipientPhone: "+62 812-3456-7890",
      cardMessage: placed.cardMessage,
      senderAnonymous: true,
    });
  });

  it("counts a card of 250 characters as the shopper sees them, an emoji with a skin tone as one", async () => {
    const product = await createProduct(world.shop);
    const card = `${"👍🏽".repeat(50)}${"a".repeat(200)}`;
    const fits = await order(product.product_id, { card_message: card });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json().cardMessage).toBe(card);
    const tooLong = await order(product.product_id, { card_message: `${card}a` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("card_message: is at most 250 characters");
  });
});

describe("a slot that cannot take the order", () => {
  it("is a 409 when full, closed or past its cutoff, and nothing is written", async () => {
    const product = await createProduct(world.shop, { stock: 5 });
    const slotId = await createSlot(world.shop, { label: "Tight", capacity: 1, cutoff: "06:00" });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-11-28", slotId });
    await closeDate(world.shop, "2026-11-29", slotId);
    await closeDate(world.shop, "2026-11-30");
    const before = await orderCount();
    for (const [date, message] of [
      ["2026-11-28", /^The Tight slot \(19:00–21:00\) on 2026-11-28 is full\. Please choose another time\.$/],
      ["2026-11-29", /^The Tight slot \(19:00–21:00\) on 2026-11-29 is closed\./],
      ["2026-11-30", /is closed\./],
      [TODAY, /^It is too late to order for today's Tight slot \(19:00–21:00\)\./],
    ] as const) {
      const res = await order(product.product_id, { delivery_date: date, delivery_slot_id: slotId });
      expect(res.statusCode, date).toBe(409);
      expect(res.json().message, date).toMatch(message);
    }
    expect(await stockOf(world.shop, product.product_id)).toBe(5);
    expect(await orderCount()).toBe(before);
  });

  it("is the answer, not the stock, when the order is short of both", async () => {
    const product = await createProduct(world.shop, { stock: 1 });
    const slotId = await createSlot(world.shop, { label: "Booked", capacity: 1 });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-11-28", slotId });
    const res = await placeOrder(world.shop, world.customer.cookie, [{ product_id: product.product_id, quantity: 3 }], {
      delivery_date: "2026-11-28",
      delivery_slot_id: slotId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "SLOT_FULL",
      message: expect.stringMatching(/^The Booked slot .* is full\./),
    });
    expect(await stockOf(world.shop, product.product_id)).toBe(1);
  });

  it("is free again once the order holding it is denied", async () => {
    const product = await createProduct(world.shop);
    const slotId = await createSlot(world.shop, { label: "Single", capacity: 1 });
    const place = { delivery_date: "2026-12-01", delivery_slot_id: slotId };
    const first = await order(product.product_id, place);
    expect(first.statusCode, first.body).toBe(201);
    expect((await order(product.product_id, place)).statusCode).toBe(409);
    const denied = await call("PATCH", `/api/order/${first.json().orderId}/status`, world.admin.cookie, {
      status: "Denied",
    });
    expect(denied.statusCode).toBe(200);
    expect((await order(product.product_id, place)).statusCode).toBe(201);
  });
});

describe("delivery fields the shop cannot take", () => {
  it("are a 400 naming the field, and nothing is written", async () => {
    const product = await createProduct(world.shop, { stock: 5 });
    const morning = await seededSlot("Morning");
    const hidden = await createZone(world.shop, { name: "Switched off", active: false });
    const off = await createSlot(world.shop, { label: "Off" });
    await world.shop.ctx.db.updateTable("delivery_slots").set({ active: 0 }).where("slot_id", "=", off).execute();
    const before = await orderCount();
    for (const [fields, message] of [
      [{ delivery_date: "2026-11-24", delivery_slot_id: morning }, "delivery_date: is in the past"],
      [{ delivery_date: "2026-12-25", delivery_slot_id: morning }, "delivery_date: is more than 30 days ahead"],
      [{ delivery_date: "2026-13-01", delivery_slot_id: morning }, "delivery_date: must be a date YYYY-MM-DD"],
      [
        { delivery_date: "2026-11-27", delivery_slot_id: 999999 },
        "delivery_slot_id: is not a delivery slot of the shop",
      ],
      [{ delivery_date: "2026-11-27", delivery_slot_id: off }, "delivery_slot_id: is not a delivery slot of the shop"],
      [{ delivery_date: "2026-11-27" }, /^delivery_slot_id: is required/],
      [{ delivery_slot_id: morning }, /^delivery_date: is required/],
      [{ delivery_zone_id: hidden }, "delivery_zone_id: is not a district we deliver to"],
      [{ delivery_zone_id: 999999 }, "delivery_zone_id: is not a district we deliver to"],
      [{ recipient_phone: "call me" }, "recipient_phone: must be a phone number"],
      [{ sender_anonymous: "yes" }, "sender_anonymous: must be true or false"],
    ] as const) {
      const res = await order(product.product_id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message, JSON.stringify(fields)).toMatch(message);
    }
    expect(await stockOf(world.shop, product.product_id)).toBe(5);
    expect(await orderCount()).toBe(before);
  });

  it("take the window's last day and not the day after", async () => {
    const product = await createProduct(world.shop);
    const midday = await seededSlot("Midday");
    const last = await order(product.product_id, { delivery_date: "2026-12-24", delivery_slot_id: midday });
    expect(last.statusCode, last.body).toBe(201);
    const after = await order(product.product_id, { delivery_date: "2026-12-25", delivery_slot_id: midday });
    expect(after.statusCode).toBe(400);
  });
});

describe("an order without a date and slot", () => {
  it("gets the earliest free slot: today's before its cutoff, then the next one", async () => {
    const product = await createProduct(world.shop, { stock: 50 });
    const [morning, midday] = [await seededSlot("Morning"), await seededSlot("Midday")];
    const first = (await order(product.product_id)).json() as OrderDetail;
    expect(first.delivery).toMatchObject({ date: TODAY, slotId: morning });
    expect(first.deliveryDate).toBe("2026-11-25T02:00:00.000Z");
    expect((await call("GET", `/api/order/${first.orderId}`, world.customer.cookie)).json()).toEqual(first);
    await bookPlaces(world.shop, world.customer.user.user_id, { date: TODAY, slotId: morning, count: 9 });
    const next = (await order(product.product_id)).json() as OrderDetail;
    expect(next.delivery).toMatchObject({ date: TODAY, slotId: midday, label: "Midday" });
  });

  it("goes in without one once every place of the window is full, and takes a place a cancellation frees", async () => {
    const product = await createProduct(world.shop, { stock: 50 });
    await inTwoDayWindow(async (book) => {
      for (const date of [TODAY, TOMORROW]) {
        for (const slot of await activeSlots()) await book({ date, slotId: slot.slot_id, count: slot.capacity });
      }
      // The first order after the window filled reads every place; the next ones learn it from a count.
      for (const _ of [1, 2]) {
        const res = await order(product.product_id);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ delivery: null, deliveryDate: null });
      }
      await expectFreedPlaceTaken(product.product_id);
    });
  });

  it.each([
    // Every cutoff of today has passed (the latest is 17:00): its places stay empty for good.
    ["18:00", "2026-11-25T11:00:00.000Z"],
    // Between the cutoffs: today's slots that still take orders are filled too.
    ["12:00", "2026-11-25T05:00:00.000Z"],
  ])(
    "counts the window full at %s in Bandung once its open places are, and still takes a freed place",
    async (time, instant) => {
      const product = await createProduct(world.shop, { stock: 50 });
      setClock(() => Date.parse(instant));
      try {
        await inTwoDayWindow(async (book) => {
          const [first, ...others] = await activeSlots();
          if (!first) throw new Error("the shop has no active slot");
          for (const slot of [first, ...others]) {
            const open = slot.same_day_cutoff !== null && slot.same_day_cutoff > time;
            if (open) await book({ date: TODAY, slotId: slot.slot_id, count: slot.capacity });
          }
          await book({ date: TOMORROW, slotId: first.slot_id, count: first.capacity - 1 });
          for (const slot of others) await book({ date: TOMORROW, slotId: slot.slot_id, count: slot.capacity });
          const last = (await order(product.product_id)).json() as OrderDetail;
          expect(last.delivery).toMatchObject({ date: TOMORROW, slotId: first.slot_id });
          const statements: number[] = [];
          for (const _ of [1, 2, 3]) {
            statements.push(
              await countQueries(world.shop, async () => {
                const res = await order(product.product_id);
                expect(res.statusCode, res.body).toBe(201);
                expect(res.json()).toMatchObject({ delivery: null, deliveryDate: null });
              }),
            );
          }
          // The first reads every place and finds none open; the next ones learn it from one count.
          expect(statements[1]).toBeLessThan(statements[0] as number);
          expect(statements[2]).toBe(statements[1]);
          await expectFreedPlaceTaken(product.product_id);
        });
      } finally {
        setClock(() => Date.parse(NOW));
      }
    },
  );

  it("goes in without one when no slot is free in the window, with no delivery date", async () => {
    const product = await createProduct(world.shop);
    const active = await world.shop.ctx.db
      .selectFrom("delivery_slots")
      .select("slot_id")
      .where("active", "=", 1)
      .execute();
    const ids = active.map((s) => s.slot_id);
    await world.shop.ctx.db.updateTable("delivery_slots").set({ active: 0 }).where("slot_id", "in", ids).execute();
    try {
      const res = await order(product.product_id);
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json() as OrderDetail;
      expect(placed).toMatchObject({ delivery: null, deliveryDate: null, shippingCost: 50000 });
      expect((await call("GET", `/api/order/${placed.orderId}`, world.customer.cookie)).json()).toEqual(placed);
    } finally {
      await world.shop.ctx.db.updateTable("delivery_slots").set({ active: 1 }).where("slot_id", "in", ids).execute();
    }
  });
});
