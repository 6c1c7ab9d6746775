import type { AdminTransaction, OrderDetail, PaymentDecisionInput } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, overview, renderAdmin, transaction } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { orderDetail } from "../../../../test/order-fixtures";
import { rupiah, shownText } from "../../../../test/render-app";
import AdminPaymentsPage from "./payments";

function withReceipt(orderId: number, orderDate: string, totalPrice: number): OrderDetail {
  return {
    ...orderDetail(orderId, "Order Received", "Awaiting Verification"),
    username: `customer${orderId}`,
    orderDate,
    totalPrice,
    paymentProof: `/uploads/receipts/receipt-${orderId}.png`,
  };
}

/** A shop whose queue answers in the server's order (oldest first) and shrinks as receipts are decided. */
function paymentsApi(queue: OrderDetail[], unpaid: AdminTransaction[] = []) {
  let waiting = [...queue];
  return fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/admin/payments": () => ({ body: { orders: waiting } }),
    "GET /api/order/admin/overview": ({ url }) => {
      const search = url.searchParams.get("search");
      const rows = search ? unpaid.filter((row) => row.customer_name.includes(search)) : unpaid;
      return { body: overview(rows) };
    },
    ...Object.fromEntries(
      [...queue.map((order) => order.orderId), ...unpaid.map((row) => row.order_id)].map((orderId) => [
        `PATCH /api/order/${orderId}/payment`,
        ({ body }: { body: unknown }) => {
          const decision = body as PaymentDecisionInput;
          waiting = waiting.filter((order) => order.orderId !== orderId);
          const paymentStatus = decision.decision === "reject" ? "Rejected" : "Paid";
          return {
            body: { ...orderDetail(orderId, "Order Received", paymentStatus), paymentNote: decision.note ?? null },
          };
        },
      ]),
    ),
  });
}

const OLDEST = withReceipt(4, "2026-11-20T01:00:00.000Z", 185000);
const NEWER = withReceipt(9, "2026-11-22T03:00:00.000Z", 350000);

describe("the payments screen", () => {
  it("lists the receipts awaiting verification oldest first, each with its image, amount and customer", async () => {
    paymentsApi([OLDEST, NEWER]);
    renderAdmin(<AdminPaymentsPage />);

    const queue = await screen.findByRole("region", { name: "Receipts awaiting verification" });
    const items = await within(queue).findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual(["MB-004", "MB-009"]);
    const first = items[0] as HTMLElement;
    expect(shownText(first)).toContain(rupiah(185000));
    expect(shownText(first)).toContain("customer4");
    const image = within(first).getByRole("img", { name: "Transfer receipt for order MB-004" });
    expect(image.getAttribute("src")).toBe("/uploads/receipts/receipt-4.png");
    expect(within(queue).getByText("2")).toBeTruthy();
  });

  it("enlarges a receipt when it is clicked", async () => {
    paymentsApi([OLDEST]);
    const { user } = renderAdmin(<AdminPaymentsPage />);

    await user.click(await screen.findByRole("button", { name: "Enlarge the transfer receipt of MB-004" }));
    const viewer = screen.getByRole("dialog", { name: "Transfer receipt · MB-004" });
    expect(within(viewer).getByRole("img").getAttribute("src")).toBe("/uploads/receipts/receipt-4.png");
  });

  it("approves a receipt after asking, and the order leaves the queue", async () => {
    const api = paymentsApi([OLDEST, NEWER]);
    const { user } = renderAdmin(<AdminPaymentsPage />);

    const first = (await screen.findAllByRole("listitem"))[0] as HTMLElement;
    await user.click(within(first).getByRole("button", { name: "Approve" }));
    const confirm = screen.getByRole("alertdialog", { name: "Approve MB-004?" });
    await user.click(within(confirm).getByRole("button", { name: "Approve" }));

    await screen.findByText("MB-004 approved: the order is Paid.");
    expect(api.callsTo("PATCH /api/order/4/payment").map((call) => call.body)).toEqual([{ decision: "approve" }]);
    const queue = screen.getByRole("region", { name: "Receipts awaiting verification" });
    await waitFor(() => expect(within(queue).queryByRole("heading", { name: "MB-004" })).toBeNull());
    expect(within(queue).getByRole("heading", { name: "MB-009" })).toBeTruthy();
  });

  it("rejects a receipt only with a note for the customer", async () => {
    const api = paymentsApi([OLDEST]);
    const { user } = renderAdmin(<AdminPaymentsPage />);

    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject receipt · MB-004" });
    await user.click(within(dialog).getByRole("button", { name: "Reject receipt" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Write why the receipt is rejected.");
    expect(api.callsTo("PATCH /api/order/4/payment")).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText("Reason for the customer"),
      "  The amount is Rp 18.500, not Rp 185.000  ",
    );
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Reject receipt" }));

    await screen.findByText(/MB-004 rejected/);
    expect(api.callsTo("PATCH /api/order/4/payment").map((call) => call.body)).toEqual([
      { decision: "reject", note: "The amount is Rp 18.500, not Rp 185.000" },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    await screen.findByText("No receipts are waiting to be checked.");
  });

  it("shows the server's refusal of a decision", async () => {
    const api = fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/order/admin/payments": { body: { orders: [OLDEST] } },
      "GET /api/order/admin/overview": { body: overview([]) },
      "PATCH /api/order/4/payment": { status: 409, body: { message: "No transfer receipt awaits verification." } },
    });
    const { user } = renderAdmin(<AdminPaymentsPage />);

    await user.click(await screen.findByRole("button", { name: "Approve" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Approve" }));

    expect((await screen.findByRole("alert")).textContent).toBe("No transfer receipt awaits verification.");
    expect(api.callsTo("PATCH /api/order/4/payment")).toHaveLength(1);
  });

  it("marks an unpaid order paid from a search, only with a note saying how; paid, cancelled and awaiting ones are not offered", async () => {
    const unpaid = [
      { ...transaction(5, "Order Received"), customer_name: "rina" },
      { ...transaction(6, "In Delivery"), customer_name: "rina", payment_status: "Paid" },
      { ...transaction(7, "Cancelled"), customer_name: "rina" },
      { ...transaction(10, "Order Received"), customer_name: "rina", payment_status: "Awaiting Verification" },
      { ...transaction(8, "Order Received"), customer_name: "budi" },
    ];
    const api = paymentsApi([], unpaid);
    const { user } = renderAdmin(<AdminPaymentsPage />);

    await user.type(await screen.findByLabelText("Find an unpaid order"), "rina");
    await user.click(screen.getByRole("button", { name: "Search" }));
    const list = await screen.findByRole("list", { name: "Unpaid orders" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(shownText(list)).toContain("MB-005");

    await user.click(within(list).getByRole("button", { name: "Mark MB-005 paid" }));
    const dialog = screen.getByRole("dialog", { name: "Mark paid · MB-005" });
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Write how the payment was seen.");
    expect(api.callsTo("PATCH /api/order/5/payment")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("How was it paid?"), "Paid in cash at the shop");
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));

    await screen.findByText("MB-005 marked paid.");
    expect(api.callsTo("PATCH /api/order/5/payment").map((call) => call.body)).toEqual([
      { decision: "paid", note: "Paid in cash at the shop" },
    ]);
  });
});
