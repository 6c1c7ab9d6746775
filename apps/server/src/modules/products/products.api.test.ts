import fs from "node:fs/promises";
import path from "node:path";
import type { Product } from "@florist/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  archiveProduct,
  createProduct,
  imageFile,
  multipartForm,
  PHOTO_COPY_SUFFIXES,
  photoFilesOf,
  type UploadFile,
} from "../../../test/fixtures.js";
import { createTestShop, createUser, signedIn, type TestShop } from "../../../test/harness.js";
import { nowIso } from "../../lib/time.js";

let shop: TestShop;
let admin: string;
let customer: string;
let bouquets: number;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await signedIn(shop, "admin")).cookie;
  customer = (await signedIn(shop, "customer")).cookie;
  const category = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", "Bouquets")
    .executeTakeFirstOrThrow();
  bouquets = category.category_id;
});
afterAll(() => shop.close());

const validFields = () => ({
  category_id: bouquets,
  name: "Sunset Tulips",
  description: "Orange tulips for the evening.",
  price: 275000,
  stock_quantity: 9,
  size_available: "Small, Large",
  color_available: "Orange::#f39c12",
  availability_status: "in_stock",
  product_type: "real",
});

function send(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { cookie?: string; json?: unknown; form?: ReturnType<typeof multipartForm> } = {},
) {
  const headers: Record<string, string> = { ...(options.cookie && { cookie: options.cookie }) };
  if (options.form) {
    return shop.app.inject({
      method,
      url,
      headers: { ...headers, ...options.form.headers },
      payload: options.form.payload,
    });
  }
  return shop.app.inject({
    method,
    url,
    headers,
    ...(options.json !== undefined && { payload: options.json as object }),
  });
}

