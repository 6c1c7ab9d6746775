import type { DeliveriesAnswer, OrderDetail } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { bookPlaces, closeDate, createSlot, createZone } from "../../../test/delivery-fixtures.js";
import {
  createProduct,
  customizationIds,
  type OrderLineFixture,
  placeOrder,
  setOrder,
} from "../../../test/fixtures.js";
import { useShopAt } from "../../../test/harness.js";

/** 07:00 on Wednesday 25 November 2026 in Bandung. */
const NOW = "2026-11-25T00:00:00.000Z";
const TODAY = "2026-11-25";

const world = useShopAt(NOW);
const { call } = world;

async function place(fields: Record<string, unknown>, items?: OrderLineFixture[]): Promise<OrderDetail> {
  const product = await createProduct(world.shop, { name: "Run sheet roses" });
  const res = await placeOrder(
    world.shop,
    world.customer.cookie,
    items ?? [{ product_id: product.product_id }],
    fields,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function deliveries(query = ""): Promise<DeliveriesAnswer> {
  const res = await call("GET", `/api/order/admin/deliveries${query}`, world.admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const move = (orderId: number, body: Record<string, unknown>) =>
  call("PATCH", `/api/order/${orderId}/delivery`, world.admin.cookie, body);

describe("a day's deliveries", () => {
  it("groups the day's orders by slot in the order of the day, with each slot's capacity, items and add-ons", async () => {
    const date = "2026-11-27";
    const early = await createSlot(world.shop, { label: "Early", start: "07:00", end: "09:00", capacity: 4 });
    const late = await createSlot(world.shop, { label: "Late", start: "19:00", end: "21:00", capacity: 2 });
    const zoneId = await createZone(world.shop, { name: "Sukajadi Test", fee: 25000 });
    const { "Greeting Card": card } = await customizationIds(world.shop);
    const product = await createProduct(world.shop, { name: "Card roses" });
    const withCard = await place({ delivery_date: date, delivery_slot_id: late, delivery_zone_id: zoneId }, [
      {
        product_id: product.product_id,
        quantity: 2,
        size: "Small",
        color: "Red",
        customizations: [{ customization_id: card?.customization_id, quantity: 1 }],
      },
    ]);
    const first = await place({ delivery_date: date, delivery_slot_id: early, recipient_name: "Pak Dedi" });
    const denied = await place({ delivery_date: date, delivery_slot_id: early });
    await setOrder(world.shop, denied.orderId, { order_status: "Denied" });
    const other = await place({ delivery_date: "2026-11-28", delivery_slot_id: early });
    // An order of that day from before the shop had slots: on the run, but in no slot.
    const [legacy] = await bookPlaces(world.shop, world.customer.user.user_id, { date, slotId: early });
    await world.shop.ctx.db
      .updateTable("orders")
      .set({ delivery_slot_id: null })
      .where("order_id", "=", legacy as number)
      .execute();

    const day = await deliveries(`?date=${date}`);
    expect(day.date).toBe(date);
    const labels = day.slots.map((s) => s.label);
    expect(labels.indexOf("Early")).toBeLessThan(labels.indexOf("Morning"));
    expect(labels.indexOf("Afternoon")).toBeLessThan(labels.indexOf("Late"));
    const earlyRun = day.slots.find((s) => s.slotId === early);
    expect(earlyRun).toMatchObject({ start: "07:00", end: "09:00", capacity: 4 });
    expect(earlyRun?.orders.map((o) => o.orderId)).toEqual([first.orderId]);
    expect(earlyRun?.orders[0]).toMatchObject({ recipientName: "Pak Dedi", username: world.customer.user.username });
    const lateRun = day.slots.find((s) => s.slotId === late);
    expect(lateRun?.orders.map((o) => o.orderId)).toEqual([withCard.orderId]);
    expect(lateRun?.orders[0]).toMatchObject({
      deliveryZone: { zoneId, name: "Sukajadi Test" },
      items: [
        {
          productName: "Card roses",
          quantity: 2,
          customizations: [{ name: "Greeting Card", price: card?.price, quantity: 1 }],
        },
      ],
    });
    expect(day.unscheduled.map((o) => o.orderId)).toEqual([legacy]);
    const listed = [...day.slots.flatMap((s) => s.orders), ...day.unscheduled].map((o) => o.orderId);
    expect(listed).not.toContain(denied.orderId);
    expect(listed).not.toContain(other.orderId);
  });

  it("is today's by default, with the open orders that still need a day", async () => {
    const slotted = await place({});
    expect(slotted.delivery?.date).toBe(TODAY);
    const undated = await place({});
    await world.shop.ctx.db
      .updateTable("orders")
      .set({ delivery_day: null, delivery_slot_id: null, delivery_date: null })
      .where("order_id", "=", undated.orderId)
      .execute();
    const done = await place({});
    await world.shop.ctx.db
      .updateTable("orders")
      .set({ delivery_day: null, delivery_slot_id: null, order_status: "Finished" })
      .where("order_id", "=", done.orderId)
      .execute();

    const today = await deliveries();
    expect(today.date).toBe(TODAY);
    expect(today.slots.flatMap((s) => s.orders).map((o) => o.orderId)).toContain(slotted.orderId);
    expect(today.unscheduled.map((o) => o.orderId)).toContain(undated.orderId);
    expect(today.unscheduled.map((o) => o.orderId)).not.toContain(done.orderId);
    const tomorrow = await deliveries("?date=2026-11-26");
    expect(tomorrow.unscheduled.map((o) => o.orderId)).not.toContain(undated.orderId);
  });

  it("refuses a malformed date", async () => {
    const res = await call("GET", "/api/order/admin/deliveries?date=2026-11-31", world.admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("date: must be a date YYYY-MM-DD");
  });
});

describe("moving an order", () => {
  it("moves it to another date, slot and district, keeps its fee and records who did it, before and after", async () => {
    const from = await createSlot(world.shop, { label: "From", capacity: 5 });
    const to = await createSlot(world.shop, { label: "To", start: "13:00", end: "14:00", capacity: 5 });
    const zoneId = await createZone(world.shop, { name: "Regol Test", fee: 40000 });
    const order = await place({ delivery_date: "2026-11-29", delivery_slot_id: from });
    const res = await move(order.orderId, { date: "2026-11-30", slotId: to, zoneId });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json() as OrderDetail;
    expect(moved).toMatchObject({
      deliveryDate: "2026-11-30T06:00:00.000Z",
      delivery: { date: "2026-11-30", slotId: to, label: "To", zoneId, zoneName: "Regol Test" },
      shippingCost: order.shippingCost,
      totalPrice: order.totalPrice,
    });
    expect((await deliveries("?date=2026-11-30")).slots.find((s) => s.slotId === to)?.orders).toHaveLength(1);
    expect((await deliveries("?date=2026-11-29")).slots.find((s) => s.slotId === from)?.orders).toHaveLength(0);

    const audit = await world.shop.ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target", "=", `order:${order.orderId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "order.move",
      user_id: world.admin.user.user_id,
      username: world.admin.user.username,
    });
    expect(JSON.parse(audit[0]?.details as string)).toEqual({
      before: { date: "2026-11-29", slotId: from, zoneId: null },
      after: { date: "2026-11-30", slotId: to, zoneId },
      overCapacity: false,
    });
  });

  it("books a full slot only when told to go over its capacity, and never a closed one", async () => {
    const full = await createSlot(world.shop, { label: "Full", capacity: 1 });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-12-01", slotId: full });
    await closeDate(world.shop, "2026-12-02", full);
    const order = await place({});
    const refused = await move(order.orderId, { date: "2026-12-01", slotId: full });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SLOT_FULL", message: expect.stringMatching(/is full/) });
    const closed = await move(order.orderId, { date: "2026-12-02", slotId: full, overCapacity: true });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: "SLOT_CLOSED" });
    expect(
      await world.shop.ctx.db
        .selectFrom("audit_log")
        .select("audit_id")
        .where("target", "=", `order:${order.orderId}`)
        .execute(),
    ).toEqual([]);

    const phoned = await move(order.orderId, { date: "2026-12-01", slotId: full, overCapacity: true });
    expect(phoned.statusCode, phoned.body).toBe(200);
    const run = (await deliveries("?date=2026-12-01")).slots.find((s) => s.slotId === full);
    expect(run).toMatchObject({ capacity: 1 });
    expect(run?.orders).toHaveLength(2);
    const audit = await world.shop.ctx.db
      .selectFrom("audit_log")
      .select("details")
      .where("target", "=", `order:${order.orderId}`)
      .execute();
    expect(JSON.parse(audit[0]?.details as string)).toMatchObject({ overCapacity: true });
  });

  it("leaves finished and denied orders where they are, and refuses a past date or an unknown slot", async () => {
    const slot = await createSlot(world.shop, { label: "Spare", capacity: 5 });
    const finished = await place({});
    await setOrder(world.shop, finished.orderId, { order_status: "Finished" });
    const denied = await place({});
    await setOrder(world.shop, denied.orderId, { order_status: "Denied" });
    const open = await place({});
    for (const [orderId, body, status, message] of [
      [finished.orderId, { date: "2026-11-30", slotId: slot }, 409, "An order that is Finished cannot be moved."],
      [denied.orderId, { date: "2026-11-30", slotId: slot }, 409, "An order that is Denied cannot be moved."],
      [open.orderId, { date: "2026-11-24", slotId: slot }, 400, "date: is in the past"],
      [open.orderId, { date: "2026-11-30", slotId: 999999 }, 400, "slotId: is not a delivery slot of the shop"],
      [
        open.orderId,
        { date: "2026-11-30", slotId: slot, zoneId: 999999 },
        400,
        "zoneId: is not a district we deliver to",
      ],
      [open.orderId, { date: "30/11/2026", slotId: slot }, 400, "date: must be a date YYYY-MM-DD"],
      [999999, { date: "2026-11-30", slotId: slot }, 404, "Order not found."],
    ] as const) {
      const res = await move(orderId, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });
});
