import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminSession, renderAdmin } from "../../../test/admin-render";
import { fakeApi, setSessionHint } from "../../../test/fake-api";
import { orderDetail } from "../../../test/order-fixtures";
import { loggedIn, loggedOut, renderScreen } from "../../../test/render-app";
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
      "Occasions",
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

function cartLine(cartItemId: number, quantity: number) {
  return { cartItemId, productId: cartItemId, quantity, price: 100_000, productName: "Roses", customizations: [] };
}

function openShopBar() {
  return renderScreen(<Navbar />, { path: "/", at: "/" });
}

describe("the shop's header", () => {
  it("names the cart with the number of items in it and leads to /keranjang", async () => {
    fakeApi({
      "GET /api/users/session": loggedIn(),
      "POST /api/cart/user/7/ensure": { body: { cartId: 3 } },
      "GET /api/cart/user/7/full": { body: { cartId: 3, items: [cartLine(1, 2), cartLine(2, 1)] } },
    });
    openShopBar();
    const cart = await screen.findByRole("link", { name: "Cart, 3 items" });
    expect(cart.getAttribute("href")).toBe("/keranjang");
  });

  it("shows a visitor the cart without a count", async () => {
    fakeApi({ "GET /api/users/session": loggedOut });
    openShopBar();
    await screen.findByRole("link", { name: "Login" });
    expect(screen.getByRole("link", { name: "Cart" }).getAttribute("href")).toBe("/keranjang");
  });

  it("asks nobody who is logged in on a first visit (no signed_in cookie)", async () => {
    const api = fakeApi({ "GET /api/users/session": loggedOut });
    setSessionHint(false);
    openShopBar();
    await screen.findByRole("link", { name: "Login" });
    expect(api.callsTo("GET /api/users/session")).toHaveLength(0);
  });

  it("closes the phone's menu on Escape and gives focus back to the menu button", async () => {
    fakeApi({ "GET /api/users/session": loggedOut });
    const { user } = openShopBar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await screen.findByRole("link", { name: "Login" });
    await user.click(screen.getByRole("searchbox", { name: "Search flowers" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Open menu" })).toBe(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("searches from the header: /cari?q= with the words typed, nothing for an empty field", async () => {
    fakeApi({ "GET /api/users/session": loggedOut });
    const { user, router } = openShopBar();
    const search = screen.getByRole("search", { name: "Search the shop" });
    await user.click(within(search).getByRole("button", { name: "Search" }));
    expect(router.state.location.pathname).toBe("/");
    await user.type(within(search).getByRole("searchbox", { name: "Search flowers" }), "  pink roses & lilies {Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/cari"));
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("pink roses & lilies");
  });
});
