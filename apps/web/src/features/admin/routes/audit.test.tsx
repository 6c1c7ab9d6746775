import type { AuditEntry, AuditPage } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { inIndonesian, shownText } from "../../../../test/render-app";
import AdminAuditPage from "./audit";

const priceChange: AuditEntry = {
  id: 7,
  // 09:30 in Bandung.
  at: "2026-03-01T02:30:00.000Z",
  userId: 1,
  username: "admin",
  action: "product.update",
  target: "product:12",
  details: { before: { name: "Rose Bouquet", price: 100000 }, after: { name: "Rose Bouquet", price: 125000 } },
};
const paymentDecision: AuditEntry = {
  id: 6,
  at: "2026-03-01T01:00:00.000Z",
  userId: 2,
  username: "sari",
  action: "payment.reject",
  target: "order:3",
  details: { before: "Awaiting Verification", after: "Rejected", note: "Amount does not match" },
};

/** The audit screen against a fake log of 45 entries, recording what it asks for. */
function auditScreen() {
  const asked: URLSearchParams[] = [];
  fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/admin/audit": ({ url }) => {
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get("page"));
      const answer: AuditPage = {
        entries: page === 1 ? [priceChange, paymentDecision] : [{ ...paymentDecision, id: 1 }],
        pagination: { page, limit: 20, total: 45, hasNext: page < 3 },
        filters: {
          admins: [
            { userId: 1, username: "admin" },
            { userId: 2, username: "sari" },
          ],
          kinds: ["payment", "product"],
        },
      };
      return { body: answer };
    },
  });
  const view = renderAdmin(<AdminAuditPage />);
  const lastAsked = () => Object.fromEntries(asked.at(-1) ?? []);
  return { ...view, lastAsked };
}

describe("the audit log screen", () => {
  it("shows each change with its time in WIB, the admin, what and before → after", async () => {
    auditScreen();
    const [first, second] = (await screen.findAllByRole("row")).slice(1) as [HTMLElement, HTMLElement];
    expect(shownText(first)).toContain("1 Maret 2026");
    expect(shownText(first)).toContain("09.30");
    expect(shownText(first)).toContain("admin");
    // What was done, in words, and to what.
    expect(within(first).getByRole("rowheader").textContent).toBe("Product edited #12");
    expect(within(second).getByRole("rowheader").textContent).toBe("Transfer rejected MB-003");
    // Only the field that changed, the price, in rupiah grouped the Indonesian way.
    expect(shownText(first)).toContain("Price: 100.000 → to 125.000");
    expect(shownText(first)).not.toContain("Name:");
    expect(shownText(second)).toContain("Awaiting Verification → to Rejected");
    expect(shownText(second)).toContain("Note: Amount does not match");
  });

  it("filters by admin and kind on the server from the first page, and pages on", async () => {
    const { user, lastAsked } = auditScreen();
    await screen.findAllByRole("row");
    expect(lastAsked()).toEqual({ page: "1", limit: "20" });
    expect(shownText(screen.getByRole("navigation", { name: "Audit log pages" }))).toContain("Showing 1-2 of 45");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastAsked()).toEqual({ page: "2", limit: "20" }));

    await user.selectOptions(screen.getByLabelText("Admin"), "sari");
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", limit: "20", userId: "2" }));
    await user.selectOptions(screen.getByLabelText("Kind"), "payment");
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", limit: "20", userId: "2", kind: "payment" }));
    await user.selectOptions(screen.getByLabelText("Admin"), "All admins");
    await waitFor(() => expect(lastAsked()).toEqual({ page: "1", limit: "20", kind: "payment" }));
  });
});

describe("the audit log screen in Indonesian", () => {
  inIndonesian();

  it("names each change and each kind in Indonesian; a code it does not know stays as it is", async () => {
    fakeApi({
      // An admin whose account reads Indonesian: the shop follows the account's language.
      "GET /api/users/session": { body: { loggedIn: true, user: { ...admin, language: "id" } } },
      "GET /api/admin/audit": () => {
        const answer: AuditPage = {
          entries: [priceChange, paymentDecision, { ...paymentDecision, id: 5, action: "stock.recount" }],
          pagination: { page: 1, limit: 20, total: 3, hasNext: false },
          filters: { admins: [{ userId: 1, username: "admin" }], kinds: ["payment", "product", "stock"] },
        };
        return { body: answer };
      },
    });
    renderAdmin(<AdminAuditPage />);
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Produk diubah #12",
      "Transfer ditolak MB-003",
      "stock.recount MB-003",
    ]);
    // The fields by their Indonesian names, as the admin's own screens call them.
    expect(shownText(rows[0] as HTMLElement)).toContain("Harga: 100.000");
    expect(shownText(rows[1] as HTMLElement)).toContain("Catatan: Amount does not match");
    const kinds = within(screen.getByLabelText("Jenis")).getAllByRole("option");
    expect(kinds.map((option) => option.textContent)).toEqual(["Semua jenis", "Pembayaran", "Produk", "stock"]);
  });
});
