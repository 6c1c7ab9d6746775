import type { Category, CategoryBody } from "@florist/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminSession, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import AdminCategoriesPage from "./categories";

const IN_USE = '"Bouquets" still has 3 products (archived ones included). Move or delete them first.';

/** A shop whose categories follow what the screen does; "Bouquets" still has products. */
function categoriesApi(names: string[]) {
  let list: Category[] = names.map((name, i) => ({ category_id: i + 1, name, position: i + 1 }));
  const routes: Parameters<typeof fakeApi>[0] = {
    "GET /api/users/session": adminSession,
    "GET /api/category": () => ({ body: list }),
    "POST /api/category": ({ body }) => {
      const { name } = body as CategoryBody;
      if (list.some((c) => c.name.toLowerCase() === name.toLowerCase()))
        return { status: 409, body: { message: `A category called "${name}" already exists.` } };
      const created = { category_id: 100 + list.length, name, position: list.length + 1 };
      list = [...list, created];
      return { status: 201, body: created };
    },
    "PUT /api/category/order": ({ body }) => {
      const ids = (body as { categoryIds: number[] }).categoryIds;
      list = ids.map((id, i) => ({ ...(list.find((c) => c.category_id === id) as Category), position: i + 1 }));
      return { body: list };
    },
  };
  for (const category of list) {
    routes[`PUT /api/category/${category.category_id}`] = ({ body }) => {
      const renamed = { ...category, name: (body as CategoryBody).name };
      list = list.map((c) => (c.category_id === category.category_id ? renamed : c));
      return { body: renamed };
    };
    routes[`DELETE /api/category/${category.category_id}`] = () => {
      if (category.name === "Bouquets") return { status: 409, body: { message: IN_USE } };
      list = list.filter((c) => c.category_id !== category.category_id);
      return { status: 204 };
    };
  }
  return fakeApi(routes);
}

async function shownOrder() {
  const region = await screen.findByRole("region", { name: "Catalogue order" });
  return within(region)
    .getAllByRole("listitem")
    .map((row) => row.getAttribute("aria-label"));
}

describe("the categories screen", () => {
  it("lists the categories in the catalogue's order", async () => {
    categoriesApi(["Bouquets", "Baskets", "Vases"]);
    renderAdmin(<AdminCategoriesPage />);
    await screen.findByRole("listitem", { name: "Vases" });
    expect(await shownOrder()).toEqual(["Bouquets", "Baskets", "Vases"]);
  });

  it("adds a category, and shows the server's message when the name is taken", async () => {
    const api = categoriesApi(["Bouquets"]);
    const { user } = renderAdmin(<AdminCategoriesPage />);
    const form = await screen.findByRole("region", { name: "New category" });
    const name = within(form).getByLabelText("Name of the new category");

    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Name is required.");
    expect(api.callsTo("POST /api/category")).toEqual([]);

    await user.type(name, "bouquets");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect((await within(form).findByRole("alert")).textContent).toBe('A category called "bouquets" already exists.');

    await user.clear(name);
    await user.type(name, "Wedding Flowers");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Wedding Flowers was added at the end of the catalogue.",
    );
    await waitFor(async () => expect(await shownOrder()).toEqual(["Bouquets", "Wedding Flowers"]));
  });

  it("renames a category in its row", async () => {
    const api = categoriesApi(["Bouquets", "Box"]);
    const { user } = renderAdmin(<AdminCategoriesPage />);
    await user.click(await screen.findByRole("button", { name: "Rename Box" }));
    const field = screen.getByLabelText("New name for Box");
    await user.clear(field);
    await user.type(field, "Flower Box");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toBe("The category is now called Flower Box.");
    expect(api.callsTo("PUT /api/category/2")[0]?.body).toEqual({ name: "Flower Box" });
    await waitFor(async () => expect(await shownOrder()).toEqual(["Bouquets", "Flower Box"]));
  });

  it("moves a category with the arrow buttons and by dragging, sending the whole new order", async () => {
    const api = categoriesApi(["Bouquets", "Baskets", "Vases"]);
    const { user } = renderAdmin(<AdminCategoriesPage />);
    expect((await screen.findByRole("button", { name: "Move Bouquets up" })).hasAttribute("disabled")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Move Bouquets down" }));
    expect(api.callsTo("PUT /api/category/order")[0]?.body).toEqual({ categoryIds: [2, 1, 3] });
    await waitFor(async () => expect(await shownOrder()).toEqual(["Baskets", "Bouquets", "Vases"]));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Move Vases up" }).hasAttribute("disabled")).toBe(false),
    );

    const vases = screen.getByRole("listitem", { name: "Vases" });
    const baskets = screen.getByRole("listitem", { name: "Baskets" });
    fireEvent.dragStart(vases, { dataTransfer: { effectAllowed: "" } });
    fireEvent.dragOver(baskets);
    fireEvent.drop(baskets);
    await waitFor(() => expect(api.callsTo("PUT /api/category/order")[1]?.body).toEqual({ categoryIds: [3, 2, 1] }));
    await waitFor(async () => expect(await shownOrder()).toEqual(["Vases", "Baskets", "Bouquets"]));
  });

  it("deletes only after the admin confirms, and shows why a category with products stays", async () => {
    const api = categoriesApi(["Bouquets", "Vases"]);
    const { user } = renderAdmin(<AdminCategoriesPage />);
    await user.click(await screen.findByRole("button", { name: "Delete Vases" }));
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Delete Vases" })).getByRole("button", { name: "Cancel" }),
    );
    expect(api.callsTo("DELETE /api/category/2")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Vases" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("status")).textContent).toBe("Vases was deleted.");

    await user.click(screen.getByRole("button", { name: "Delete Bouquets" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("alert")).textContent).toBe(IN_USE);
    expect(await shownOrder()).toEqual(["Bouquets"]);
  });
});
