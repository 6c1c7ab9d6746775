import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminSession, renderAdmin } from "../../../test/admin-render";
import { fakeApi } from "../../../test/fake-api";
import { orderDetail } from "../../../test/order-fixtures";
import { Navbar } from "./navbar";

function awaiting(count: number) {
  return Array.from({ length: count }, (_, index) => orderDetail(index + 1, "Order Received", "Awaiting Verification"));
}

describe("the admin navigation", () => {
  it("counts the transfer receipts awaiting verification beside Payments", async () => {
    fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/order/admin/payments": { body: { orders: awaiting(3) } },
    });
    renderAdmin(<Navbar />);

    const nav = screen.getByRole("navigation", { name: "Main" });
    const link = await within(nav).findByRole("link", {
      name: "Payments",
      description: "3 receipts await verification",
    });
    expect(link.getAttribute("href")).toBe("/admin/payments");
    expect(link.textContent).toBe("Payments3");
  });

  it("shows no count while no receipt waits", async () => {
    const api = fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/order/admin/payments": { body: { orders: [] } },
    });
    renderAdmin(<Navbar />);

    const link = await screen.findByRole("link", { name: "Payments" });
    await vi.waitFor(() => expect(api.callsTo("GET /api/order/admin/payments")).toHaveLength(1));
    expect(link.textContent).toBe("Payments");
    expect(link.getAttribute("aria-describedby")).toBeNull();
  });

  it("offers the same screens in the profile dropdown, the dashboard named in full, and the audit log", async () => {
    fakeApi({
      "GET /api/users/session": adminSession,
      "GET /api/order/admin/payments": { body: { orders: [] } },
    });
    const { user } = renderAdmin(<Navbar />);

    await user.click(await screen.findByRole("button", { name: "admin" }));
    const items = Array.from(document.querySelectorAll(".profile-dropdown a")).map((link) => link.textContent);
    expect(items).toEqual([
      "Admin Dashboard",
      "Manage Products",
      "Categories",
      "Add-ons",
      "Blog posts",
      "Deliveries",
      "Schedule",
      "Payments",
      "Settings",
      "Audit Log",
    ]);
  });
});
