import type { OrderDetail, OrderSummary } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { bookPlaces, closeDate, createSlot, createZone } from "../../../test/delivery-fixtures.js";
import { createProduct, placeOrder, stockOf } from "../../../test/fixtures.js";
import { useShopAt } from "../../../test/harness.js";
import { SETTING_KEYS } from "../../db/database.js";
import { getSetting, putSetting } from "../settings/repository.js";

/** 07:00 on Wednesday 25 November 2026 in Bandung: before every seeded cutoff of the day. */
const NOW = "2026-11-25T00:00:00.000Z";
const TODAY = "2026-11-25";

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
    const db = world.shop.ctx.db;
    const tomorrow = "2026-11-26";
    const windowBefore = await getSetting(db, SETTING_KEYS.deliveryWindowDays);
    await putSetting(db, SETTING_KEYS.deliveryWindowDays, "2");
    const slots = await db
      .selectFrom("delivery_slots")
      .select(["slot_id", "capacity"])
      .where("active", "=", 1)
      .execute();
    const booked: number[] = [];
    try {
      for (const date of [TODAY, tomorrow]) {
        for (const slot of slots) {
          const count = slot.capacity;
          booked.push(
            ...(await bookPlaces(world.shop, world.customer.user.user_id, { date, slotId: slot.slot_id, count })),
          );
        }
      }
      // The first order after the window filled reads every place; the next ones learn it from a count.
      for (const _ of [1, 2]) {
        const res = await order(product.product_id);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ delivery: null, deliveryDate: null });
      }
      const midday = await seededSlot("Midday");
      const freed = await db
        .selectFrom("orders")
        .select("order_id")
        .where("order_id", "in", booked)
        .where("delivery_day", "=", tomorrow)
        .where("delivery_slot_id", "=", midday)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("orders")
        .set({ order_status: "Cancelled" })
        .where("order_id", "=", freed.order_id)
        .execute();
      const taker = (await order(product.product_id)).json() as OrderDetail;
      expect(taker.delivery).toMatchObject({ date: tomorrow, slotId: midday });
      expect((await order(product.product_id)).json()).toMatchObject({ delivery: null });
    } finally {
      await db.deleteFrom("orders").where("order_id", "in", booked).execute();
      if (windowBefore === undefined)
        await db.deleteFrom("settings").where("key", "=", SETTING_KEYS.deliveryWindowDays).execute();
      else await putSetting(db, SETTING_KEYS.deliveryWindowDays, windowBefore);
    }
  });

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
