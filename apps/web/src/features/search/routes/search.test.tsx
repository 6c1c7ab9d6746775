import type { CatalogCategory, CatalogProduct, Occasion, SearchAnswer } from "@florist/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../../test/fake-api";
import { loggedOut, renderScreen, shownText } from "../../../../test/render-app";
import SearchPage from "./search";

function card(productId: number, name: string, extra: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    productId,
    name,
    description: `${name}, hand-tied.`,
    price: 250000 + productId,
    imageUrl: null,
    stockQuantity: 5,
    availabilityStatus: "in_stock",
    occasionIds: [1],
    rating: null,
    ...extra,
  };
}

const OCCASIONS: Occasion[] = [
  { occasionId: 1, name: "Birthday", productCount: 4 },
  { occasionId: 2, name: "Wedding", productCount: 2 },
];
const CATALOG: CatalogCategory[] = [
  { categoryId: 1, name: "Bouquets", products: [card(1, "Red Rose Bouquet")] },
  { categoryId: 2, name: "Vases", products: [card(2, "Rose Vase")] },
  { categoryId: 3, name: "Empty", products: [] },
];

/** A shop whose search answers `pages` one after another, by the page asked for; `requests` holds what was asked. */
function searchApi(pages: CatalogProduct[][], total = pages.flat().length) {
  const requests: Record<string, string>[] = [];
  fakeApi({
    "GET /api/users/session": loggedOut,
    "GET /api/occasions": { body: OCCASIONS },
    "GET /api/catalog": { body: CATALOG },
    "GET /api/search": ({ url }) => {
      requests.push(Object.fromEntries(url.searchParams));
      const page = Number(url.searchParams.get("page") ?? 1);
      const answer: SearchAnswer = {
        products: pages[page - 1] ?? [],
        pagination: { page, limit: 12, total, hasNext: page < pages.length },
      };
      return { body: answer };
    },
  });
  return requests;
}

async function openAt(address: string) {
  const rendered = renderScreen(<SearchPage />, { path: "/cari" });
  await act(() => rendered.router.navigate(address));
  return rendered;
}

describe("the search page", () => {
  it("searches for the words of its address and shows the results as cards, stars and all", async () => {
    const requests = searchApi([
      [card(1, "Red Rose Bouquet", { rating: { average: 4.5, count: 12 } }), card(2, "Rose Vase")],
    ]);
    await openAt("/cari?q=rose");
    const results = await screen.findAllByRole("article");
    expect(results.map((result) => within(result).getByRole("heading").textContent)).toEqual([
      "Red Rose Bouquet",
      "Rose Vase",
    ]);
    expect(within(results[0] as HTMLElement).getByRole("img", { name: "Rated 4.5 out of 5, 12 reviews" })).toBeTruthy();
    expect(within(results[1] as HTMLElement).queryByRole("img", { name: /^Rated/ })).toBeNull();
    expect(
      within(results[0] as HTMLElement)
        .getByRole("link", { name: "Red Rose Bouquet" })
        .getAttribute("href"),
    ).toBe("/produk/1");
    expect(screen.getByText("2 flowers found for “rose”")).toBeTruthy();
    expect((screen.getByRole("searchbox", { name: "Search flowers" }) as HTMLInputElement).value).toBe("rose");
    expect(requests).toEqual([{ q: "rose", sort: "relevance", page: "1", limit: "12" }]);
  });

  it("keeps the words, filters, order and page in the address and asks the server for exactly those", async () => {
    const pageOne = Array.from({ length: 12 }, (_, i) => card(i + 1, `Tulip ${i + 1}`));
    const requests = searchApi([pageOne, [card(13, "Tulip 13")]]);
    const { user, router } = await openAt("/cari");
    expect(await screen.findByText("Type what you are looking for, or choose an occasion or a category.")).toBeTruthy();
    expect(requests).toEqual([]);

    await user.type(screen.getByRole("searchbox", { name: "Search flowers" }), "  tulip ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText("13 flowers found for “tulip”");
    expect(router.state.location.search).toBe("?q=tulip");

    await user.selectOptions(screen.getByLabelText("Sort by"), "Price: low to high");
    await user.selectOptions(screen.getByLabelText("Occasion"), "Wedding");
    await user.selectOptions(screen.getByLabelText("Category"), "Vases");
    expect(screen.getByLabelText("Category").textContent).toBe("Any categoryBouquetsVases");
    await waitFor(() => expect(router.state.location.search).toBe("?q=tulip&occasion=2&category=2&sort=price_asc"));

    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Tulip 13" });
    expect(router.state.location.search).toBe("?q=tulip&occasion=2&category=2&sort=price_asc&page=2");
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);

    expect(requests.at(-1)).toEqual({
      q: "tulip",
      occasion: "2",
      category: "2",
      sort: "price_asc",
      page: "2",
      limit: "12",
    });
  });

  it("reads a search from the header's address, ignoring values the server would refuse", async () => {
    const requests = searchApi([[card(5, "Sunflower Joy")]]);
    await openAt("/cari?q=sun&occasion=abc&sort=cheapest&page=-3");
    await screen.findByRole("heading", { name: "Sunflower Joy" });
    expect(requests).toEqual([{ q: "sun", sort: "relevance", page: "1", limit: "12" }]);
  });

  it("says plainly when nothing matches and offers the whole catalogue", async () => {
    searchApi([[]]);
    const { user } = await openAt("/cari?q=xyzzy");
    expect(shownText(await screen.findByText("No flowers match “xyzzy”."))).toBe("No flowers match “xyzzy”.");
    await user.click(screen.getByRole("link", { name: "Browse the catalogue" }));
    expect(await screen.findByRole("heading", { name: "Now at /katalog" })).toBeTruthy();
  });
});
