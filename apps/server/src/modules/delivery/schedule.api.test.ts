import type { DeliverySchedule, DeliveryScheduleInput, StrandedOrders } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { bookPlaces, closeDate, createSlot } from "../../../test/delivery-fixtures.js";
import { useShopAt } from "../../../test/harness.js";

/** 10:00 on Monday 23 November 2026 in Bandung. */
const NOW = "2026-11-23T03:00:00.000Z";

const world = useShopAt(NOW);
const { call } = world;

async function adminSchedule(): Promise<DeliverySchedule> {
  const res = await call("GET", "/api/settings/delivery-schedule", world.admin.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A schedule as the admin screen edits it: the one it read, with closed dates always listed. */
type Editable = DeliveryScheduleInput & { closedDates: NonNullable<DeliveryScheduleInput["closedDates"]> };

/** The schedule as the admin screen sends it back: what it read, changed by `edit`. */
async function editedSchedule(edit: (s: Editable) => void = () => {}): Promise<Editable> {
  const schedule = structuredClone(await adminSchedule()) as Editable;
  edit(schedule);
  return schedule;
}

/** Asks, as the admin, which booked orders a schedule would strand, without saving it. */
function checkSchedule(input: unknown) {
  return call("POST", "/api/settings/delivery-schedule/check", world.admin.cookie, input);
}

const slotOf = (schedule: DeliveryScheduleInput | DeliverySchedule, label: string) => {
  const slot = schedule.slots.find((s) => s.label === label);
  if (!slot) throw new Error(`no ${label} slot`);
  return slot;
};

describe("the admin's delivery schedule", () => {
  it("lists switched-off slots and districts and the reasons of closed dates from today on", async () => {
    const off = await createSlot(world.shop, { label: "Night" });
    await world.shop.ctx.db.updateTable("delivery_slots").set({ active: 0 }).where("slot_id", "=", off).execute();
    await closeDate(world.shop, "2026-11-20", null, "Gone by");
    await closeDate(world.shop, "2026-11-26", null, "Stock taking");
    const schedule = await adminSchedule();
    expect(schedule.slots.find((s) => s.slotId === off)).toMatchObject({ label: "Night", active: false });
    expect(schedule.closedDates).toContainEqual({ date: "2026-11-26", slotIds: [], reason: "Stock taking" });
    expect(schedule.closedDates.map((c) => c.date)).not.toContain("2026-11-20");
  });

  it("saves slots, districts, closed dates and the window: new entries added, left-out ones switched off, past closures kept", async () => {
    const zoneCountBefore = (await adminSchedule()).zones.length;
    const input = await editedSchedule((s) => {
      s.windowDays = 45;
      const morning = slotOf(s, "Morning");
      morning.capacity = 12;
      morning.sameDayCutoff = "07:30";
      s.slots = s.slots.filter((slot) => slot.label !== "Afternoon");
      s.slots.push({ label: "Evening", start: "18:00", end: "20:00", sameDayCutoff: null, capacity: 4 });
      s.zones = s.zones.filter((z) => z.name !== "Cibiru");
      s.zones.push({ name: "Dayeuhkolot", fee: 50000 });
      s.closedDates = [
        { date: "2026-12-25", slotIds: [], reason: "Christmas" },
        { date: "2026-12-26", slotIds: [morning.slotId as number], reason: "Short staffed" },
      ];
    });
    const res = await call("PUT", "/api/settings/delivery-schedule", world.admin.cookie, input);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as DeliverySchedule;
    expect(saved.windowDays).toBe(45);
    expect(slotOf(saved, "Morning")).toMatchObject({ capacity: 12, sameDayCutoff: "07:30", active: true });
    expect(slotOf(saved, "Afternoon")).toMatchObject({ active: false });
    expect(slotOf(saved, "Evening")).toMatchObject({ start: "18:00", sameDayCutoff: null, capacity: 4, active: true });
    expect(saved.zones).toHaveLength(zoneCountBefore + 1);
    expect(saved.zones.find((z) => z.name === "Cibiru")).toMatchObject({ active: false });
    expect(saved.closedDates).toEqual([
      { date: "2026-12-25", slotIds: [], reason: "Christmas" },
      { date: "2026-12-26", slotIds: [slotOf(saved, "Morning").slotId], reason: "Short staffed" },
    ]);
    expect(await adminSchedule()).toEqual(saved);
    const past = await world.shop.ctx.db
      .selectFrom("closed_dates")
      .select("reason")
      .where("date", "<", "2026-11-23")
      .execute();
    expect(past).toEqual([{ reason: "Gone by" }]);

    const shown = (await call("GET", "/api/delivery/schedule")).json() as DeliverySchedule;
    expect(shown.windowDays).toBe(45);
    expect(shown.slots.map((s) => s.label)).not.toContain("Afternoon");
    expect(shown.zones.map((z) => z.name)).not.toContain("Cibiru");
    expect(shown.closedDates).toContainEqual({ date: "2026-12-25", slotIds: [] });

    const audit = await world.shop.ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "schedule.save")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: world.admin.user.user_id, username: world.admin.user.username });
    const details = JSON.parse(audit[0]?.details as string);
    expect(details.before.windowDays).toBe(30);
    expect(details.after.windowDays).toBe(45);
  });

  it("closes a date for shoppers at once: no longer offered, and an order for it is a 409", async () => {
    const input = await editedSchedule((s) => {
      s.closedDates = [...s.closedDates, { date: "2026-12-02", slotIds: [], reason: "Lebaran" }];
    });
    expect((await call("PUT", "/api/settings/delivery-schedule", world.admin.cookie, input)).statusCode).toBe(200);
    const [day] = (await call("GET", "/api/delivery/availability?from=2026-12-02&days=1")).json();
    expect(day.slots.every((s: { reason: string }) => s.reason === "closed")).toBe(true);
  });

  it("rejects each malformed entry with a 400 that names the field, and changes nothing", async () => {
    const before = await adminSchedule();
    const cases: [(s: Editable) => void, string][] = [
      [
        (s) => Object.assign(s.slots[1] ?? {}, { start: "14:00", end: "13:00" }),
        "slots.1.end: must be after the start",
      ],
      [(s) => Object.assign(s.slots[0] ?? {}, { start: "9:00" }), "slots.0.start: must be a time HH:MM"],
      [(s) => Object.assign(s.slots[0] ?? {}, { end: "24:00" }), "slots.0.end: must be a time HH:MM"],
      [
        (s) => Object.assign(s.slots[0] ?? {}, { sameDayCutoff: "12:30" }),
        "slots.0.sameDayCutoff: must not be after the slot's end",
      ],
      [(s) => Object.assign(s.slots[0] ?? {}, { capacity: -1 }), "slots.0.capacity: must be 0 or more"],
      [(s) => Object.assign(s.slots[0] ?? {}, { capacity: 1.5 }), "slots.0.capacity: must be a whole number"],
      [(s) => Object.assign(s.slots[0] ?? {}, { label: " " }), "slots.0.label: is required"],
      [(s) => Object.assign(s.slots[0] ?? {}, { slotId: 999999 }), "slots.0.slotId: is not a slot of this schedule"],
      [(s) => Object.assign(s.slots[1] ?? {}, { slotId: s.slots[0]?.slotId }), "slots.1.slotId: is listed twice"],
      [(s) => Object.assign(s.zones[0] ?? {}, { fee: -5 }), "zones.0.fee: must be 0 or more"],
      [(s) => Object.assign(s.zones[2] ?? {}, { name: "" }), "zones.2.name: is required"],
      [
        (s) => Object.assign(s.zones[0] ?? {}, { zoneId: 999999 }),
        "zones.0.zoneId: is not a district of this schedule",
      ],
      [
        (s) => s.closedDates.push({ date: "2026-02-30", slotIds: [] }),
        `closedDates.${before.closedDates.length}.date: must be a date YYYY-MM-DD`,
      ],
      [
        (s) => s.closedDates.push({ date: "2026-11-22", slotIds: [] }),
        `closedDates.${before.closedDates.length}.date: is in the past`,
      ],
      [
        (s) => s.closedDates.push({ date: "2026-12-20", slotIds: [999999] }),
        `closedDates.${before.closedDates.length}.slotIds: names a slot that is not in this schedule`,
      ],
      [
        (s) => {
          s.windowDays = 0;
        },
        "windowDays: must be at least 1",
      ],
      [(s) => Object.assign(s, { timezone: "UTC" }), "timezone: must be Asia/Jakarta"],
    ];
    for (const [edit, message] of cases) {
      const res = await call("PUT", "/api/settings/delivery-schedule", world.admin.cookie, await editedSchedule(edit));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await adminSchedule()).toEqual(before);
  });
});

