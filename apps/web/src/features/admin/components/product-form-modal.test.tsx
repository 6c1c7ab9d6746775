import type { Product } from "@florist/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { categories, renderAdmin } from "../../../../test/admin-render";
import { fakeApi } from "../../../../test/fake-api";
import { product as storedProduct } from "../../../../test/product-fixtures";
import { ProductFormModal } from "./product-form-modal";

const photo = () => new File([new Uint8Array(2048)], "peony.png", { type: "image/png" });

function renderAddForm() {
  const onSaved = vi.fn();
  const view = renderAdmin(
    <ProductFormModal product={null} categories={categories} onClose={vi.fn()} onSaved={onSaved} />,
  );
  const dialog = screen.getByRole("dialog", { name: "Add New Product" });
  const save = () => view.user.click(within(dialog).getByRole("button", { name: "Save Product" }));
  const message = () => within(dialog).getByRole("alert").textContent;
  return { ...view, dialog, onSaved, save, message };
}

describe("the admin product form", () => {
  it("says which required field is missing, one at a time, and sends nothing until the form is complete", async () => {
    const api = fakeApi({});
    const { user, dialog, save, message } = renderAddForm();

    await save();
    expect(message()).toBe("Category is required.");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "Bouquet");
    // A message about the form goes as soon as the form changes.
    expect(within(dialog).queryByRole("alert")).toBeNull();

    await save();
    expect(message()).toBe("Product name is required.");
    await user.type(within(dialog).getByLabelText("Product Name"), "Pink Peony Bouquet");

    await save();
    expect(message()).toBe("Price must be greater than 0.");
    await user.type(within(dialog).getByLabelText("Price"), "0");
    await save();
    expect(message()).toBe("Price must be greater than 0.");
    await user.clear(within(dialog).getByLabelText("Price"));
    await user.type(within(dialog).getByLabelText("Price"), "350000");

    await user.clear(within(dialog).getByLabelText("Stock"));
    await save();
    expect(message()).toBe("Stock must be at least 0.");
    await user.type(within(dialog).getByLabelText("Stock"), "8");

    await save();
    expect(message()).toBe("Please add at least one color option.");
    await user.type(within(dialog).getByRole("textbox", { name: "Color 1 name" }), "Pink");

    await save();
    expect(message()).toBe("Please add at least one size option.");
    await user.type(within(dialog).getByRole("textbox", { name: "Size 1" }), "Medium");

    await save();
    expect(message()).toBe("Please upload at least one product image.");
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("adds and removes colours and sizes", async () => {
    fakeApi({});
    const { user, dialog } = renderAddForm();
    const colorNames = () => within(dialog).queryAllByRole("textbox", { name: /^Color \d+ name$/ });
    const sizes = () => within(dialog).queryAllByRole("textbox", { name: /^Size \d+$/ });
    expect(colorNames()).toHaveLength(1);
    expect(sizes()).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Add Color" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Color" }));
    expect(colorNames().map((input) => input.getAttribute("aria-label"))).toEqual([
      "Color 1 name",
      "Color 2 name",
      "Color 3 name",
    ]);
    await user.type(within(dialog).getByRole("textbox", { name: "Color 2 name" }), "White");
    const [firstRemove] = within(dialog).getAllByRole("button", { name: "Remove Color" });
    if (!firstRemove) throw new Error("no Remove Color button");
    await user.click(firstRemove);
    expect(colorNames().map((input) => (input as HTMLInputElement).value)).toEqual(["White", ""]);

    await user.click(within(dialog).getByRole("button", { name: "Add Size" }));
    expect(sizes()).toHaveLength(2);
    await user.type(within(dialog).getByRole("textbox", { name: "Size 2" }), "Large");
    const [removeFirstSize] = within(dialog).getAllByRole("button", { name: "Remove" });
    if (!removeFirstSize) throw new Error("no Remove button");
    await user.click(removeFirstSize);
    expect(sizes().map((input) => (input as HTMLInputElement).value)).toEqual(["Large"]);

    // With every colour removed the form asks for one again.
    for (const button of within(dialog).getAllByRole("button", { name: "Remove Color" })) await user.click(button);
    expect(colorNames()).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Save Product" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Category is required.");
  });

  it("shows 'Saving...' while the product is sent, then hands the saved product on", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const api = fakeApi({
      "POST /api/products": () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user, dialog, save, onSaved } = renderAddForm();
    await user.selectOptions(within(dialog).getByLabelText("Category"), "Bouquet");
    await user.type(within(dialog).getByLabelText("Product Name"), "  Pink Peony Bouquet ");
    await user.type(within(dialog).getByLabelText("Price"), "350000");
    await user.clear(within(dialog).getByLabelText("Stock"));
    await user.type(within(dialog).getByLabelText("Stock"), "8");
    await user.type(within(dialog).getByRole("textbox", { name: "Color 1 name" }), "Pink");
    await user.type(within(dialog).getByRole("textbox", { name: "Size 1" }), "Medium");
    await user.upload(within(dialog).getByLabelText("Product Image"), photo());

    await save();
    const saving = await within(dialog).findByRole("button", { name: "Saving..." });
    expect(saving).toHaveProperty("disabled", true);
    expect(within(dialog).queryByRole("button", { name: "Save Product" })).toBeNull();

    const [call] = api.callsTo("POST /api/products");
    const sent = call?.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([key]) => key !== "image"))).toEqual({
      category_id: "1",
      name: "Pink Peony Bouquet",
      description: "",
      price: "350000",
      stock_quantity: "8",
      size_available: "Medium",
      size_prices: "{}",
      color_available: "Pink::#111827",
      availability_status: "in_stock",
      product_type: "real",
      occasion_ids: "[]",
    });
    expect((sent.get("image") as File).name).toBe("peony.png");

    const product = { productId: 41, name: "Pink Peony Bouquet" };
    answer({ status: 201, body: product });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ product, failedImages: 0 }, "add"));
  });

  it("shows the server's message when the product cannot be saved, and lets the admin try again", async () => {
    fakeApi({ "POST /api/products": { status: 400, body: { message: "Category does not exist." } } });
    const { user, dialog, save, message, onSaved } = renderAddForm();
    await user.selectOptions(within(dialog).getByLabelText("Category"), "Flower Box");
    await user.type(within(dialog).getByLabelText("Product Name"), "Rose Box");
    await user.type(within(dialog).getByLabelText("Price"), "420000");
    await user.type(within(dialog).getByRole("textbox", { name: "Color 1 name" }), "Red");
    await user.type(within(dialog).getByRole("textbox", { name: "Size 1" }), "Large");
    await user.upload(within(dialog).getByLabelText("Product Image"), photo());

    await save();
    await waitFor(() => expect(message()).toBe("Category does not exist."));
    expect(within(dialog).getByRole("button", { name: "Save Product" })).toHaveProperty("disabled", false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("opens prefilled to edit, needs a description, and saves the changes as JSON", async () => {
    const product: Product = {
      productId: 7,
      categoryId: 2,
      name: "Rose Box",
      description: "",
      price: 420000,
      stockQuantity: 5,
      imageUrl: "/uploads/products/cover.webp",
      availabilityStatus: "in_stock",
      sizeOptions: ["Medium"],
      sizePrices: { Medium: 420000 },
      ownSizePrices: {},
      colorOptions: ["Red::#e03131"],
      productType: "real",
      images: [],
      occasionIds: [],
      rating: null,
    };
    const api = fakeApi({ "PUT /api/products/7": { body: product } });
    const onSaved = vi.fn();
    const { user } = renderAdmin(
      <ProductFormModal product={product} categories={categories} onClose={vi.fn()} onSaved={onSaved} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Edit Product" });
    expect(within(dialog).getByLabelText("Product Name")).toHaveProperty("value", "Rose Box");
    expect(within(dialog).getByRole("textbox", { name: "Color 1 name" })).toHaveProperty("value", "Red");

    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Description is required.");
    await user.type(within(dialog).getByLabelText("Description"), "Red roses in a box.");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ product, failedImages: 0 }, "edit"));
    expect(api.callsTo("PUT /api/products/7").map((call) => call.body)).toEqual([
      {
        category_id: 2,
        name: "Rose Box",
        description: "Red roses in a box.",
        price: 420000,
        stock_quantity: 5,
        size_available: "Medium",
        size_prices: {},
        color_available: "Red::#e03131",
        availability_status: "in_stock",
        product_type: "real",
        occasion_ids: [],
        image_url: "/uploads/products/cover.webp",
      },
    ]);
  });

  it("tags the product with the occasions ticked, and sends the whole list so unticking clears a tag", async () => {
    const tagged: Product = { ...storedProduct, occasionIds: [2] };
    const api = fakeApi({
      "GET /api/occasions": {
        body: [
          { occasionId: 1, name: "Birthday", productCount: 3 },
          { occasionId: 2, name: "Wedding", productCount: 1 },
          { occasionId: 3, name: "Sympathy", productCount: 0 },
        ],
      },
      "PUT /api/products/7": { body: tagged },
    });
    const onSaved = vi.fn();
    const { user } = renderAdmin(
      <ProductFormModal product={tagged} categories={categories} onClose={vi.fn()} onSaved={onSaved} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Edit Product" });
    const occasions = within(dialog).getByRole("group", { name: "Occasions" });
    const box = (name: string) => within(occasions).findByRole("checkbox", { name });
    expect((await box("Wedding")).matches(":checked")).toBe(true);
    expect((await box("Birthday")).matches(":checked")).toBe(false);

    await user.click(await box("Birthday"));
    await user.click(await box("Sympathy"));
    await user.click(await box("Wedding"));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [saved] = api.callsTo("PUT /api/products/7");
    expect((saved?.body as { occasion_ids: number[] } | undefined)?.occasion_ids).toEqual([1, 3]);
  });
});
