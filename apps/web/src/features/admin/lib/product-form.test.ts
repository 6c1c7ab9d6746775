import { describe, expect, it } from "vitest";
import { product, validForm } from "../../../../test/product-fixtures";
import { DEFAULT_COLOR, PRESET_COLORS, presetFor } from "./color-presets";
import { newColor, newSize, type ProductFormValues, productToForm } from "./product-form";
import { cleanColors, cleanSizes, validateProductForm } from "./product-form-rules";

describe("validating the add form", () => {
  it("accepts a complete product", () => {
    expect(validateProductForm(validForm(), "add")).toBeNull();
  });

  it.each<[Partial<ProductFormValues>, string]>([
    [{ categoryId: "" }, "Category is required."],
    [{ name: "   " }, "Product name is required."],
    [{ price: "" }, "Price must be greater than 0."],
    [{ price: "0" }, "Price must be greater than 0."],
    [{ price: "abc" }, "Price must be greater than 0."],
    [{ stock: "-1" }, "Stock must be at least 0."],
    [{ stock: "" }, "Stock must be at least 0."],
    [{ colors: [] }, "Please add at least one color option."],
    [{ colors: [newColor({ name: "  " })] }, "Please add at least one color option."],
    [{ sizes: [newSize(" "), newSize("")] }, "Please add at least one size option."],
    [{ imageFile: null, imageUrl: "" }, "Please upload at least one product image."],
  ])("refuses %o with '%s'", (overrides, message) => {
    expect(validateProductForm(validForm(overrides), "add")).toBe(message);
  });

  it("takes an image URL instead of a file", () => {
    expect(
      validateProductForm(validForm({ imageFile: null, imageUrl: "https://example.com/a.jpg" }), "add"),
    ).toBeNull();
  });

  it("does not need a description when adding", () => {
    expect(validateProductForm(validForm({ description: "" }), "add")).toBeNull();
  });
});

describe("validating the edit form", () => {
  it("needs a description and at least one available colour, but no new image", () => {
    const form = productToForm(product);
    expect(validateProductForm(form, "edit")).toBeNull();
    expect(validateProductForm({ ...form, description: "  " }, "edit")).toBe("Description is required.");
    const noneAvailable = form.colors.map((c) => ({ ...c, available: false }));
    expect(validateProductForm({ ...form, colors: noneAvailable }, "edit")).toBe(
      "Please add at least one color option.",
    );
    expect(validateProductForm({ ...form, sizes: [newSize("  ")] }, "edit")).toBe(
      "Please add at least one size option.",
    );
  });
});

describe("prefilling the edit form", () => {
  it("reads colours with their hex, a known name's colour or black, and their images", () => {
    const form = productToForm(product);
    expect(form.colors.map((c) => [c.name, c.color, c.available, c.imageUrl])).toEqual([
      ["Rose Gold", "#f2c6b6", true, "/uploads/products/rg.webp"],
      ["Blue", "#a5d8ff", true, ""],
      ["Mystery", DEFAULT_COLOR, true, ""],
      // A colour that is only left as an image was made unavailable before; it comes back unchecked.
      ["Red", "#e03131", false, "/uploads/products/red.webp"],
    ]);
    expect(form.sizes.map((s) => s.size)).toEqual(["Medium", "Large"]);
    expect(form).toMatchObject({ categoryId: "2", price: "420000", stock: "5", imageUrl: product.imageUrl });
  });

  it("keeps an explicit out-of-stock mark but not one that only comes from an empty stock", () => {
    expect(productToForm({ ...product, availabilityStatus: "out_of_stock" }).availabilityStatus).toBe("out_of_stock");
    expect(productToForm({ ...product, availabilityStatus: "out_of_stock", stockQuantity: 0 }).availabilityStatus).toBe(
      "in_stock",
    );
  });
});

describe("the colour presets", () => {
  it("know their swatches and nothing else is a preset", () => {
    expect(presetFor("#F7C6D7")?.label).toBe("Pink");
    expect(presetFor("#123456")).toBeUndefined();
    expect(new Set(PRESET_COLORS.map((p) => p.hex)).size).toBe(PRESET_COLORS.length);
  });

  it("clean lists the same way for sizes and colours", () => {
    expect(cleanSizes([newSize("A"), newSize(" a "), newSize("B,C")])).toEqual(["A", "B C"]);
    expect(cleanColors([newColor({ name: "x::y", color: "#000" })], "add")).toEqual(["x y::#000"]);
  });
});
