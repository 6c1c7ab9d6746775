import { describe, expect, it } from "vitest";
import { image, product, validForm } from "../../../../test/product-fixtures";
import { DEFAULT_COLOR } from "./color-presets";
import { newColor, newSize, productToForm } from "./product-form";
import { buildProductBody, colorImageChanges, productPayload } from "./product-payload";

describe("building the product payload", () => {
  it("trims, drops empty entries and joins sizes and colours with commas", () => {
    const fields = productPayload(
      validForm({
        sizes: [newSize(" Small "), newSize(""), newSize("Large"), newSize("small")],
        colors: [
          newColor({ name: " Pink ", color: "#F7C6D7" }),
          newColor({ name: "" }),
          newColor({ name: "Sky, light", color: "abc" }),
        ],
      }),
      "add",
    );
    expect(fields.size_available).toBe("Small,Large");
    // The shop's one hex rule needs the "#": a colour without a valid hex is stored with the default.
    expect(fields.color_available).toBe(`Pink::#f7c6d7,Sky light::${DEFAULT_COLOR}`);
    expect(fields.name).toBe("Pink Peony Bouquet");
    expect(fields.description).toBe("Soft pink peonies.");
  });

  it("sends whole numbers and the defaults of a new product", () => {
    const fields = productPayload(validForm({ price: "350000.4", stock: "8" }), "add");
    expect(fields).toMatchObject({
      category_id: 2,
      price: 350000,
      stock_quantity: 8,
      availability_status: "in_stock",
      product_type: "real",
    });
  });

  it("creates with multipart and the image as a file, without an image URL", () => {
    const file = image("peony.jpg", 10, "image/jpeg");
    const body = buildProductBody(validForm({ imageFile: file, imageUrl: "" }), "add");
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get("image")).toBeInstanceOf(File);
    expect((form.get("image") as File).name).toBe("peony.jpg");
    expect(form.has("image_url")).toBe(false);
    expect(form.get("size_available")).toBe("Small,Large");
    expect(form.get("color_available")).toBe("Pink::#f7c6d7,White::#f8fafc");
    expect(form.get("price")).toBe("350000");
  });

  it("creates with the image URL when there is no file", () => {
    const form = buildProductBody(validForm({ imageFile: null, imageUrl: " https://example.com/a.jpg " }), "add");
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("image_url")).toBe("https://example.com/a.jpg");
    expect((form as FormData).has("image")).toBe(false);
  });

  it("edits with JSON and only the colours marked available", () => {
    const form = productToForm(product);
    const colors = form.colors.map((c) => (c.name === "Blue" ? { ...c, available: false } : c));
    const body = buildProductBody({ ...form, colors, price: "450000" }, "edit");
    expect(body).not.toBeInstanceOf(FormData);
    expect(body).toEqual({
      category_id: 2,
      name: "Rose Box",
      description: "Roses in a box.",
      price: 450000,
      stock_quantity: 5,
      size_available: "Medium,Large",
      // Large keeps its own price; Medium follows the new base price.
      size_prices: { Large: 520000 },
      color_available: `Rose Gold::#f2c6b6,Mystery::${DEFAULT_COLOR}`,
      availability_status: "in_stock",
      product_type: "real",
      occasion_ids: [],
      image_url: "/uploads/products/cover.webp",
    });
  });

  it("sends the product's occasions as a list, and as JSON text of a list in a multipart form", () => {
    const form = { ...productToForm({ ...product, occasionIds: [3, 1] }), imageFile: null };
    expect((buildProductBody(form, "edit") as { occasion_ids: number[] }).occasion_ids).toEqual([3, 1]);
    const multipart = buildProductBody({ ...form, imageFile: image() }, "edit") as FormData;
    expect(multipart.get("occasion_ids")).toBe("[3,1]");
  });

  it("edits with multipart when a new cover is picked, and then sends no image URL", () => {
    const body = buildProductBody({ ...productToForm(product), imageFile: image() }, "edit");
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).has("image_url")).toBe(false);
    expect((body as FormData).get("image")).toBeInstanceOf(File);
  });

  it("clears the cover on edit with an empty image URL", () => {
    const fields = productPayload({ ...productToForm(product), imageUrl: "" }, "edit");
    expect(fields.image_url).toBe("");
  });

  it("leaves out fields that are null or undefined", () => {
    const fields = productPayload(validForm(), "add");
    expect(Object.values(fields).every((value) => value !== undefined && value !== null)).toBe(true);
    expect("image_url" in fields).toBe(false);
  });
});

describe("colour images", () => {
  it("uploads new ones, replaces existing ones, follows renames and deletes removed ones", () => {
    const form = productToForm(product);
    const file = image();
    const [roseGold, blue, mystery] = form.colors;
    if (!roseGold || !blue || !mystery) throw new Error("prefill lost a colour");
    const changes = colorImageChanges({
      ...form,
      colors: [
        { ...roseGold, imageFile: file },
        { ...blue, imageFile: file },
        { ...mystery },
        { ...(form.colors[3] as (typeof form.colors)[number]), name: "Crimson" },
      ],
      removedImageIds: [99],
    });
    expect(changes).toEqual([
      { kind: "delete", imageId: 99 },
      { kind: "replace", imageId: 31, colorName: "Rose Gold", file, stock: 2 },
      { kind: "upload", colorName: "Blue", file, stock: 0 },
      { kind: "rename", imageId: 32, colorName: "Crimson", stock: 0 },
    ]);
  });
});
