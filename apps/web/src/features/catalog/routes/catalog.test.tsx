import type { CatalogCategory, CatalogProduct, Occasion } from "@florist/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedOut, renderScreen } from "../../../../test/render-app";
import CatalogPage from "./catalog";

const product = (productId: number, name: string, occasionIds: number[], rating: CatalogProduct["rating"] = null) => ({
  productId,
  name,
  description: "",
  price: 300000,
  imageUrl: null,
  stockQuantity: 3,
  availabilityStatus: "in_stock" as const,
  occasionIds,
  rating,
});

const ROSES = product(1, "Red Roses", [1], { average: 4, count: 1 });
const PEONIES = product(2, "Peonies", [2]);
const LILIES = product(3, "Lily Vase", [1, 2]);
const CATALOG: CatalogCategory[] = [
  { categoryId: 1, name: "Bouquets", products: [ROSES, PEONIES] },
  { categoryId: 2, name: "Vases", products: [LILIES] },
];
const OCCASIONS: Occasion[] = [
  { occasionId: 1, name: "Birthday", productCount: 2 },
  { occasionId: 2, name: "Wedding", productCount: 2 },
  { occasionId: 3, name: "Sympathy", productCount: 0 },
];

/** The shop's catalogue; `?occasion=` keeps that occasion's products, as the server does. */
function catalogApi() {
  return fakeApi({
    "GET /api/users/session": loggedOut,
    "GET /api/occasions": { body: OCCASIONS },
    "GET /api/catalog": ({ url }) => {
      const occasion = Number(url.searchParams.get("occasion"));
      if (!occasion) return { body: CATALOG };
      return {
        body: CATALOG.map((c) => ({ ...c, products: c.products.filter((p) => p.occasionIds.includes(occasion)) })),
      };
    },
  });
}

const shownCards = () => screen.queryAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

/** Waits until the catalogue shows exactly these cards, in this order. */
const cardsShown = (names: string[]) => waitFor(() => expect(shownCards()).toEqual(names));

async function openAt(address: string) {
  const rendered = renderScreen(<CatalogPage />, { path: "/katalog" });
  await act(() => rendered.router.navigate(address));
  return rendered;
}

describe("the catalogue's filters", () => {
  it("narrows to an occasion and a category, both kept in the address, the category pills unmoved", async () => {
    catalogApi();
    const { user, router } = await openAt("/katalog");
    await screen.findByRole("heading", { name: "Lily Vase" });
    const occasions = screen.getByRole("group", { name: "Occasion" });
    // An occasion without products on sale is not offered.
    expect(
      within(occasions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Any occasion", "Birthday", "Wedding"]);

    await user.click(within(occasions).getByRole("button", { name: "Birthday" }));
    expect(router.state.location.search).toBe("?occasion=1");
    await cardsShown(["Red Roses", "Lily Vase"]);
    expect(within(occasions).getByRole("button", { name: "Birthday" }).getAttribute("aria-pressed")).toBe("true");

    const pills = screen.getByRole("navigation", { name: "Categories" });
    expect(
      within(pills)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["All", "Bouquets", "Vases"]);
    await user.click(within(pills).getByRole("button", { name: "Vases" }));
    expect(router.state.location.search).toBe("?category=Vases&occasion=1");
    await cardsShown(["Lily Vase"]);

    await user.click(within(occasions).getByRole("button", { name: "Any occasion" }));
    expect(router.state.location.search).toBe("?category=Vases");
  });

  it("opens filtered from a shared address, shows the stars of a reviewed card, and helps out of an empty filter", async () => {
    catalogApi();
    const { user, router } = await openAt("/katalog?occasion=2&category=bouquets");
    await cardsShown(["Peonies"]);

    await act(() => router.navigate("/katalog?occasion=1"));
    await cardsShown(["Red Roses", "Lily Vase"]);
    expect(screen.getByRole("img", { name: "Rated 4.0 out of 5, 1 review" })).toBeTruthy();

    await act(() => router.navigate("/katalog?occasion=3"));
    expect(await screen.findByText("No flowers for Sympathy here yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show every occasion" }));
    await cardsShown(["Red Roses", "Peonies", "Lily Vase"]);
    expect(router.state.location.search).toBe("");
  });
});
