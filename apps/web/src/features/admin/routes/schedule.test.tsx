import {
  type DeliverySchedule,
  type DeliveryScheduleInput,
  deliveryScheduleSchema,
  type StrandedOrders,
} from "@florist/contract";
import { addDays } from "@florist/contract/rules";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { type FakeAnswer, fakeApi } from "../../../../test/fake-api";
import { rupiah, shownText } from "../../../../test/render-app";
import { shopToday } from "../lib/deliveries";
import AdminSchedulePage from "./schedule";

const KECAMATAN = [
  "Andir",
  "Antapani",
  "Arcamanik",
  "Astanaanyar",
  "Babakan Ciparay",
  "Bandung Kidul",
  "Bandung Kulon",
  "Bandung Wetan",
  "Batununggal",
  "Bojongloa Kaler",
  "Bojongloa Kidul",
  "Buahbatu",
  "Cibeunying Kaler",
  "Cibeunying Kidul",
  "Cibiru",
  "Cicendo",
  "Cidadap",
  "Cinambo",
  "Coblong",
  "Gedebage",
  "Kiaracondong",
  "Lengkong",
  "Mandalajati",
  "Panyileukan",
  "Rancasari",
  "Regol",
  "Sukajadi",
  "Sukasari",
  "Sumur Bandung",
  "Ujungberung",
];

function schedule(): DeliverySchedule {
  return {
    timezone: "Asia/Jakarta",
    windowDays: 30,
    slots: [
      { slotId: 1, label: "Pagi", start: "09:00", end: "12:00", sameDayCutoff: "08:00", capacity: 10, active: true },
      { slotId: 2, label: "Siang", start: "12:00", end: "15:00", sameDayCutoff: "10:00", capacity: 10, active: true },
      { slotId: 3, label: "Sore", start: "15:00", end: "18:00", sameDayCutoff: null, capacity: 10, active: false },
    ],
    zones: KECAMATAN.map((name, index) => ({ zoneId: index + 1, name, fee: 20000 + index * 1000, active: true })),
    closedDates: [],
  };
}

/** What the server keeps of a schedule it is sent: new slots and zones get their ids. */
function storedFrom(sent: DeliveryScheduleInput): DeliverySchedule {
  return deliveryScheduleSchema.parse({
    ...sent,
    slots: sent.slots.map((slot, index) => ({ ...slot, slotId: slot.slotId ?? 100 + index })),
    zones: sent.zones.map((zone, index) => ({ ...zone, zoneId: zone.zoneId ?? 100 + index })),
  });
}

const nothingStranded: StrandedOrders = { stranded: [] };

/** The Schedule screen against a fake server that keeps the schedule it is sent. */
function renderSchedule(answers: { check?: FakeAnswer; put?: FakeAnswer } = {}) {
  let stored = schedule();
  const api = fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/settings/delivery-schedule": () => ({ body: stored }),
    "POST /api/settings/delivery-schedule/check": answers.check ?? { body: nothingStranded },
    "PUT /api/settings/delivery-schedule": ({ body }) => {
      if (answers.put) return answers.put;
      stored = storedFrom(body as DeliveryScheduleInput);
      return { body: stored };
    },
  });
  const view = renderAdmin(<AdminSchedulePage />);
  const save = () => view.user.click(screen.getByRole("button", { name: "Save schedule" }));
  const sentSchedules = () =>
    api.callsTo("PUT /api/settings/delivery-schedule").map((call) => call.body as DeliveryScheduleInput);
  return { ...view, api, save, sentSchedules };
}

const slotRows = () =>
  within(screen.getByRole("region", { name: "Time slots" }))
    .getAllByRole("listitem")
    .map((row) => shownText(row.firstElementChild));

/** A district's row as its cells read: name, fee and the Edit button. */
const cellsOf = (row: HTMLElement) => [
  shownText(within(row).getByRole("rowheader")),
  ...within(row)
    .getAllByRole("cell")
    .map((cell) => shownText(cell)),
];

