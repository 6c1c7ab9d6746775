import type { Product } from "@florist/contract";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeAnswer, fakeApi } from "../../../../test/fake-api";
import { loggedIn, loggedOut, renderScreen } from "../../../../test/render-app";
import ProductPage from "../routes/product-detail";

const lily: Product = {
  productId: 3,
  categoryId: 1,
  name: "Lily Bouquet",
  description: "White lilies.",
  price: 300_000,
  stockQuantity: 6,
  imageUrl: null,
  availabilityStatus: "in_stock",
  sizeOptions: ["S", "M", "L"],
  sizePrices: { S: 300_000, M: 350_000, L: 400_000 },
  ownSizePrices: {},
  colorOptions: ["White", "Pink::#f7c6d7"],
  productType: "bouquet",
  images: [],
  occasionIds: [],
  rating: null,
};

function lilyApi(session: FakeAnswer) {
  return fakeApi({
    "GET /api/users/session": session,
    "GET /api/products/3": { body: lily },
    "GET /api/customization": {
      body: [
        { customization_id: 1, name: "Greeting Card", price: 15_000 },
        { customization_id: 2, name: "Ribbon", price: 10_000 },
      ],
    },
    "GET /api/products/price/S": { body: { productId: 3, size: "S", price: 300_000 } },
    "GET /api/products/price/M": { body: { productId: 3, size: "M", price: 350_000 } },
    "GET /api/products/price/L": { body: { productId: 3, size: "L", price: 400_000 } },
  });
}

function openAt(at: string) {
  return renderScreen(<ProductPage />, { path: "/produk/:productId", at });
}

function checked(role: "radio" | "checkbox", name: string): boolean {
  return (screen.getByRole(role, { name }) as HTMLInputElement).checked;
}

beforeEach(() => sessionStorage.clear());

describe("a product's chosen variant", () => {
  it("opens with the size and colour its link names", async () => {
    lilyApi(loggedIn());
    openAt("/produk/3?size=M&color=pink");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    expect(checked("radio", "M")).toBe(true);
    expect(checked("radio", "Pink")).toBe(true);
  });

  it("falls back to the first size and colour for values the product does not offer", async () => {
    lilyApi(loggedIn());
    openAt("/produk/3?size=XXL&color=Green");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    expect(checked("radio", "S")).toBe(true);
    expect(checked("radio", "White")).toBe(true);
  });

  it("writes a chosen size and colour into the address, replacing the entry", async () => {
    lilyApi(loggedIn());
    const { user, router } = openAt("/produk/3");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    await user.click(screen.getByRole("radio", { name: "L" }));
    await user.click(screen.getByRole("radio", { name: "Pink" }));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get("size"), params.get("color")]).toEqual(["L", "Pink"]);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("a visitor sent to log in by Add to Cart comes back to the same size, colour, add-ons, quantity and notes", async () => {
    lilyApi(loggedOut);
    const visit = openAt("/produk/3");
    const { user, router } = visit;
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    await user.click(screen.getByRole("radio", { name: "M" }));
    await user.click(screen.getByRole("radio", { name: "Pink" }));
    await user.click(await screen.findByRole("checkbox", { name: "Ribbon" }));
    await user.click(screen.getByRole("button", { name: "Increase Quantity" }));
    await user.click(screen.getByRole("button", { name: "Increase Quantity" }));
    await user.type(screen.getByRole("textbox", { name: /Extra notes/ }), "For Ibu");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));

    await screen.findByRole("heading", { name: "Now at /login" });
    const redirectTo = (router.state.location.state as { redirectTo: string }).redirectTo;
    expect(redirectTo).toBe("/produk/3?size=M&color=Pink");
    visit.unmount();

    // Logged in, the login page sends the shopper back to that address.
    lilyApi(loggedIn());
    openAt(redirectTo);
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    expect(checked("radio", "M")).toBe(true);
    expect(checked("radio", "Pink")).toBe(true);
    expect(((await screen.findByRole("checkbox", { name: "Ribbon" })) as HTMLInputElement).checked).toBe(true);
    expect(checked("checkbox", "Greeting Card")).toBe(false);
    expect(screen.getByRole("group", { name: "Quantity" }).textContent).toContain("3");
    expect((screen.getByRole("textbox", { name: /Extra notes/ }) as HTMLTextAreaElement).value).toBe("For Ibu");
  });

  it("takes the kept choice back once: the next visit starts afresh", async () => {
    lilyApi(loggedOut);
    const visit = openAt("/produk/3");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    await visit.user.click(screen.getByRole("button", { name: "Increase Quantity" }));
    await visit.user.click(screen.getByRole("button", { name: "Buy Now" }));
    await screen.findByRole("heading", { name: "Now at /login" });
    visit.unmount();

    lilyApi(loggedIn());
    const back = openAt("/produk/3");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    expect(screen.getByRole("group", { name: "Quantity" }).textContent).toContain("2");
    back.unmount();

    openAt("/produk/3");
    await screen.findByRole("heading", { name: "Lily Bouquet" });
    await waitFor(() => expect(screen.getByRole("group", { name: "Quantity" }).textContent).toContain("1"));
  });
});
