import type { AdminTransaction } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin, transaction } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import AdminDashboardPage from "./dashboard";

/**
 * The dashboard against a fake server holding twelve orders that sorts and pages them as asked,
 * so the table's order can only come from the server.
 */
function dashboardOfTwelve() {
  const rows: AdminTransaction[] = Array.from({ length: 12 }, (_, index) => ({
    ...transaction(index + 1, "Order Received"),
    // Totals that run against the ids, so an order by total is plainly not an order by id.
    total_price: 100000 + ((index * 7) % 12) * 1000,
  }));
  const asked: URLSearchParams[] = [];
  fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/order/admin/overview": ({ url }) => {
      const query = url.searchParams;
      asked.push(query);
      const page = Number(query.get("page"));
      const sign = query.get("dir") === "asc" ? 1 : -1;
      const byTotal = query.get("sort") === "total";
      const sorted = [...rows].sort(
        (a, b) => sign * (byTotal ? a.total_price - b.total_price : a.order_id - b.order_id),
      );
      const transactions = sorted.slice((page - 1) * 10, page * 10);
      return {
        body: {
          transactions,
          monthlyIncome: 0,
          reviews: [],
          pagination: { page, limit: 10, total: rows.length, hasNext: page * 10 < rows.length },
        },
      };
    },
  });
  const { user } = renderAdmin(<AdminDashboardPage />);
  const lastAsked = () => {
    const query = asked.at(-1);
    return { page: query?.get("page"), sort: query?.get("sort"), dir: query?.get("dir") };
  };
  return { user, lastAsked };
}

const shownIds = () =>
  screen
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent)
    .slice(0, 3);

describe("sorting the dashboard's transactions", () => {
  it("asks the server for the spec's status order first, and for newest first from the Sort by menu", async () => {
    const { user, lastAsked } = dashboardOfTwelve();
    await screen.findAllByRole("rowheader");
    expect(lastAsked()).toEqual({ page: "1", sort: "status", dir: "asc" });
    expect(screen.getByRole("columnheader", { name: "Status" }).getAttribute("aria-sort")).toBe("ascending");

    await user.selectOptions(screen.getByLabelText("Sort by"), "newest");
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", sort: "date", dir: "desc" }));
    expect(screen.getByRole("columnheader", { name: "Date" }).getAttribute("aria-sort")).toBe("descending");
  });

  it("sorts by a clicked column header through the server from page 1, and turns it around on a second click", async () => {
    const { user, lastAsked } = dashboardOfTwelve();
    await screen.findAllByRole("rowheader");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastAsked().page).toBe("2"));

    await user.click(screen.getByRole("button", { name: "Total" }));
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", sort: "total", dir: "desc" }));
    // The largest totals lead, in the server's order: orders 6, 11 and 4 (111 000, 110 000, 109 000).
    await waitFor(() => expect(shownIds()).toEqual(["MB-006", "MB-011", "MB-004"]));
    const total = screen.getByRole("columnheader", { name: "Total" });
    expect(total.getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByRole("columnheader", { name: "Status" }).hasAttribute("aria-sort")).toBe(false);
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("column");

    await user.click(within(total).getByRole("button", { name: "Total" }));
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", sort: "total", dir: "asc" }));
    await waitFor(() => expect(shownIds()).toEqual(["MB-001", "MB-008", "MB-003"]));
    expect(total.getAttribute("aria-sort")).toBe("ascending");
  });
});
