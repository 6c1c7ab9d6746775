import type { CatalogCategory, CatalogProduct, Occasion } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedOut, renderScreen } from "../../../../test/render-app";
import { OccasionLinks } from "./occasion-links";

const product = (productId: number, occasionIds: number[]): CatalogProduct => ({
  productId,
  name: `Product ${productId}`,
  description: "",
  price: 200000,
  imageUrl: `/uploads/products/${String(productId).padStart(32, "a")}.webp`,
  stockQuantity: 2,
  availabilityStatus: "in_stock",
  occasionIds,
  rating: null,
});

const OCCASIONS: Occasion[] = [
  { occasionId: 1, name: "Birthday", productCount: 2 },
  { occasionId: 2, name: "Anniversary", productCount: 1 },
  { occasionId: 3, name: "Sympathy", productCount: 0 },
];
const CATALOG: CatalogCategory[] = [
  { categoryId: 1, name: "Bouquets", products: [product(1, [1, 2]), product(2, [1])] },
];

describe("the home page's occasions", () => {
  it("links each occasion with products to the catalogue filtered to it, each card with a photo of its own", async () => {
    fakeApi({
      "GET /api/users/session": loggedOut,
      "GET /api/occasions": { body: OCCASIONS },
      "GET /api/catalog": { body: CATALOG },
    });
    const { user } = renderScreen(<OccasionLinks />, { path: "/" });
    const section = await screen.findByRole("region", { name: "Flowers for every moment" });
    const links = await within(section).findAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Birthday", "/katalog?occasion=1"],
      ["Anniversary", "/katalog?occasion=2"],
    ]);
    expect(within(section).getByText("2 gifts")).toBeTruthy();
    expect(within(section).getByText("1 gift")).toBeTruthy();
    // Birthday shows the first product's photo; Anniversary's only product is that one too, so it shares it.
    const photos = section.querySelectorAll("img");
    expect([...photos].map((img) => img.getAttribute("src"))).toEqual([
      CATALOG[0]?.products[0]?.imageUrl,
      CATALOG[0]?.products[0]?.imageUrl,
    ]);
    await user.click(within(section).getByRole("link", { name: "Anniversary" }));
    expect(await screen.findByRole("heading", { name: "Now at /katalog" })).toBeTruthy();
  });

  it("prefers a photo no earlier occasion shows", async () => {
    fakeApi({
      "GET /api/users/session": loggedOut,
      "GET /api/occasions": {
        body: [
          { occasionId: 1, name: "Birthday", productCount: 2 },
          { occasionId: 2, name: "Wedding", productCount: 2 },
        ],
      },
      "GET /api/catalog": {
        body: [{ categoryId: 1, name: "Box", products: [product(1, [1, 2]), product(2, [1, 2])] }],
      },
    });
    renderScreen(<OccasionLinks />, { path: "/" });
    const section = await screen.findByRole("region", { name: "Flowers for every moment" });
    await within(section).findAllByRole("link");
    const photos = [...section.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(new Set(photos).size).toBe(2);
  });

  it("shows nothing when no occasion holds a product", async () => {
    const api = fakeApi({
      "GET /api/users/session": loggedOut,
      "GET /api/occasions": { body: [{ occasionId: 3, name: "Sympathy", productCount: 0 }] },
      "GET /api/catalog": { body: [] },
    });
    const { container } = renderScreen(<OccasionLinks />, { path: "/" });
    // Until the occasions arrive the section keeps its room; once they hold nothing it goes.
    await waitFor(() => expect(api.callsTo("GET /api/occasions")).toHaveLength(1));
    await waitFor(() => expect(container.querySelector(".occasion-links")).toBeNull());
  });
});
