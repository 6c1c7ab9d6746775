import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAdmin, transaction } from "../../../../test/admin-render";
import { shownText } from "../../../../test/render-app";
import { TransactionsTable } from "./transactions-table";

const byStatus = { sort: "status", dir: "asc" } as const;

describe("the transactions table", () => {
  it("shows each order's payment status and a WhatsApp link to the phone the order gives", () => {
    const rows = [
      { ...transaction(3, "Order Received"), payment_status: "Awaiting Verification", phone: "0812-3456-7890" },
      { ...transaction(2, "Finished"), payment_status: "Paid", phone: null },
    ];
    renderAdmin(<TransactionsTable rows={rows} order={byStatus} onSort={() => undefined} onView={() => undefined} />);

    const [withPhone, withoutPhone] = screen.getAllByRole("row").slice(1) as [HTMLElement, HTMLElement];
    expect(shownText(withPhone)).toContain("Awaiting Verification");
    expect(shownText(withoutPhone)).toContain("Paid");
    const link = within(withPhone).getByRole("link", { name: "WhatsApp 0812-3456-7890 about MB-003" });
    expect(link.getAttribute("href")).toBe("https://wa.me/6281234567890");
    expect(within(withoutPhone).queryByRole("link")).toBeNull();
  });

  it("keeps the spec's columns, with the payment beside the status", () => {
    renderAdmin(
      <TransactionsTable
        rows={[transaction(1, "Order Received")]}
        order={byStatus}
        onSort={() => undefined}
        onView={() => undefined}
      />,
    );

    expect(screen.getAllByRole("columnheader").map(shownText)).toEqual([
      "Order ID",
      "Customer",
      "Date",
      "Total",
      "Status",
      "Payment",
      "Action",
    ]);
  });
});
