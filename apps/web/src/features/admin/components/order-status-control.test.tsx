import type { AdminTransaction } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, overview, renderAdmin, transaction } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import AdminDashboardPage from "../routes/dashboard";

/**
 * The order status control as the admin meets it: in its row of the dashboard's transactions,
 * against a fake server that keeps the orders' statuses and changes them as asked.
 */
function dashboardWith(rows: AdminTransaction[], statusAnswer?: { status: number; body: unknown }) {
  const orders = new Map(rows.map((row) => [row.order_id, { ...row }]));
  const api = fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/admin/overview": () => ({ body: overview([...orders.values()]) }),
    "PATCH /api/order/12/status": ({ body }) => {
      if (statusAnswer) return statusAnswer;
      const { status, paymentStatus } = body as { status: string; paymentStatus?: string };
      const order = orders.get(12);
      if (order) order.order_status = status;
      return { body: orderDetail(12, status, paymentStatus ?? "Pending") };
    },
    "PUT /api/order/12/proof": { body: { orderProof: "/uploads/proofs/p.webp" } },
  });
  const view = renderAdmin(<AdminDashboardPage />);
  return { ...view, api };
}

async function rowOf(orderId: number) {
  const heading = await screen.findByRole("rowheader", { name: `MB-${String(orderId).padStart(3, "0")}` });
  const row = heading.closest("tr");
  if (!row) throw new Error("the order has no row");
  return row;
}

const actionsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("the order status control", () => {
  it("offers Start Delivery and Reject Order for a received order; Start Delivery asks, then moves it on", async () => {
    const { user, api } = dashboardWith([transaction(12, "Order Received")]);
    const row = await rowOf(12);
    expect(actionsOf(row)).toEqual(["View Details", "Start Delivery", "Reject Order"]);

    await user.click(within(row).getByRole("button", { name: "Start Delivery" }));
    const confirm = screen.getByRole("alertdialog", { name: "Start Delivery · MB-012" });
    expect(confirm.textContent).toContain("Mark this order as In Delivery?");
    expect(api.callsTo("PATCH /api/order/12/status")).toHaveLength(0);

    await user.click(within(confirm).getByRole("button", { name: "Yes, start delivery" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.callsTo("PATCH /api/order/12/status").map((call) => call.body)).toEqual([{ status: "In Delivery" }]);
    await within(row).findByText("In Delivery");
    expect(actionsOf(row)).toEqual(["View Details", "Mark as Finished"]);
  });

  it("asks before rejecting, and sends nothing when the admin cancels", async () => {
    const { user, api } = dashboardWith([transaction(12, "Order Received")]);
    const row = await rowOf(12);

    await user.click(within(row).getByRole("button", { name: "Reject Order" }));
    let confirm = screen.getByRole("alertdialog", { name: "Reject Order · MB-012" });
    expect(confirm.textContent).toContain("Deny this order? The order will be marked as Denied.");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.callsTo("PATCH /api/order/12/status")).toHaveLength(0);

    await user.click(within(row).getByRole("button", { name: "Reject Order" }));
    confirm = screen.getByRole("alertdialog", { name: "Reject Order · MB-012" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, reject" }));
    await within(row).findByText("Denied");
    expect(api.callsTo("PATCH /api/order/12/status").map((call) => call.body)).toEqual([{ status: "Denied" }]);
    expect(actionsOf(row)).toEqual(["View Details"]);
  });

  it("opens the proof upload from Mark as Finished, and finishes the order with the proof", async () => {
    const { user, api } = dashboardWith([transaction(12, "In Delivery")]);
    const row = await rowOf(12);
    expect(actionsOf(row)).toEqual(["View Details", "Mark as Finished"]);

    await user.click(within(row).getByRole("button", { name: "Mark as Finished" }));
    const proof = screen.getByRole("dialog", { name: "Delivery proof for MB-012" });
    await user.click(within(proof).getByRole("button", { name: "Submit Proof" }));
    expect(within(proof).getByRole("alert").textContent).toBe(
      "Please select an image file (not just a preview) before submitting.",
    );

    const photo = new File([new Uint8Array(512)], "delivered.png", { type: "image/png" });
    await user.upload(within(proof).getByLabelText("Proof photo"), photo);
    await within(proof).findByRole("img", { name: "Selected proof preview" });
    await user.click(within(proof).getByRole("button", { name: "Submit Proof" }));
    expect(within(proof).getByRole("status").textContent).toBe("Submit proof and mark this order as Finished?");
    await user.click(within(proof).getByRole("button", { name: "Yes, submit" }));

    await within(row).findByText("Finished");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.callsTo("PUT /api/order/12/proof")).toHaveLength(1);
    expect(api.callsTo("PATCH /api/order/12/status").map((call) => call.body)).toEqual([
      { status: "Finished", paymentStatus: "Paid" },
    ]);
    expect(actionsOf(row)).toEqual(["View Details"]);
  });

  it("offers no action for finished and denied orders", async () => {
    dashboardWith([transaction(14, "Finished"), transaction(15, "Denied")]);
    expect(actionsOf(await rowOf(14))).toEqual(["View Details"]);
    expect(actionsOf(await rowOf(15))).toEqual(["View Details"]);
  });

  it("says why when the server refuses the change, and the order keeps its status and actions", async () => {
    const refusal = { status: 409, body: { message: "An order that is Denied cannot be changed to In Delivery." } };
    const { user } = dashboardWith([transaction(12, "Order Received")], refusal);
    const row = await rowOf(12);
    await user.click(within(row).getByRole("button", { name: "Start Delivery" }));
    await user.click(screen.getByRole("button", { name: "Yes, start delivery" }));

    const failure = await screen.findByRole("alertdialog", { name: "Status not updated" });
    expect(failure.textContent).toContain(refusal.body.message);
    await user.click(within(failure).getByRole("button", { name: "Close" }));
    expect(within(row).getByText("Order Received")).toBeTruthy();
    expect(actionsOf(row)).toEqual(["View Details", "Start Delivery", "Reject Order"]);
  });
});
