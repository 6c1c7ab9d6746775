import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { OrderDetail } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, imageFile, multipartForm, placeOrder, type UploadFile } from "../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../test/harness.js";

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await signedIn(shop, "admin")).cookie;
});
afterAll(() => shop.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of the given size. 10000 × 10000 pixels compress to a few kilobytes,
 * yet decoding them takes hundreds of megabytes: a decompression bomb.
 */
function hugePng(width: number, height: number): UploadFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte and one bit per pixel, all zero (black).
  const pixels = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return { data, filename: "flowers.png", contentType: "image/png" };
}

const bomb = hugePng(10_000, 10_000);
const TOO_LARGE = {
  message: "The image is too large: at most 40 megapixels (for example 8000 × 5000 pixels).",
  code: "IMAGE_TOO_LARGE",
};

function send(method: "POST" | "PUT", url: string, cookie: string, form: ReturnType<typeof multipartForm>) {
  return shop.app.inject({ method, url, headers: { cookie, ...form.headers }, payload: form.payload });
}

const storedFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe("uploads refuse images with too many pixels (decompression bombs)", () => {
  it("the test image is a small file that declares 100 megapixels", () => {
    expect(bomb.data.length).toBeLessThan(100 * 1024);
    expect(bomb.data.readUInt32BE(16)).toBe(10_000);
  });

  it("a product colour image is refused with 413 and nothing is stored", async () => {
    const product = await createProduct(shop);
    const dir = path.join(shop.dataDir, "uploads", "products");
    const before = storedFiles(dir);
    const form = multipartForm({ color_name: "Red", stock_quantity: 2 }, { image: bomb });
    const res = await send("POST", `/api/products/${product.product_id}/images`, admin, form);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(TOO_LARGE);
    expect(storedFiles(dir)).toEqual(before);
  });

  it("a new product's image is refused with 413 and no product is created", async () => {
    const category = await shop.ctx.db.selectFrom("categories").select("category_id").executeTakeFirstOrThrow();
    const fields = {
      category_id: category.category_id,
      name: "Bomb Bouquet",
      description: "Roses.",
      price: 100000,
      stock_quantity: 1,
      size_available: "Small",
      color_available: "Red",
    };
    const res = await send("POST", "/api/products", admin, multipartForm(fields, { image: bomb }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject(TOO_LARGE);
    const names = await shop.ctx.db.selectFrom("products").select("name").execute();
    expect(names.map((p) => p.name)).not.toContain("Bomb Bouquet");
  });

  it("a delivery proof is refused with 413 and the order keeps no proof", async () => {
    const product = await createProduct(shop);
    const customer = await signedIn(shop, "customer");
    const order = (await placeOrder(shop, customer.cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const res = await send("PUT", `/api/order/${order.orderId}/proof`, admin, multipartForm({}, { order_proof: bomb }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject(TOO_LARGE);
    expect(storedFiles(path.join(shop.dataDir, "proofs"))).toEqual([]);
  });

  it("an ordinary photo is still accepted", async () => {
    const product = await createProduct(shop);
    const form = multipartForm({ color_name: "White", stock_quantity: 1 }, { image: await imageFile({ width: 1600 }) });
    const res = await send("POST", `/api/products/${product.product_id}/images`, admin, form);
    expect(res.statusCode, res.body).toBe(201);
  });
});
