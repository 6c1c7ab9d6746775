import { describe, expect, it } from "vitest";
import {
  canChangeStatus,
  customizationTotal,
  formatColorOption,
  isHexColor,
  isReviewable,
  linePrice,
  MAX_IMAGE_BYTES,
  nextStatuses,
  normalizeStatus,
  orderStatusOf,
  parseColorOption,
  sameStatus,
} from "./rules.js";

describe("status names", () => {
  it.each([
    ["In Delivery", "In Delivery"],
    ["  in delivery ", "In Delivery"],
    ["IN  DELIVERY", "In Delivery"],
    ["InDelivery", "In Delivery"],
    ["order received", "Order Received"],
    ["FINISHED", "Finished"],
    ["denied", "Denied"],
  ])("%j names the status %s", (name, status) => {
    expect(orderStatusOf(name)).toBe(status);
  });

  it.each([["Shipped"], ["Completed"], [""], [null], [undefined]])("%j names none of the shop's statuses", (name) => {
    expect(orderStatusOf(name)).toBeUndefined();
  });

  it("compares every spelling of a status as its own name, and any other name trimmed", () => {
    expect(normalizeStatus(" InDelivery ")).toBe("in delivery");
    expect(normalizeStatus("order  received")).toBe("order received");
    expect(normalizeStatus(" Completed ")).toBe("completed");
    expect(normalizeStatus(null)).toBe("");
  });

  it("are the same name whatever their case and spaces", () => {
    expect(sameStatus(" paid", "Paid")).toBe(true);
    expect(sameStatus("Awaiting Verification", "awaitingverification")).toBe(true);
    expect(sameStatus("Paid", "Pending")).toBe(false);
  });

  it("lets finished and legacy completed orders be reviewed, and no others", () => {
    expect(isReviewable(" finished")).toBe(true);
    expect(isReviewable("Completed")).toBe(true);
    expect(isReviewable("In Delivery")).toBe(false);
    expect(isReviewable(null)).toBe(false);
  });
});

describe("status changes", () => {
  it("move a received order to delivery or denial, a delivery to finished, and nothing further", () => {
    expect(nextStatuses("Order Received")).toEqual(["In Delivery", "Denied"]);
    expect(nextStatuses("in delivery")).toEqual(["Finished"]);
    expect(nextStatuses("Finished")).toEqual([]);
    expect(nextStatuses("Denied")).toEqual([]);
    expect(nextStatuses("Completed")).toEqual([]);
  });

  it("are allowed only along those steps", () => {
    expect(canChangeStatus("orderreceived", "Denied")).toBe(true);
    expect(canChangeStatus("Order Received", "Finished")).toBe(false);
    expect(canChangeStatus("In Delivery", "Denied")).toBe(false);
    expect(canChangeStatus("Denied", "Order Received")).toBe(false);
  });
});

describe("prices", () => {
  it("add each customization's price times its quantity", () => {
    expect(
      customizationTotal([
        { price: 15000, quantity: 2 },
        { price: 45000, quantity: 1 },
      ]),
    ).toBe(75000);
    expect(customizationTotal([])).toBe(0);
    expect(customizationTotal(undefined)).toBe(0);
  });

  it("make a line the unit price times the quantity plus its customizations", () => {
    expect(linePrice(350000, 2, [{ price: 10000, quantity: 3 }])).toBe(730000);
    expect(linePrice(250000, 1, null)).toBe(250000);
  });
});

describe("colour options", () => {
  it("take a hex only with # and 3 to 6 hex digits", () => {
    expect(isHexColor("#fff")).toBe(true);
    expect(isHexColor("#C0392B")).toBe(true);
    expect(isHexColor("c0392b")).toBe(false);
    expect(isHexColor("#ff")).toBe(false);
    expect(isHexColor("#1234567")).toBe(false);
    expect(isHexColor("#ggg")).toBe(false);
  });

  it("split into a label and a valid hex or none", () => {
    expect(parseColorOption(" Red :: #c0392b ")).toEqual({ label: "Red", hex: "#c0392b" });
    expect(parseColorOption("Red::c0392b")).toEqual({ label: "Red", hex: null });
    expect(parseColorOption("Rose Gold")).toEqual({ label: "Rose Gold", hex: null });
  });

  it("are written as label::#hex only when the hex is valid", () => {
    expect(formatColorOption(" Red ", "#c0392b")).toBe("Red::#c0392b");
    expect(formatColorOption("Red", "c0392b")).toBe("Red");
    expect(formatColorOption("Red", null)).toBe("Red");
  });

  it("read back what they write", () => {
    const stored = formatColorOption("Pink", "#f7c6d7");
    expect(parseColorOption(stored)).toEqual({ label: "Pink", hex: "#f7c6d7" });
  });
});

describe("image limit", () => {
  it("is 5 MB", () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
  });
});
