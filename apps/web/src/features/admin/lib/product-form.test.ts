import type { Product } from "@florist/contract";
import { describe, expect, it } from "vitest";
import {
  buildProductBody,
  cleanColors,
  cleanSizes,
  colorImageChanges,
  DEFAULT_COLOR,
  emptyProductForm,
  imageFileProblem,
  MAX_IMAGE_BYTES,
  newColor,
  newSize,
  PRESET_COLORS,
  type ProductFormValues,
  presetFor,
  productFields,
  productToForm,
  validateProductForm,
} from "./product-form";

const image = (name = "rose.png", size = 1024, type = "image/png") => new File([new Uint8Array(size)], name, { type });

function validForm(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    categoryId: "2",
    name: "  Pink Peony Bouquet ",
    description: " Soft pink peonies. ",
    price: "350000",
    stock: "8",
    imageFile: image(),
    colors: [newColor({ name: "Pink", color: "#f7c6d7" }), newColor({ name: "White", color: "#f8fafc" })],
    sizes: [newSize("Small"), newSize("Large")],
    ...overrides,
  };
}

const product: Product = {
  productId: 7,
  categoryId: 2,
  name: "Rose Box",
  description: "Roses in a box.",
  price: 420000,
  stockQuantity: 5,
  imageUrl: "/uploads/products/cover.webp",
  availabilityStatus: "in_stock",
  sizeOptions: ["Medium", "Large"],
  colorOptions: ["Rose Gold::#f2c6b6", "Blue", "Mystery::zzz"],
  productType: "real",
  images: [
    { imageId: 31, color_name: "rose gold", image_url: "/uploads/products/rg.webp", stockQuantity: 2 },
    { imageId: 32, color_name: "Red", image_url: "/uploads/products/red.webp", stockQuantity: 0 },
  ],
};

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

describe("building the product payload", () => {
  it("trims, drops empty entries and joins sizes and colours with commas", () => {
    const fields = productFields(
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
    expect(fields.color_available).toBe("Pink::#f7c6d7,Sky light::#abc");
    expect(fields.name).toBe("Pink Peony Bouquet");
    expect(fields.description).toBe("Soft pink peonies.");
  });

  it("sends whole numbers and the defaults of a new product", () => {
    const fields = productFields(validForm({ price: "350000.4", stock: "8" }), "add");
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
      color_available: `Rose Gold::#f2c6b6,Mystery::${DEFAULT_COLOR}`,
      availability_status: "in_stock",
      product_type: "real",
      image_url: "/uploads/products/cover.webp",
    });
  });

  it("edits with multipart when a new cover is picked, and then sends no image URL", () => {
    const body = buildProductBody({ ...productToForm(product), imageFile: image() }, "edit");
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).has("image_url")).toBe(false);
    expect((body as FormData).get("image")).toBeInstanceOf(File);
  });

  it("clears the cover on edit with an empty image URL", () => {
    const fields = productFields({ ...productToForm(product), imageUrl: "" }, "edit");
    expect(fields.image_url).toBe("");
  });

  it("leaves out fields that are null or undefined", () => {
    const fields = productFields(validForm(), "add");
    expect(Object.values(fields).every((value) => value !== undefined && value !== null)).toBe(true);
    expect("image_url" in fields).toBe(false);
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

describe("image files", () => {
  it("refuses files over 5 MB and files that are not images", () => {
    expect(imageFileProblem(image("big.png", MAX_IMAGE_BYTES + 1))).toBe("Image maximum size is 5 MB.");
    expect(imageFileProblem(image("ok.png", MAX_IMAGE_BYTES))).toBeNull();
    expect(imageFileProblem(image("page.html", 10, "text/html"))).not.toBeNull();
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
