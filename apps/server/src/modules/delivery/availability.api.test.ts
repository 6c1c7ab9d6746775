import type { DayAvailability, DeliverySchedule, SlotAvailability } from "@florist/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bookPlaces, closeDate, createSlot, createZone } from "../../../test/delivery-fixtures.js";
import { countQueries } from "../../../test/fixtures.js";
import { createTestShop, createUser, type TestShop } from "../../../test/harness.js";
import { setClock } from "../../lib/time.js";

let shop: TestShop;
let customerId: number;
beforeAll(async () => {
  shop = await createTestShop();
  customerId = (await createUser(shop)).user_id;
});
afterEach(() => setClock(null));
afterAll(() => shop.close());

/** Sets the shop's clock to an instant written in UTC. */
const clockAt = (iso: string) => setClock(() => Date.parse(iso));

async function availability(query = ""): Promise<DayAvailability[]> {
  const res = await shop.app.inject({ method: "GET", url: `/api/delivery/availability${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function slotOn(date: string, slotId: number): Promise<SlotAvailability> {
  const [day] = await availability(`?from=${date}&days=1`);
  const slot = day?.slots.find((s) => s.slotId === slotId);
  if (!slot) throw new Error(`slot ${slotId} missing on ${date}`);
  return slot;
}

async function seededSlot(label: string): Promise<number> {
  const schedule: DeliverySchedule = (await shop.app.inject({ method: "GET", url: "/api/delivery/schedule" })).json();
  const slot = schedule.slots.find((s) => s.label === label);
  if (!slot) throw new Error(`no ${label} slot`);
  return slot.slotId;
}

describe("the public delivery schedule", () => {
  it("offers the three slots of the day and the 30 kecamatan of Kota Bandung, each with a fee", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/delivery/schedule" });
    expect(res.statusCode).toBe(200);
    const schedule: DeliverySchedule = res.json();
    expect(schedule.timezone).toBe("Asia/Jakarta");
    expect(schedule.windowDays).toBe(30);
    expect(schedule.slots.slice(0, 3)).toEqual([
      expect.objectContaining({ label: "Morning", start: "09:00", end: "12:00", sameDayCutoff: "08:00", capacity: 10 }),
      expect.objectContaining({ label: "Midday", start: "12:00", end: "15:00", sameDayCutoff: "10:00", capacity: 10 }),
      expect.objectContaining({
        label: "Afternoon",
        start: "15:00",
        end: "18:00",
        sameDayCutoff: "13:00",
        capacity: 10,
      }),
    ]);
    const seededZones = schedule.zones.filter((z) => z.name !== "Test district");
    expect(seededZones).toHaveLength(30);
    expect(seededZones.map((z) => z.name)).toContain("Coblong");
    for (const zone of seededZones) expect(zone.fee).toBeGreaterThanOrEqual(20000);
  });

  it("hides switched-off districts and the reasons of closed dates", async () => {
    clockAt("2026-11-23T03:00:00.000Z");
    const hidden = await createZone(shop, { name: "Closed district", active: false });
    await closeDate(shop, "2026-11-27", null, "Staff outing");
    const schedule: DeliverySchedule = (await shop.app.inject({ method: "GET", url: "/api/delivery/schedule" })).json();
    expect(schedule.zones.map((z) => z.zoneId)).not.toContain(hidden);
    expect(schedule.closedDates).toContainEqual({ date: "2026-11-27", slotIds: [] });
    expect(JSON.stringify(schedule)).not.toContain("Staff outing");
  });
});

describe("slot availability", () => {
  it("answers one entry per date from today, for 14 days unless asked otherwise", async () => {
    clockAt("2026-11-23T03:00:00.000Z");
    const days = await availability();
    expect(days).toHaveLength(14);
    expect(days[0]?.date).toBe("2026-11-23");
    expect(days[13]?.date).toBe("2026-12-06");
    expect(days[1]?.slots.map((s) => s.label).slice(0, 3)).toEqual(["Morning", "Midday", "Afternoon"]);
  });

  it("takes same-day orders until the cutoff, and not from the cutoff's minute on", async () => {
    const morning = await seededSlot("Morning");
    clockAt("2026-11-25T00:59:00.000Z"); // 07:59 in Bandung
    expect(await slotOn("2026-11-25", morning)).toMatchObject({ available: true, reason: null, remaining: 10 });
    clockAt("2026-11-25T01:00:00.000Z"); // 08:00
    expect(await slotOn("2026-11-25", morning)).toMatchObject({ available: false, reason: "cutoff", remaining: 0 });
    expect(await slotOn("2026-11-25", await seededSlot("Midday"))).toMatchObject({ available: true });
    expect(await slotOn("2026-11-26", morning)).toMatchObject({ available: true });
  });

  it("never offers a slot without a cutoff for the same day", async () => {
    const evening = await createSlot(shop, { label: "Evening", cutoff: null });
    clockAt("2026-11-25T00:00:00.000Z");
    expect(await slotOn("2026-11-25", evening)).toMatchObject({ available: false, reason: "cutoff" });
    expect(await slotOn("2026-11-26", evening)).toMatchObject({ available: true });
  });

  it("opens the window's last day and not the day after, across the month's end", async () => {
    const morning = await seededSlot("Morning");
    clockAt("2026-11-30T03:00:00.000Z"); // 10:00 on 30 November: the 30-day window ends on 29 December
    expect(await slotOn("2026-12-29", morning)).toMatchObject({ available: true });
    expect(await slotOn("2026-12-30", morning)).toMatchObject({ available: false, reason: "closed" });
    const days = await availability("?days=3");
    expect(days.map((d) => d.date)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
  });

  it("crosses the year's end", async () => {
    clockAt("2026-12-31T09:00:00.000Z"); // 16:00 on New Year's Eve
    const days = await availability("?days=3");
    expect(days.map((d) => d.date)).toEqual(["2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(days[0]?.slots.slice(0, 3).every((s) => s.reason === "cutoff")).toBe(true);
    expect(days[1]?.slots.slice(0, 3).every((s) => s.available)).toBe(true);
  });

  it("is already the next day at 00:30 in Jakarta while UTC is still the day before", async () => {
    const morning = await seededSlot("Morning");
    clockAt("2026-12-31T17:30:00.000Z"); // 00:30 on 1 January 2027 in Bandung
    const [today] = await availability("?days=1");
    expect(today?.date).toBe("2027-01-01");
    expect(await slotOn("2027-01-01", morning)).toMatchObject({ available: true });
    expect(await slotOn("2026-12-31", morning)).toMatchObject({ available: false, reason: "cutoff" });
  });

  it("closes a whole day, or only the slots named", async () => {
    clockAt("2026-11-23T03:00:00.000Z");
    const [morning, midday] = [await seededSlot("Morning"), await seededSlot("Midday")];
    await closeDate(shop, "2026-12-10");
    await closeDate(shop, "2026-12-11", morning);
    const [whole, some] = await availability("?from=2026-12-10&days=2");
    expect(whole?.slots.every((s) => s.reason === "closed" && !s.available)).toBe(true);
    expect(some?.slots.find((s) => s.slotId === morning)).toMatchObject({ available: false, reason: "closed" });
    expect(some?.slots.find((s) => s.slotId === midday)).toMatchObject({ available: true, reason: null });
  });

  it("is full once its capacity is booked, and a denied or cancelled order frees its place", async () => {
    clockAt("2026-11-23T03:00:00.000Z");
    const slotId = await createSlot(shop, { capacity: 2 });
    const [first] = await bookPlaces(shop, customerId, { date: "2026-12-02", slotId, count: 2 });
    await bookPlaces(shop, customerId, { date: "2026-12-02", slotId, status: "Denied" });
    await bookPlaces(shop, customerId, { date: "2026-12-02", slotId, status: "Cancelled" });
    expect(await slotOn("2026-12-02", slotId)).toMatchObject({ available: false, reason: "full", remaining: 0 });
    expect(await slotOn("2026-12-03", slotId)).toMatchObject({ available: true, remaining: 2 });

    await shop.ctx.db
      .updateTable("orders")
      .set({ order_status: "Denied" })
      .where("order_id", "=", first as number)
      .execute();
    expect(await slotOn("2026-12-02", slotId)).toMatchObject({ available: true, remaining: 1 });
  });

  it("counts the places of two months in a few queries, not one per day or slot", async () => {
    clockAt("2026-11-23T03:00:00.000Z");
    const queries = await countQueries(shop, () => availability("?days=62"));
    // The session lookup is not made without a cookie: slots, window, closed dates, bookings.
    expect(queries).toBeLessThanOrEqual(5);
  });

  it("refuses a malformed date and a number of days outside 1 to 62, naming the field", async () => {
    for (const [query, message] of [
      ["?from=2026-02-30", /^from: must be a date YYYY-MM-DD$/],
      ["?days=0", /^days: must be 1 to 62$/],
      ["?days=63", /^days: must be 1 to 62$/],
      ["?days=abc", /^days: must be a number$/],
    ] as const) {
      const res = await shop.app.inject({ method: "GET", url: `/api/delivery/availability${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
});