async function createWithImage(fields: Record<string, string | number> = validFields(), image?: UploadFile) {
  const res = await send("POST", "/api/products", {
    cookie: admin,
    form: multipartForm(fields, { image: image ?? (await imageFile()) }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

const productsDir = () => path.join(shop.dataDir, "uploads", "products");

async function storedFiles(): Promise<string[]> {
  try {
    return (await fs.readdir(productsDir())).sort();
  } catch {
    return [];
  }
}

/** The files every product and colour image row points at, with their copies. */
async function referencedFiles(): Promise<string[]> {
  const covers = await shop.ctx.db.selectFrom("products").select("image_url").execute();
  const images = await shop.ctx.db.selectFrom("product_images").select("image_url").execute();
  return photoFilesOf([...covers, ...images].map((r) => r.image_url));
}

async function expectNoOrphans() {
  expect(await storedFiles()).toEqual(await referencedFiles());
}

function fileOf(url: string | null): string {
  return path.join(productsDir(), path.basename(url ?? "missing"));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** True when an EXIF block carries the GPSInfo tag (0x8825), in either byte order. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

describe("creating a product", () => {
  it("stores the uploaded image as WebP with a card copy and answers the product", async () => {
    const product = await createWithImage();
    expect(product).toEqual({
      productId: expect.any(Number),
      categoryId: bouquets,
      name: "Sunset Tulips",
      description: "Orange tulips for the evening.",
      price: 275000,
      stockQuantity: 9,
      imageUrl: expect.stringMatching(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/),
      availabilityStatus: "in_stock",
      sizeOptions: ["Small", "Large"],
      sizePrices: { Small: 275000, Large: 275000 },
      ownSizePrices: {},
      colorOptions: ["Orange::#f39c12"],
      productType: "real",
      images: [],
      occasionIds: [],
      rating: null,
    });
    const served = await shop.app.inject({ method: "GET", url: product.imageUrl as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    for (const copy of PHOTO_COPY_SUFFIXES) {
      expect(await exists(fileOf(product.imageUrl).replace(/\.webp$/, `${copy}.webp`))).toBe(true);
    }
    const detail = await shop.app.inject({ method: "GET", url: `/api/products/${product.productId}` });
    expect(detail.json()).toEqual(product);
    await expectNoOrphans();
  });

  it("trims sizes and colours, drops empty entries and keeps a hex only when it has 3 to 6 hex digits", async () => {
    const product = await createWithImage({
      ...validFields(),
      size_available: " Small ,, Medium , ,Large,",
      color_available: " Red::#c0392b , , White::#zzz, Blue::#abcd, Pink::#FFF ,Green::#1234567, Gold:: ,::#fff",
    });
    expect(product.sizeOptions).toEqual(["Small", "Medium", "Large"]);
    expect(product.colorOptions).toEqual(["Red::#c0392b", "White", "Blue::#abcd", "Pink::#FFF", "Green", "Gold"]);
  });

  it("drops repeated sizes and colours, ignoring case", async () => {
    const product = await createWithImage({
      ...validFields(),
      size_available: "Small, small, Large",
      color_available: "Red::#f00, red::#c0392b, White",
    });
    expect(product.sizeOptions).toEqual(["Small", "Large"]);
    expect(product.colorOptions).toEqual(["Red::#f00", "White"]);
  });

  it("accepts JSON with an image_url instead of a file, and lists as arrays", async () => {
    const res = await send("POST", "/api/products", {
      cookie: admin,
      json: {
        ...validFields(),
        size_available: ["Medium"],
        color_available: ["White::#f8fafc"],
        image_url: "/uploads/products/seed-example.webp",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imageUrl: "/uploads/products/seed-example.webp",
      sizeOptions: ["Medium"],
      colorOptions: ["White::#f8fafc"],
    });
  });

  it("starts in stock with type real and no stock when those fields are left out", async () => {
    const { availability_status: _a, product_type: _t, stock_quantity: _s, ...fields } = validFields();
    const product = await createWithImage(fields);
    expect(product).toMatchObject({ stockQuantity: 0, productType: "real", availabilityStatus: "out_of_stock" });
    const row = await shop.ctx.db
      .selectFrom("products")
      .select("availability_status")
      .where("product_id", "=", product.productId)
      .executeTakeFirstOrThrow();
    expect(row.availability_status).toBe("in_stock");
  });

  it.each([
    ["no category", { category_id: "" }, "Category is required."],
    ["an unknown category", { category_id: 999999 }, "Category does not exist."],
    ["no name", { name: "   " }, "Product name is required."],
    ["a price of 0", { price: 0 }, "Price must be greater than 0."],
    ["a price that is not a number", { price: "lots" }, "Price must be a number."],
    ["a fractional price", { price: 1000.5 }, "Price must be a whole number."],
    ["a negative stock", { stock_quantity: -1 }, "Stock must be at least 0."],
    ["no colour", { color_available: " , " }, "Please add at least one color option."],
    ["no size", { size_available: "" }, "Please add at least one size option."],
    ["an unknown status", { availability_status: "sold" }, /availability_status/],
    ["a colour name that is too long", { color_available: "x".repeat(81) }, /at most 80/],
  ])("refuses %s with a readable 400 and stores no file", async (_case, change, message) => {
    const before = await storedFiles();
    const res = await send("POST", "/api/products", {
      cookie: admin,
      form: multipartForm({ ...validFields(), ...change }, { image: await imageFile() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
    expect(await storedFiles()).toEqual(before);
  });

  it("requires an image file or an image_url", async () => {
    const res = await send("POST", "/api/products", { cookie: admin, form: multipartForm(validFields()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please upload at least one product image.");
  });

  it("refuses an image_url that is neither an upload path nor a web address", async () => {
    for (const image_url of ["javascript:alert(1)", "/uploads/../shop.db", "data:image/png;base64,AAAA"]) {
      const res = await send("POST", "/api/products", { cookie: admin, json: { ...validFields(), image_url } });
      expect(res.statusCode, image_url).toBe(400);
      expect(res.json().message).toMatch(/Image URL/);
    }
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: admin, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("uploads", () => {
  it("refuses an SVG with a script renamed .png with 415 and stores nothing", async () => {
    const before = await storedFiles();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10" fill="red"/></svg>',
    );
    const res = await send("POST", "/api/products", {
      cookie: admin,
      form: multipartForm(validFields(), { image: { data: svg, filename: "roses.png", contentType: "image/png" } }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JPEG, PNG or WebP/);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a text file with 415", async () => {
    const res = await send("POST", "/api/products", {
      cookie: admin,
      form: multipartForm(validFields(), {
        image: {
          data: Buffer.from("just some words, not a picture\n"),
          filename: "note.jpg",
          contentType: "image/jpeg",
        },
      }),
    });
    expect(res.statusCode).toBe(415);
  });

  it("refuses an HTML file renamed .webp with 415", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const res = await send("POST", "/api/products", {
      cookie: admin,
      form: multipartForm(validFields(), { image: { data: html, filename: "a.webp", contentType: "image/webp" } }),
    });
    expect(res.statusCode).toBe(415);
  });

  it("refuses a 6 MB image with 413 and the readable message", async () => {
    const before = await storedFiles();
    const data = await sharp({
      create: {
        width: 1420,
        height: 1420,
        channels: 3,
        background: "#fff",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(data.length).toBeGreaterThan(6 * 1000 * 1000);
    const res = await send("POST", "/api/products", {
      cookie: admin,
      form: multipartForm(validFields(), { image: { data, filename: "big.png", contentType: "image/png" } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Image maximum size is 5 MB.");
    expect(await storedFiles()).toEqual(before);
  });

  it("strips GPS and other EXIF metadata from a camera JPEG", async () => {
    const data = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#f7c6d7" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "6/1 54/1 0/1" } })
      .toBuffer();
    const original = await sharp(data).metadata();
    expect(original.exif?.includes(Buffer.from("PhoneCam"))).toBe(true);
    expect(hasGpsTag(original.exif)).toBe(true);
    const product = await createWithImage(validFields(), { data, filename: "camera.jpg", contentType: "image/jpeg" });
    const photo = product.imageUrl as string;
    for (const url of [photo, ...PHOTO_COPY_SUFFIXES.map((copy) => photo.replace(/\.webp$/, `${copy}.webp`))]) {
      const served = await shop.app.inject({ method: "GET", url });
      expect(served.statusCode).toBe(200);
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("EXIF"))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from("PhoneCam"))).toBe(false);
    }
  });

  it("accepts JPEG, PNG and WebP judged by content, whatever the file is called", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const image = await imageFile({ format });
      const product = await createWithImage(validFields(), { ...image, filename: "picture.gif" });
      expect(product.imageUrl).toMatch(/\.webp$/);
    }
  });
});

describe("updating a product", () => {
  async function withSizePrices() {
    const product = await createWithImage();
    await shop.ctx.db
      .updateTable("products")
      .set({
        size_options: JSON.stringify([
          { label: "Small", price: null },
          { label: "Large", price: 400000 },
        ]),
      })
      .where("product_id", "=", product.productId)
      .execute();
    return product;
  }

  it("replaces the fields from a multipart form and keeps the prices of sizes that remain", async () => {
    const product = await withSizePrices();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({
        ...validFields(),
        name: "  Sunset Tulips Deluxe ",
        price: 300000,
        size_available: "large, Huge",
        color_available: "Orange::#f39c12, Yellow::#ff0",
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Sunset Tulips Deluxe",
      price: 300000,
      sizeOptions: ["large", "Huge"],
      colorOptions: ["Orange::#f39c12", "Yellow::#ff0"],
      imageUrl: product.imageUrl,
    });
    const large = await shop.app.inject({ url: `/api/products/price/Large?productId=${product.productId}` });
    expect(large.json()).toEqual({ productId: product.productId, size: "large", price: 400000 });
    const huge = await shop.app.inject({ url: `/api/products/price/Huge?productId=${product.productId}` });
    expect(huge.json().price).toBe(300000);
    const small = await shop.app.inject({ url: `/api/products/price/Small?productId=${product.productId}` });
    expect(small.statusCode).toBe(404);
  });

  it("accepts the same fields as JSON and keeps the cover when image_url is left out", async () => {
    const product = await createWithImage();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      json: { ...validFields(), description: "New words.", stock_quantity: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: "New words.", stockQuantity: 3, imageUrl: product.imageUrl });
    expect(await exists(fileOf(product.imageUrl))).toBe(true);
  });

  it("replaces the cover with a new file and deletes the old file", async () => {
    const product = await createWithImage();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm(
        { ...validFields(), image_url: product.imageUrl as string },
        { image: await imageFile({ color: "#2980b9" }) },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Product = res.json();
    expect(updated.imageUrl).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    expect(updated.imageUrl).not.toBe(product.imageUrl);
    expect(await exists(fileOf(product.imageUrl))).toBe(false);
    expect((await shop.app.inject({ url: product.imageUrl as string })).statusCode).toBe(404);
    await expectNoOrphans();
  });

  it("clears the cover when image_url is empty and deletes its file", async () => {
    const product = await createWithImage();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({ ...validFields(), image_url: "" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageUrl).toBeNull();
    expect(await exists(fileOf(product.imageUrl))).toBe(false);
    await expectNoOrphans();
  });

  it("uses a new file even when image_url is empty", async () => {
    const product = await createWithImage();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({ ...validFields(), image_url: "" }, { image: await imageFile({ color: "#27ae60" }) }),
    });
    expect(res.json().imageUrl).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);
    expect(res.json().imageUrl).not.toBe(product.imageUrl);
    await expectNoOrphans();
  });

  it("keeps the old cover and stores nothing when the new file is refused", async () => {
    const product = await createWithImage();
    const before = await storedFiles();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm(validFields(), {
        image: { data: Buffer.from("<svg><script>1</script></svg>"), filename: "x.png", contentType: "image/png" },
      }),
    });
    expect(res.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
    const detail = await shop.app.inject({ url: `/api/products/${product.productId}` });
    expect(detail.json().imageUrl).toBe(product.imageUrl);
  });

  it("refuses bad input with 400 and leaves the product as it was", async () => {
    const product = await createWithImage();
    const res = await send("PUT", `/api/products/${product.productId}`, {
      cookie: admin,
      json: { ...validFields(), size_available: " , " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please add at least one size option.");
    const detail = await shop.app.inject({ url: `/api/products/${product.productId}` });
    expect(detail.json()).toEqual(product);
  });

  it("answers 404 for an unknown or archived product", async () => {
    expect((await send("PUT", "/api/products/999999", { cookie: admin, json: validFields() })).statusCode).toBe(404);
    const archived = await createProduct(shop);
    await archiveProduct(shop, archived.product_id);
    const res = await send("PUT", `/api/products/${archived.product_id}`, { cookie: admin, json: validFields() });
    expect(res.statusCode).toBe(404);
  });
});

describe("patching a product", () => {
  it("marks a product out of stock and available again", async () => {
    const product = await createWithImage();
    const out = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      json: { availabilityStatus: "out_of_stock" },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ productId: product.productId, availabilityStatus: "out_of_stock" });
    const catalog = await shop.app.inject({ url: "/api/catalog" });
    const card = catalog
      .json()
      .flatMap((c: { products: { productId: number }[] }) => c.products)
      .find((p: { productId: number }) => p.productId === product.productId);
    expect(card.availabilityStatus).toBe("out_of_stock");
    const back = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      json: { availabilityStatus: "in_stock" },
    });
    expect(back.json().availabilityStatus).toBe("in_stock");
  });

  it("refuses an unknown availability with 400", async () => {
    const product = await createWithImage();
    const res = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      json: { availabilityStatus: "sold" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/availabilityStatus/);
  });

  it("replaces the cover from a multipart form with only an image, deleting the old file", async () => {
    const product = await createWithImage();
    const res = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({}, { image: await imageFile({ format: "jpeg", color: "#8e44ad" }) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageUrl).not.toBe(product.imageUrl);
    expect(res.json().name).toBe(product.name);
    expect(await exists(fileOf(product.imageUrl))).toBe(false);
    await expectNoOrphans();
  });

  it("refuses a multipart form without an image with 400, and a bad file with 415", async () => {
    const product = await createWithImage();
    const empty = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({ note: "nothing" }),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please choose an image file.");
    const text = await send("PATCH", `/api/products/${product.productId}`, {
      cookie: admin,
      form: multipartForm({}, { image: { data: Buffer.from("hello"), filename: "a.png", contentType: "image/png" } }),
    });
    expect(text.statusCode).toBe(415);
  });

  it("answers 404 for an unknown product, and stores no file for it", async () => {
    const before = await storedFiles();
    const json = await send("PATCH", "/api/products/999999", {
      cookie: admin,
      json: { availabilityStatus: "in_stock" },
    });
    expect(json.statusCode).toBe(404);
    const form = await send("PATCH", "/api/products/999999", {
      cookie: admin,
      form: multipartForm({}, { image: await imageFile() }),
    });
    expect(form.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("deleting a product", () => {
  async function putInCart(productId: number) {
    const user = await createUser(shop);
    const cart = await shop.ctx.db
      .insertInto("carts")
      .values({ user_id: user.user_id, created_at: nowIso() })
      .returning("cart_id")
      .executeTakeFirstOrThrow();
    await shop.ctx.db
      .insertInto("cart_items")
      .values({
        cart_id: cart.cart_id,
        product_id: productId,
        quantity: 1,
        size: "Small",
        color: "Orange",
        color_hex: "#f39c12",
        created_at: nowIso(),
      })
      .execute();
    return user;
  }

  async function cartLines(productId: number) {
    return shop.ctx.db.selectFrom("cart_items").select("cart_item_id").where("product_id", "=", productId).execute();
  }

  it("deletes a product nobody ordered, with its colour images, its files and its cart lines", async () => {
    const product = await createWithImage();
    const image = await send("POST", `/api/products/${product.productId}/images`, {
      cookie: admin,
      form: multipartForm({ color_name: "Orange", stock_quantity: 2 }, { image: await imageFile() }),
    });
    expect(image.statusCode).toBe(201);
    await putInCart(product.productId);
    const res = await send("DELETE", `/api/products/${product.productId}`, { cookie: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await shop.app.inject({ url: `/api/products/${product.productId}` })).statusCode).toBe(404);
    const row = await shop.ctx.db
      .selectFrom("products")
      .select("product_id")
      .where("product_id", "=", product.productId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await exists(fileOf(product.imageUrl))).toBe(false);
    expect(await exists(fileOf(image.json().image_url))).toBe(false);
    expect(await cartLines(product.productId)).toEqual([]);
    await expectNoOrphans();
  });

  it("archives a product that an order names: it leaves the catalogue and carts, the order keeps its name and price", async () => {
    const product = await createWithImage({ ...validFields(), name: "Ordered Orchid" });
    const buyer = await createUser(shop);
    const now = nowIso();
    const order = await shop.ctx.db
      .insertInto("orders")
      .values({
        user_id: buyer.user_id,
        shipping_address: "Budi\nJl. Braga 1\nBandung",
        shipping_cost: 50000,
        total_price: 325000,
        order_status: "Order Received",
        payment_status: "Pending",
        order_date: now,
        updated_at: now,
      })
      .returning("order_id")
      .executeTakeFirstOrThrow();
    await shop.ctx.db
      .insertInto("order_items")
      .values({
        order_id: order.order_id,
        line_no: 1,
        product_id: product.productId,
        product_name: "Ordered Orchid",
        unit_price: 275000,
        quantity: 1,
        line_price: 275000,
        size: "Small",
        color: "Orange",
      })
      .execute();
    await putInCart(product.productId);

    const res = await send("DELETE", `/api/products/${product.productId}`, { cookie: admin });
    expect(res.statusCode).toBe(204);

    expect((await shop.app.inject({ url: `/api/products/${product.productId}` })).statusCode).toBe(404);
    const list: Product[] = (await shop.app.inject({ url: "/api/products" })).json();
    expect(list.some((p) => p.productId === product.productId)).toBe(false);
    const catalog = (await shop.app.inject({ url: "/api/catalog" })).json();
    expect(JSON.stringify(catalog)).not.toContain("Ordered Orchid");
    expect(await cartLines(product.productId)).toEqual([]);

    const items = await shop.ctx.db
      .selectFrom("order_items")
      .select(["product_id", "product_name", "unit_price", "line_price"])
      .where("order_id", "=", order.order_id)
      .execute();
    expect(items).toEqual([
      { product_id: product.productId, product_name: "Ordered Orchid", unit_price: 275000, line_price: 275000 },
    ]);
    const archived = await shop.ctx.db
      .selectFrom("products")
      .select(["archived_at", "image_url"])
      .where("product_id", "=", product.productId)
      .executeTakeFirstOrThrow();
    expect(archived.archived_at).not.toBeNull();
    expect(archived.image_url).toBe(product.imageUrl);
    await expectNoOrphans();

    const again = await send("DELETE", `/api/products/${product.productId}`, { cookie: admin });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for an unknown product", async () => {
    expect((await send("DELETE", "/api/products/999999", { cookie: admin })).statusCode).toBe(404);
  });

  it("never deletes a file that another row still shows", async () => {
    const first = await createWithImage();
    const second = await send("POST", "/api/products", {
      cookie: admin,
      json: { ...validFields(), image_url: first.imageUrl },
    });
    expect(second.statusCode).toBe(201);
    expect((await send("DELETE", `/api/products/${first.productId}`, { cookie: admin })).statusCode).toBe(204);
    expect(await exists(fileOf(first.imageUrl))).toBe(true);
    expect((await send("DELETE", `/api/products/${second.json().productId}`, { cookie: admin })).statusCode).toBe(204);
    expect(await exists(fileOf(first.imageUrl))).toBe(false);
    await expectNoOrphans();
  });
});

describe("who may manage products", () => {
  const endpoints = (productId: number, imageId: number) =>
    [
      ["POST", "/api/products"],
      ["PUT", `/api/products/${productId}`],
      ["PATCH", `/api/products/${productId}`],
      ["DELETE", `/api/products/${productId}`],
      ["POST", `/api/products/${productId}/images`],
      ["PUT", `/api/products/${productId}/images/${imageId}`],
      ["PATCH", `/api/products/${productId}/images/${imageId}/stock`],
      ["DELETE", `/api/products/${productId}/images/${imageId}`],
    ] as const;

  it("answers 401 to anonymous visitors and 403 to customers on every change, and changes nothing", async () => {
    const product = await createWithImage();
    const image = (
      await send("POST", `/api/products/${product.productId}/images`, {
        cookie: admin,
        form: multipartForm({ color_name: "Orange" }, { image: await imageFile() }),
      })
    ).json();
    const files = await storedFiles();
    for (const [method, url] of endpoints(product.productId, image.imageId)) {
      for (const [cookie, status] of [
        [undefined, 401],
        [customer, 403],
      ] as const) {
        const form = multipartForm(
          { ...validFields(), availabilityStatus: "out_of_stock" },
          { image: await imageFile() },
        );
        const res = await send(method, url, { ...(cookie && { cookie }), form });
        expect(res.statusCode, `${method} ${url} as ${cookie ? "customer" : "anonymous"}`).toBe(status);
        const json = await send(method, url, {
          ...(cookie && { cookie }),
          json: { availabilityStatus: "out_of_stock", stockQuantity: 0 },
        });
        expect(json.statusCode, `${method} ${url} JSON`).toBe(status);
      }
    }
    expect(await storedFiles()).toEqual(files);
    const detail = await shop.app.inject({ url: `/api/products/${product.productId}` });
    expect(detail.json()).toEqual({ ...product, images: [image] });
  });
});

describe("no orphan files", () => {
  it("keeps exactly the files that products and colour images show", async () => {
    await expectNoOrphans();
  });
});