describe("checking what a schedule change strands", () => {
  it("lists the orders from today on beyond a lowered capacity, in a switched-off slot or on a closed date, and saves nothing", async () => {
    const tight = await createSlot(world.shop, { label: "Tight", capacity: 3 });
    const dropped = await createSlot(world.shop, { label: "Dropped", capacity: 3 });
    const closing = await createSlot(world.shop, { label: "Closing", capacity: 3 });
    const userId = world.customer.user.user_id;
    const [, , third] = await bookPlaces(world.shop, userId, { date: "2026-12-03", slotId: tight, count: 3 });
    await bookPlaces(world.shop, userId, { date: "2026-11-20", slotId: tight, count: 3 });
    await bookPlaces(world.shop, userId, { date: "2026-12-04", slotId: tight, count: 1, status: "Denied" });
    const [inDropped] = await bookPlaces(world.shop, userId, { date: "2026-12-03", slotId: dropped });
    const [onClosed] = await bookPlaces(world.shop, userId, { date: "2026-12-05", slotId: closing });
    await bookPlaces(world.shop, userId, { date: "2026-12-06", slotId: closing });

    const before = await adminSchedule();
    const input = await editedSchedule((s) => {
      slotOf(s, "Tight").capacity = 2;
      s.slots = s.slots.filter((slot) => slot.label !== "Dropped");
      s.closedDates.push({ date: "2026-12-05", slotIds: [closing], reason: "Van in the garage" });
    });
    const res = await checkSchedule(input);
    expect(res.statusCode, res.body).toBe(200);
    const { stranded } = res.json() as StrandedOrders;
    expect(stranded).toEqual(
      expect.arrayContaining([
        { orderId: third, date: "2026-12-03", slotId: tight, slotLabel: "Tight", reason: "capacity" },
        { orderId: inDropped, date: "2026-12-03", slotId: dropped, slotLabel: "Dropped", reason: "inactive" },
        { orderId: onClosed, date: "2026-12-05", slotId: closing, slotLabel: "Closing", reason: "closed" },
      ]),
    );
    expect(stranded).toHaveLength(3);
    expect(await adminSchedule()).toEqual(before);

    const unchanged = await checkSchedule(await editedSchedule());
    expect(unchanged.json()).toEqual({ stranded: [] });
  });

  it("does not list again an order that is already past its slot's capacity, booked so by an admin", async () => {
    const booked = await createSlot(world.shop, { label: "Booked over", capacity: 1 });
    await bookPlaces(world.shop, world.customer.user.user_id, { date: "2026-12-07", slotId: booked, count: 2 });
    const unchanged = await checkSchedule(await editedSchedule());
    expect(unchanged.json()).toEqual({ stranded: [] });
    const closing = await editedSchedule((s) => {
      s.closedDates.push({ date: "2026-12-07", slotIds: [], reason: "Flood" });
    });
    const closed = await checkSchedule(closing);
    expect((closed.json() as StrandedOrders).stranded.map((o) => o.reason)).toEqual(["closed", "closed"]);
  });

  it("refuses the same malformed schedule as saving does", async () => {
    const input = await editedSchedule((s) => Object.assign(s.slots[0] ?? {}, { capacity: -1 }));
    const res = await checkSchedule(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("slots.0.capacity: must be 0 or more");
  });
});
