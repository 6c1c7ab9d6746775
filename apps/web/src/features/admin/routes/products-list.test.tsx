import type { Product } from "@florist/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, categories, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { product as storedProduct } from "../../../../test/product-fixtures";
import AdminProductsPage from "./products";

/**
 * Manage Products against a fake server holding 25 products that filters, sorts and pages them as
 * asked, so what the table shows can only come from the server.
 */
function productsScreen() {
  const products: Product[] = Array.from({ length: 25 }, (_, index) => ({
    ...storedProduct,
    productId: index + 1,
    name: index % 2 === 0 ? `Rose ${index + 1}` : `Lily ${index + 1}`,
    categoryId: index % 3 === 0 ? 2 : 1,
    // Prices that run against the ids, so an order by price is plainly not an order by id.
    price: 100000 + ((index * 7) % 25) * 1000,
  }));
  const asked: URLSearchParams[] = [];
  fakeApi({
    "GET /api/users/session": adminSession,
    "GET /api/category": { body: categories },
    "GET /api/products": ({ url }) => {
      const query = url.searchParams;
      asked.push(query);
      const q = (query.get("q") ?? "").toLowerCase();
      const categoryId = query.get("categoryId");
      const sign = query.get("dir") === "desc" ? -1 : 1;
      const matching = products
        .filter((p) => p.name.toLowerCase().includes(q))
        .filter((p) => !categoryId || p.categoryId === Number(categoryId))
        .filter((p) => !query.has("availability") || p.availabilityStatus === query.get("availability"))
        .sort((a, b) => (query.get("sort") === "price" ? sign * (a.price - b.price) : a.productId - b.productId));
      const page = Number(query.get("page"));
      const limit = Number(query.get("limit"));
      return {
        body: matching.slice((page - 1) * limit, page * limit),
        headers: { "X-Total-Count": String(matching.length) },
      };
    },
  });
  const view = renderAdmin(<AdminProductsPage />);
  const lastAsked = () => Object.fromEntries(asked.at(-1)?.entries() ?? []);
  const address = () => view.router.state.location.search;
  const names = () => screen.getAllByRole("rowheader").map((cell) => cell.querySelector(".cell-title")?.textContent);
  return { ...view, lastAsked, address, names };
}

describe("the admin's product list", () => {
  it("shows the first page of the server's products with their count, and pages through them", async () => {
    const { user, lastAsked, names } = productsScreen();
    await screen.findAllByRole("rowheader");
    expect(lastAsked()).toEqual({ page: "1", limit: "20" });
    expect(names()).toHaveLength(20);
    expect(screen.getByText("Showing 1-20 of 25")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(names()).toEqual(["Rose 21", "Lily 22", "Rose 23", "Lily 24", "Rose 25"]));
    expect(lastAsked()).toMatchObject({ page: "2" });
  });

  it("searches and filters on the server, keeping each choice in the address, and resets the search", async () => {
    const { user, lastAsked, address, names } = productsScreen();
    await screen.findAllByRole("rowheader");

    await user.type(screen.getByRole("searchbox", { name: "Search products" }), "rose");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ q: "rose" }));
    expect(address()).toBe("?q=rose");
    expect(screen.getByText("Showing 1-13 of 13")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Category"), "Flower Box");
    await waitFor(() => expect(lastAsked()).toMatchObject({ q: "rose", categoryId: "2" }));
    expect(address()).toBe("?q=rose&category=2");
    await waitFor(() => expect(names()).toEqual(["Rose 1", "Rose 7", "Rose 13", "Rose 19", "Rose 25"]));

    await user.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(address()).toBe("?category=2"));
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveProperty("value", "");
  });

  it("sorts by a clicked header, either way, and says when no product matches", async () => {
    const { user, lastAsked, address, names } = productsScreen();
    await screen.findAllByRole("rowheader");

    await user.click(screen.getByRole("button", { name: "Price" }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ sort: "price", dir: "asc" }));
    await waitFor(() => expect(names()[0]).toBe("Rose 1"));
    expect(screen.getByRole("columnheader", { name: "Price" }).getAttribute("aria-sort")).toBe("ascending");
    await user.click(screen.getByRole("button", { name: "Price" }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ sort: "price", dir: "desc" }));
    await waitFor(() => expect(names()[0]).toBe("Lily 8"));
    expect(address()).toBe("?sort=price&dir=desc");

    await user.selectOptions(screen.getByLabelText("Status"), "Out of Stock");
    await waitFor(() => expect(lastAsked()).toMatchObject({ availability: "out_of_stock" }));
    expect(await screen.findByText("No products match these filters.")).toBeTruthy();
    expect(address()).toBe("?availability=out_of_stock&sort=price&dir=desc");
  });
});
