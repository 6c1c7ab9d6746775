import { describe, expect, it } from "vitest";
import { statusActions } from "./order-status";

describe("the status actions of a row", () => {
  it("offer Start Delivery and Reject for a received order", () => {
    expect(statusActions("Order Received")).toEqual(["start-delivery", "reject"]);
    expect(statusActions("  order RECEIVED ")).toEqual(["start-delivery", "reject"]);
    // Spelled as the server reads it: spaces inside the name do not matter either.
    expect(statusActions("OrderReceived")).toEqual(["start-delivery", "reject"]);
  });

  it("offer Mark as Finished for an order in delivery", () => {
    expect(statusActions("In Delivery")).toEqual(["finish"]);
  });

  it("offer nothing for finished and denied orders", () => {
    expect(statusActions("Finished")).toEqual([]);
    expect(statusActions("Denied")).toEqual([]);
    expect(statusActions("Completed")).toEqual([]);
  });
});