describe("the admin's Schedule screen", () => {
  it("edits a slot's label, hours, cutoff and capacity, and saves it after checking what it strands", async () => {
    const { user, save, api, sentSchedules } = renderSchedule();
    await screen.findByRole("heading", { name: "Time slots" });
    expect(slotRows()).toEqual([
      "Pagi09:00–12:00Same day until 08:00 · 10 orders a day",
      "Siang12:00–15:00Same day until 10:00 · 10 orders a day",
      "Sore15:00–18:00OffNo same-day · 10 orders a day",
    ]);

    await user.click(screen.getByRole("button", { name: "Edit slot Pagi" }));
    const dialog = screen.getByRole("dialog", { name: "Edit slot Pagi" });
    await user.clear(within(dialog).getByLabelText("Label"));
    await user.type(within(dialog).getByLabelText("Label"), "Pagi awal");
    fireEvent.change(within(dialog).getByLabelText("Start"), { target: { value: "08:00" } });
    fireEvent.change(within(dialog).getByLabelText("End"), { target: { value: "11:00" } });
    fireEvent.change(within(dialog).getByLabelText("Same-day orders until"), { target: { value: "07:00" } });
    await user.clear(within(dialog).getByLabelText("Capacity"));
    await user.type(within(dialog).getByLabelText("Capacity"), "6");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(slotRows()[0]).toBe("Pagi awal08:00–11:00Same day until 07:00 · 6 orders a day");
    expect(screen.getByText("Unsaved changes. Shoppers see them once the schedule is saved.")).toBeTruthy();
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);

    await save();
    await screen.findByText("Schedule saved.");
    expect(api.callsTo("POST /api/settings/delivery-schedule/check")).toHaveLength(1);
    expect(sentSchedules()[0]?.slots[0]).toEqual({
      slotId: 1,
      label: "Pagi awal",
      start: "08:00",
      end: "11:00",
      sameDayCutoff: "07:00",
      capacity: 6,
      active: true,
    });
    // Everything else goes back as it was: a slot or zone left out would be switched off.
    expect(sentSchedules()[0]?.slots).toHaveLength(3);
    expect(sentSchedules()[0]?.zones).toHaveLength(30);
  });

  it("discards unsaved changes without sending anything, and saves nothing while there is no change", async () => {
    const { user, api } = renderSchedule();
    const saveButton = await screen.findByRole("button", { name: "Save schedule" });
    expect(saveButton).toHaveProperty("disabled", true);
    expect(screen.getByText("No unsaved changes.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Edit slot Siang" }));
    const dialog = screen.getByRole("dialog", { name: "Edit slot Siang" });
    await user.clear(within(dialog).getByLabelText("Capacity"));
    await user.type(within(dialog).getByLabelText("Capacity"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(slotRows()[1]).toContain("3 orders a day");
    expect(saveButton).toHaveProperty("disabled", false);

    await user.click(screen.getByRole("button", { name: "Discard" }));
    expect(slotRows()[1]).toContain("10 orders a day");
    expect(saveButton).toHaveProperty("disabled", true);
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("adds a slot with no same-day orders, and refuses one that ends before it starts", async () => {
    const { user, save, sentSchedules } = renderSchedule();
    await user.click(await screen.findByRole("button", { name: "Add slot" }));
    const dialog = screen.getByRole("dialog", { name: "Add slot" });
    await user.type(within(dialog).getByLabelText("Label"), "Malam");
    fireEvent.change(within(dialog).getByLabelText("Start"), { target: { value: "18:00" } });
    fireEvent.change(within(dialog).getByLabelText("End"), { target: { value: "17:00" } });
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("End must be after the start.");
    expect(slotRows()).toHaveLength(3);

    fireEvent.change(within(dialog).getByLabelText("End"), { target: { value: "20:00" } });
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(slotRows()[3]).toBe("Malam18:00–20:00NewNo same-day · 10 orders a day");

    await save();
    await screen.findByText("Schedule saved.");
    const added = sentSchedules()[0]?.slots[3];
    expect(added).toEqual({
      label: "Malam",
      start: "18:00",
      end: "20:00",
      sameDayCutoff: null,
      capacity: 10,
      active: true,
    });
  });

  it("closes a date range in one step as one closed date per day, and removes one of them", async () => {
    const { user, save, sentSchedules } = renderSchedule();
    const today = shopToday();
    const closedCard = within(await screen.findByRole("region", { name: "Closed dates" }));
    expect(closedCard.getByText("No closed dates from today on.")).toBeTruthy();

    fireEvent.change(closedCard.getByLabelText("From"), { target: { value: addDays(today, 3) } });
    fireEvent.change(closedCard.getByLabelText(/^Until/), { target: { value: addDays(today, 6) } });
    await user.type(closedCard.getByLabelText(/^Reason/), "Lebaran");
    await user.click(closedCard.getByRole("button", { name: "Close 4 days" }));

    const list = () => within(closedCard.getByRole("list", { name: "Closed dates" })).getAllByRole("listitem");
    expect(list()).toHaveLength(4);
    expect(shownText(list()[0])).toContain("Whole day · Lebaran");

    await user.click(closedCard.getByRole("button", { name: `Remove closed date ${addDays(today, 4)}` }));
    expect(list()).toHaveLength(3);

    await save();
    await screen.findByText("Schedule saved.");
    expect(sentSchedules()[0]?.closedDates).toEqual(
      [3, 5, 6].map((days) => ({ date: addDays(today, days), slotIds: [], reason: "Lebaran" })),
    );
  });

  it("closes some slots of one date", async () => {
    const { user, save, sentSchedules } = renderSchedule();
    const today = shopToday();
    const closedCard = within(await screen.findByRole("region", { name: "Closed dates" }));
    fireEvent.change(closedCard.getByLabelText("From"), { target: { value: addDays(today, 1) } });
    await user.click(closedCard.getByRole("radio", { name: "Some slots" }));
    await user.click(closedCard.getByRole("button", { name: "Close date" }));
    expect(closedCard.getByRole("alert").textContent).toBe("Choose the slots to close, or close the whole day.");

    await user.click(closedCard.getByRole("checkbox", { name: "Siang" }));
    await user.click(closedCard.getByRole("button", { name: "Close date" }));
    expect(shownText(closedCard.getByRole("list", { name: "Closed dates" }))).toContain("Siang");

    await save();
    await screen.findByText("Schedule saved.");
    expect(sentSchedules()[0]?.closedDates).toEqual([{ date: addDays(today, 1), slotIds: [2], reason: "" }]);
  });

  it("shows the server's 400 next to the form, naming the field, and keeps the changes", async () => {
    const message = "closedDates.0.date: must be today or later";
    const { user, save } = renderSchedule({ put: { status: 400, body: { message, code: "INVALID_INPUT" } } });
    const closedCard = within(await screen.findByRole("region", { name: "Closed dates" }));
    const date = addDays(shopToday(), 2);
    fireEvent.change(closedCard.getByLabelText("From"), { target: { value: date } });
    await user.click(closedCard.getByRole("button", { name: "Close date" }));

    await save();
    const savebar = within(screen.getByRole("region", { name: "Save the schedule" }));
    expect((await savebar.findByRole("alert")).textContent).toBe(message);
    expect(savebar.getByText(`In Closed date 1 (${date}).`)).toBeTruthy();
    expect(within(closedCard.getByRole("list", { name: "Closed dates" })).getAllByRole("listitem")).toHaveLength(1);
  });

  it("asks before a change that strands orders, sends nothing when cancelled, and saves when confirmed", async () => {
    const date = addDays(shopToday(), 1);
    const stranded: StrandedOrders = {
      stranded: [
        { orderId: 12, date, slotId: 1, slotLabel: "Pagi", reason: "capacity" },
        { orderId: 15, date, slotId: 2, slotLabel: "Siang", reason: "inactive" },
      ],
    };
    const { user, save, api } = renderSchedule({ check: { body: stranded } });
    await user.click(await screen.findByRole("button", { name: "Edit slot Siang" }));
    const edit = screen.getByRole("dialog", { name: "Edit slot Siang" });
    await user.click(within(edit).getByRole("checkbox", { name: "Offered to shoppers" }));
    await user.click(within(edit).getByRole("button", { name: "Apply" }));

    await save();
    const confirm = await screen.findByRole("alertdialog", { name: "2 orders lose their place" });
    const listed = within(confirm)
      .getAllByRole("listitem")
      .map((item) => shownText(item));
    expect(listed[0]).toMatch(/^MB-012.* · PagiMore orders than the new capacity$/);
    expect(listed[1]).toMatch(/^MB-015.* · SiangSlot switched off$/);

    await user.click(within(confirm).getByRole("button", { name: "Go back" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("PUT /api/settings/delivery-schedule")).toHaveLength(0);
    expect(screen.getByText("Unsaved changes. Shoppers see them once the schedule is saved.")).toBeTruthy();

    await save();
    const again = await screen.findByRole("alertdialog", { name: "2 orders lose their place" });
    await user.click(within(again).getByRole("button", { name: "Save anyway" }));
    await screen.findByText("Schedule saved.");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.callsTo("PUT /api/settings/delivery-schedule")).toHaveLength(1);
  });

  it("lists the 30 districts with their fees, finds one by name and edits its fee", async () => {
    const { user, save, sentSchedules } = renderSchedule();
    const zones = within(await screen.findByRole("region", { name: /^Districts/ }));
    expect(zones.getAllByRole("row")).toHaveLength(31);

    await user.type(zones.getByRole("searchbox", { name: "Find a district" }), "cob");
    const rows = zones.getAllByRole("row").slice(1);
    expect(rows.map(cellsOf)).toEqual([["Coblong", rupiah(38000), "Edit"]]);

    await user.click(zones.getByRole("button", { name: "Edit Coblong" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Coblong" });
    await user.clear(within(dialog).getByLabelText("Delivery fee (IDR)"));
    await user.type(within(dialog).getByLabelText("Delivery fee (IDR)"), "45000");
    expect(shownText(within(dialog).getByText(/Shoppers see/))).toBe(`Shoppers see ${rupiah(45000)}.`);
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(cellsOf(zones.getByRole("row", { name: /Coblong/ }))).toEqual(["Coblong", rupiah(45000), "Edit"]);

    await save();
    await screen.findByText("Schedule saved.");
    expect(sentSchedules()[0]?.zones[18]).toEqual({ zoneId: 19, name: "Coblong", fee: 45000, active: true });
  });
});
