import type { Product } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { categories, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { ProductFormModal } from "./product-form-modal";

const peony: Product = {
  productId: 9,
  categoryId: 2,
  name: "Peony Cloud",
  description: "Soft pink peonies.",
  price: 300000,
  stockQuantity: 6,
  imageUrl: "/uploads/products/peony.webp",
  availabilityStatus: "in_stock",
  sizeOptions: ["Small", "Large"],
  sizePrices: { Small: 300000, Large: 450000 },
  ownSizePrices: { Large: 450000 },
  colorOptions: ["Pink::#f7c6d7"],
  productType: "real",
  images: [],
  occasionIds: [],
  rating: null,
};

function renderEditForm() {
  const api = fakeApi({ "PUT /api/products/9": { body: peony } });
  const onSaved = vi.fn();
  const view = renderAdmin(
    <ProductFormModal product={peony} categories={categories} onClose={vi.fn()} onSaved={onSaved} />,
  );
  const dialog = screen.getByRole("dialog", { name: "Edit Product" });
  const row = (name: string) => {
    const input = within(dialog)
      .getAllByRole("textbox", { name: /^Size \d+$/ })
      .find((candidate) => (candidate as HTMLInputElement).value === name);
    const item = input?.closest("li");
    if (!item) throw new Error(`no size row ${name}`);
    return item;
  };
  const save = () => view.user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  return { ...view, api, dialog, row, save, onSaved };
}

describe("the sizes' prices in the product form", () => {
  it("shows each size's own price, or the base price it follows, and follows the base price as it is typed", async () => {
    const { user, dialog, row } = renderEditForm();
    expect(within(row("Large")).getByRole("checkbox", { name: /own price/ })).toHaveProperty("checked", true);
    expect(within(row("Large")).getByRole("spinbutton", { name: "Size 2 price" })).toHaveProperty("value", "450000");
    expect(within(row("Small")).getByRole("checkbox", { name: /own price/ })).toHaveProperty("checked", false);
    expect(within(row("Small")).getByText(/^follows the base price/).textContent).toBe(
      "follows the base price (Rp\u00a0300.000)",
    );

    await user.clear(within(dialog).getByLabelText("Price"));
    await user.type(within(dialog).getByLabelText("Price"), "320000");
    expect(within(row("Small")).getByText(/^follows the base price/).textContent).toBe(
      "follows the base price (Rp\u00a0320.000)",
    );
  });

  it("sends the own prices as size_prices, and leaves out the sizes that follow the base price", async () => {
    const { user, api, row, save, onSaved } = renderEditForm();
    await user.click(within(row("Small")).getByRole("checkbox", { name: /own price/ }));
    const small = within(row("Small")).getByRole("spinbutton", { name: "Size 1 price" });
    expect(small).toHaveProperty("value", "300000");
    await user.clear(small);
    await user.type(small, "250000");
    await user.click(within(row("Large")).getByRole("checkbox", { name: /own price/ }));
    expect(within(row("Large")).getByText(/^follows the base price/)).toBeTruthy();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("PUT /api/products/9")[0]?.body).toMatchObject({
      size_available: "Small,Large",
      size_prices: { Small: 250000 },
    });
  });

  it("refuses an own price that is not above 0, naming the size", async () => {
    const { user, dialog, row, save, api } = renderEditForm();
    await user.clear(within(row("Large")).getByRole("spinbutton", { name: "Size 2 price" }));
    await save();
    expect(within(dialog).getByRole("alert").textContent).toBe("The price of size Large must be greater than 0.");
    expect(api.callsTo("PUT /api/products/9")).toEqual([]);
  });

  it("shows a removed size's own price again when the size is added back under its name", async () => {
    const { user, dialog, row, save, api, onSaved } = renderEditForm();
    await user.click(within(row("Large")).getByRole("button", { name: "Remove" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Size" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Size 2" }), "large");
    expect(within(row("large")).getByRole("checkbox", { name: /own price/ })).toHaveProperty("checked", true);
    expect(within(row("large")).getByRole("spinbutton", { name: "Size 2 price" })).toHaveProperty("value", "450000");
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("PUT /api/products/9")[0]?.body).toMatchObject({ size_prices: { large: 450000 } });
  });
});
