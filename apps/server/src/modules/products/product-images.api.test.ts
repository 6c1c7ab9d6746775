import fs from "node:fs/promises";
import path from "node:path";
import type { ProductImage } from "@florist/contract";
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
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await signedIn(shop, "admin")).cookie;
});
afterAll(() => shop.close());

const imagesUrl = (productId: number, imageId?: number) =>
  `/api/products/${productId}/images${imageId === undefined ? "" : `/${imageId}`}`;

function sendForm(method: "POST" | "PUT", url: string, fields: Record<string, string | number>, image?: UploadFile) {
  const form = multipartForm(fields, image ? { image } : {});
  return shop.app.inject({ method, url, headers: { cookie: admin, ...form.headers }, payload: form.payload });
}

function sendJson(method: "PUT" | "PATCH" | "DELETE", url: string, payload?: object) {
  return shop.app.inject({ method, url, headers: { cookie: admin }, ...(payload && { payload }) });
}

async function addImage(productId: number, colorName = "Red", stock = 4): Promise<ProductImage> {
  const res = await sendForm(
    "POST",
    imagesUrl(productId),
    { color_name: colorName, stock_quantity: stock },
    await imageFile(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const productsDir = () => path.join(shop.dataDir, "uploads", "products");
const fileOf = (url: string) => path.join(productsDir(), path.basename(url));
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function storedFiles(): Promise<string[]> {
  return (await fs.readdir(productsDir()).catch(() => [])).sort();
}

async function expectNoOrphans() {
  const rows = [
    ...(await shop.ctx.db.selectFrom("products").select("image_url").execute()),
    ...(await shop.ctx.db.selectFrom("product_images").select("image_url").execute()),
  ];
  expect(await storedFiles()).toEqual(photoFilesOf(rows.map((r) => r.image_url)));
}

const svgWithScript: UploadFile = {
  data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  filename: "red.png",
  contentType: "image/png",
};

describe("adding a colour image", () => {
  it("stores the picture and answers the image, which the product then lists", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id, "White", 3);
    expect(image).toEqual({
      imageId: expect.any(Number),
      color_name: "White",
      image_url: expect.stringMatching(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/),
      stockQuantity: 3,
    });
    const served = await shop.app.inject({ url: image.image_url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    const list = await shop.app.inject({ url: imagesUrl(product.product_id) });
    expect(list.json()).toEqual([image]);
    const detail = await shop.app.inject({ url: `/api/products/${product.product_id}` });
    expect(detail.json().images).toEqual([image]);
  });

  it("trims the colour name and starts with no stock when none is given", async () => {
    const product = await createProduct(shop);
    const res = await sendForm("POST", imagesUrl(product.product_id), { color_name: "  Pink  " }, await imageFile());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ color_name: "Pink", stockQuantity: 0 });
  });

  it.each([
    ["no file", { color_name: "Red" }, false, "Please choose an image file."],
    ["no colour name", { stock_quantity: 1 }, true, "Colour name is required."],
    ["a blank colour name", { color_name: "  " }, true, "Colour name is required."],
    ["a negative stock", { color_name: "Red", stock_quantity: -2 }, true, "Stock must be at least 0."],
    ["a stock that is not a number", { color_name: "Red", stock_quantity: "many" }, true, "Stock must be a number."],
  ])("refuses %s with 400 and stores nothing", async (_case, fields, withFile, message) => {
    const product = await createProduct(shop);
    const before = await storedFiles();
    const res = await sendForm("POST", imagesUrl(product.product_id), fields, withFile ? await imageFile() : undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an SVG renamed .png, a text file (415) and a 6 MB file (413)", async () => {
    const product = await createProduct(shop);
    const before = await storedFiles();
    const svg = await sendForm("POST", imagesUrl(product.product_id), { color_name: "Red" }, svgWithScript);
    expect(svg.statusCode).toBe(415);
    const text = await sendForm(
      "POST",
      imagesUrl(product.product_id),
      { color_name: "Red" },
      { data: Buffer.from("roses are red\n"), filename: "roses.jpg", contentType: "image/jpeg" },
    );
    expect(text.statusCode).toBe(415);
    const big = await sendForm(
      "POST",
      imagesUrl(product.product_id),
      { color_name: "Red" },
      { data: Buffer.alloc(6 * 1024 * 1024, 0xff), filename: "big.jpg", contentType: "image/jpeg" },
    );
    expect(big.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it("answers 404 for an unknown or archived product and stores nothing", async () => {
    const before = await storedFiles();
    expect((await sendForm("POST", imagesUrl(999999), { color_name: "Red" }, await imageFile())).statusCode).toBe(404);
    const archived = await createProduct(shop);
    await archiveProduct(shop, archived.product_id);
    const res = await sendForm("POST", imagesUrl(archived.product_id), { color_name: "Red" }, await imageFile());
    expect(res.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("replacing a colour image", () => {
  it("stores the new picture, renames the colour and deletes the old file", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id, "Red", 4);
    const res = await sendForm(
      "PUT",
      imagesUrl(product.product_id, image.imageId),
      { color_name: "Crimson", stock_quantity: 6 },
      await imageFile({ format: "jpeg", color: "#8b0000" }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated: ProductImage = res.json();
    expect(updated).toEqual({
      imageId: image.imageId,
      color_name: "Crimson",
      image_url: expect.stringMatching(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/),
      stockQuantity: 6,
    });
    expect(updated.image_url).not.toBe(image.image_url);
    expect(await exists(fileOf(image.image_url))).toBe(false);
    for (const copy of PHOTO_COPY_SUFFIXES) {
      expect(await exists(fileOf(image.image_url).replace(/\.webp$/, `${copy}.webp`))).toBe(false);
    }
    await expectNoOrphans();
  });

  it("keeps the picture and the fields that are left out", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id, "Red", 4);
    const stockOnly = await sendForm("PUT", imagesUrl(product.product_id, image.imageId), { stock_quantity: 9 });
    expect(stockOnly.statusCode).toBe(200);
    expect(stockOnly.json()).toEqual({ ...image, stockQuantity: 9 });
    const json = await sendJson("PUT", imagesUrl(product.product_id, image.imageId), { color_name: "Scarlet" });
    expect(json.json()).toEqual({ ...image, color_name: "Scarlet", stockQuantity: 9 });
    expect(await exists(fileOf(image.image_url))).toBe(true);
  });

  it("keeps the old picture when the new file is refused", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id);
    const before = await storedFiles();
    const res = await sendForm(
      "PUT",
      imagesUrl(product.product_id, image.imageId),
      { color_name: "Red" },
      svgWithScript,
    );
    expect(res.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
    expect((await shop.app.inject({ url: imagesUrl(product.product_id) })).json()).toEqual([image]);
  });

  it("answers 400 for a blank colour name", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id);
    const res = await sendForm("PUT", imagesUrl(product.product_id, image.imageId), { color_name: " " });
    expect(res.statusCode).toBe(400);
  });

  it("answers 404 for an unknown image or one that belongs to another product, and stores nothing", async () => {
    const product = await createProduct(shop);
    const other = await createProduct(shop);
    const image = await addImage(other.product_id);
    const before = await storedFiles();
    const foreign = await sendForm(
      "PUT",
      imagesUrl(product.product_id, image.imageId),
      { color_name: "Red" },
      await imageFile(),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Product image not found.");
    const unknown = await sendForm("PUT", imagesUrl(product.product_id, 999999), { color_name: "Red" });
    expect(unknown.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });
});

describe("a colour image's stock", () => {
  it("is set with {stockQuantity}", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id, "Red", 4);
    const res = await sendJson("PATCH", `${imagesUrl(product.product_id, image.imageId)}/stock`, { stockQuantity: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...image, stockQuantity: 0 });
  });

  it("refuses a stock that is negative, fractional, missing or not a number with 400", async () => {
    const product = await createProduct(shop);
    const image = await addImage(product.product_id);
    for (const payload of [{ stockQuantity: -1 }, { stockQuantity: 1.5 }, {}, { stockQuantity: "lots" }]) {
      const res = await sendJson("PATCH", `${imagesUrl(product.product_id, image.imageId)}/stock`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/Stock|stockQuantity/);
    }
  });

  it("answers 404 for an unknown image or one of another product", async () => {
    const product = await createProduct(shop);
    const other = await createProduct(shop);
    const image = await addImage(other.product_id);
    const foreign = await sendJson("PATCH", `${imagesUrl(product.product_id, image.imageId)}/stock`, {
      stockQuantity: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await sendJson("PATCH", `${imagesUrl(product.product_id, 999999)}/stock`, { stockQuantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await shop.app.inject({ url: imagesUrl(other.product_id) })).json()).toEqual([image]);
  });
});

describe("deleting a colour image", () => {
  it("removes the image and its files", async () => {
    const product = await createProduct(shop);
    const kept = await addImage(product.product_id, "White");
    const image = await addImage(product.product_id, "Red");
    const res = await sendJson("DELETE", imagesUrl(product.product_id, image.imageId));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await shop.app.inject({ url: imagesUrl(product.product_id) })).json()).toEqual([kept]);
    expect(await exists(fileOf(image.image_url))).toBe(false);
    expect((await shop.app.inject({ url: image.image_url })).statusCode).toBe(404);
    await expectNoOrphans();
  });

  it("answers 404 the second time, for an unknown image and for one of another product", async () => {
    const product = await createProduct(shop);
    const other = await createProduct(shop);
    const image = await addImage(product.product_id);
    const foreign = await addImage(other.product_id);
    expect((await sendJson("DELETE", imagesUrl(product.product_id, image.imageId))).statusCode).toBe(204);
    expect((await sendJson("DELETE", imagesUrl(product.product_id, image.imageId))).statusCode).toBe(404);
    expect((await sendJson("DELETE", imagesUrl(product.product_id, foreign.imageId))).statusCode).toBe(404);
    expect((await sendJson("DELETE", imagesUrl(product.product_id, 999999))).statusCode).toBe(404);
    expect((await sendJson("DELETE", imagesUrl(product.product_id, Number.NaN))).statusCode).toBe(400);
    expect(await exists(fileOf(foreign.image_url))).toBe(true);
  });
});

describe("no orphan files", () => {
  it("keeps exactly the files that products and colour images show", async () => {
    await expectNoOrphans();
  });
});
