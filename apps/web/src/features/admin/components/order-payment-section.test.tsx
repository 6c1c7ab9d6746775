import type { OrderDetail, PaymentDecisionInput } from "@florist/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import { shownText } from "../../../../test/render-app";
import { OrderDetailModal } from "./order-detail-modal";

function detailApi(order: OrderDetail) {
  let current = order;
  return fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/12": () => ({ body: current }),
    "PATCH /api/order/12/payment": ({ body }) => {
      current = {
        ...current,
        paymentStatus: "Paid",
        paymentDueAt: null,
        paymentNote: (body as PaymentDecisionInput).note ?? null,
      };
      return { body: current };
    },
  });
}

describe("the payment in the order detail dialog", () => {
  it("shows the payment's deadline and the transfer receipt", async () => {
    detailApi({
      ...orderDetail(12, "Order Received", "Awaiting Verification"),
      paymentDueAt: "2026-11-21T08:00:00.000Z",
      paymentProof: "/uploads/receipts/r-12.png",
    });
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(shownText(payment)).toContain("Pay by");
    expect(within(payment).getByRole("img", { name: "Transfer receipt for order MB-012" }).getAttribute("src")).toBe(
      "/uploads/receipts/r-12.png",
    );
  });

  it("marks the order paid only with a note, then shows it Paid without the button", async () => {
    const api = detailApi(orderDetail(12, "In Delivery", "Pending"));
    const { user } = renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const payment = await screen.findByRole("region", { name: "Payment" });
    await user.click(within(payment).getByRole("button", { name: "Mark paid" }));
    const dialog = screen.getByRole("dialog", { name: "Mark paid · MB-012" });
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Write how the payment was seen.");
    expect(api.callsTo("PATCH /api/order/12/payment")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("How was it paid?"), "Seen in the BCA statement");
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));

    await within(payment).findByText("Marked paid.");
    expect(api.callsTo("PATCH /api/order/12/payment").map((call) => call.body)).toEqual([
      { decision: "paid", note: "Seen in the BCA statement" },
    ]);
    expect(shownText(payment)).toContain("Seen in the BCA statement");
    expect(within(payment).queryByRole("button", { name: "Mark paid" })).toBeNull();
    expect(within(screen.getByRole("dialog", { name: "Order MB-012" })).getAllByText("Paid")).toHaveLength(1);
  });

  it("offers no mark paid for a cancelled order", async () => {
    detailApi(orderDetail(12, "Cancelled", "Pending"));
    renderAdmin(<OrderDetailModal orderId={12} onClose={() => undefined} />);

    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(within(payment).queryByRole("button", { name: "Mark paid" })).toBeNull();
  });
});
