import { randomBytes } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import sharp from "sharp";
import { photoFiles } from "../src/lib/images.js";
import { nowIso } from "../src/lib/time.js";
import type { TestShop } from "./harness.js";

export interface ProductFixture {
  name?: string;
  price?: number;
  stock?: number;
  status?: "in_stock" | "out_of_stock";
  category?: string;
  sizes?: { label: string; price: number | null }[];
  colors?: string[];
}

/** A product straight in the database, for tests whose subject is not product management. */
export async function createProduct(shop: TestShop, fixture: ProductFixture = {}) {
  const category = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", fixture.category ?? "Bouquets")
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const row = await shop.ctx.db
    .insertInto("products")
    .values({
      category_id: category.category_id,
      name: fixture.name ?? "Test Rose Bouquet",
      description: "Roses for a test.",
      price: fixture.price ?? 200000,
      stock_quantity: fixture.stock ?? 10,
      image_url: null,
      availability_status: fixture.status ?? "in_stock",
      size_options: JSON.stringify(
        fixture.sizes ?? [
          { label: "Small", price: null },
          { label: "Large", price: 300000 },
        ],
      ),
      color_options: JSON.stringify(fixture.colors ?? ["Red::#c0392b", "White"]),
      product_type: "real",
      created_at: now,
      updated_at: now,
    })
    .returning(["product_id", "name", "price", "stock_quantity"])
    .executeTakeFirstOrThrow();
  return row;
}

/** Archives a product straight in the database, as deleting an ordered product does. */
export async function archiveProduct(shop: TestShop, productId: number) {
  await shop.ctx.db
    .updateTable("products")
    .set({ archived_at: nowIso() })
    .where("product_id", "=", productId)
    .execute();
}

/** The seeded customizations by name (Greeting Card 15000, Chocolate 45000, Ribbon 10000, Teddy Bear 85000). */
export async function customizationIds(shop: TestShop) {
  const rows = await shop.ctx.db.selectFrom("customizations").select(["customization_id", "name", "price"]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r]));
}

/** Counts the SQL statements the app sends while `run` is in progress (the routes read ctx.db on every request). */
export async function countQueries(shop: TestShop, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Counted as they run: a statement built once (db/prepared.ts) is built by the first call only.
    transformResult: async (args) => {
      count += 1;
      return args.result;
    },
  };
  const original = shop.ctx.db;
  shop.ctx.db = original.withPlugin(counter);
  try {
    await run();
  } finally {
    shop.ctx.db = original;
  }
  return count;
}

/**
 * The smaller copies the shop keeps beside every stored photo, smallest first: <name><suffix>.webp.
 * Written out rather than taken from the contract's PHOTO_COPIES, so a width that goes missing there fails the tests.
 */
export const PHOTO_COPY_SUFFIXES = ["-thumb", "-card", "-phone"] as const;

/** The files the shop keeps for the stored photos among these addresses (each photo and its copies), sorted. */
export function photoFilesOf(urls: (string | null)[]): string[] {
  return urls
    .flatMap((url) => {
      const name = /^\/uploads\/products\/([a-f0-9]{32})\.webp$/.exec(url ?? "")?.[1];
      return name ? photoFiles(name) : [];
    })
    .sort();
}

export interface UploadFile {
  data: Buffer;
  filename: string;
  contentType: string;
}

/** A multipart/form-data request body for app.inject, with text fields and files. */
export function multipartForm(fields: Record<string, string | number>, files: Record<string, UploadFile> = {}) {
  const boundary = `----florist-test-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A small real image file (PNG by default) in one colour. */
export async function imageFile(
  options: { format?: "png" | "jpeg" | "webp"; color?: string; width?: number } = {},
): Promise<UploadFile> {
  const format = options.format ?? "png";
  const width = options.width ?? 64;
  const data = await sharp({
    create: { width, height: Math.round(width * 0.75), channels: 3, background: options.color ?? "#c0392b" },
  })
    .toFormat(format)
    .toBuffer();
  return { data, filename: `flowers.${format === "jpeg" ? "jpg" : format}`, contentType: `image/${format}` };
}

/** A photo of a product's Red, with 3 in stock, straight in the database; answers its id. */
export async function insertImage(shop: TestShop, productId: number): Promise<number> {
  const row = await shop.ctx.db
    .insertInto("product_images")
    .values({
      product_id: productId,
      color_name: "Red",
      image_url: `/uploads/products/test-${productId}-red.webp`,
      stock_quantity: 3,
      created_at: nowIso(),
    })
    .returning("image_id")
    .executeTakeFirstOrThrow();
  return row.image_id;
}

/** A line of one Small Red of the product in the cart, straight in the database; answers its id. */
export async function insertCartItem(shop: TestShop, cartId: number, productId: number): Promise<number> {
  const row = await shop.ctx.db
    .insertInto("cart_items")
    .values({
      cart_id: cartId,
      product_id: productId,
      quantity: 1,
      size: "Small",
      color: "Red",
      color_hex: "#c0392b",
      created_at: nowIso(),
    })
    .returning("cart_item_id")
    .executeTakeFirstOrThrow();
  return row.cart_item_id;
}

/** A shipping address block as the checkout writes it: name, address, city, e-mail and phone, one per line. */
export const SHIPPING_ADDRESS = [
  "Sari Wulandari",
  "Jl. Braga No. 10",
  "Bandung",
  "Email: sari@example.com",
  "Telepon: 081234567890",
].join("\n");

export interface OrderLineFixture {
  product_id: number;
  quantity?: number;
  size?: string;
  color?: string;
  customizations?: { customization_id?: number; quantity?: number }[];
}

/**
 * Places a Buy Now order through the API (the product's first size and colour unless given), with any
 * further order fields (delivery, gift) as given.
 */
export function placeOrder(
  shop: TestShop,
  cookie: string,
  lines: OrderLineFixture[],
  fields: Record<string, unknown> = {},
) {
  return shop.app.inject({
    method: "POST",
    url: "/api/order",
    headers: { cookie },
    payload: {
      shipping_address: SHIPPING_ADDRESS,
      items: lines.map((line) => ({ size: "Small", color: "Red", quantity: 1, ...line })),
      ...fields,
    },
  });
}

/** How many of a product are in stock now. */
export async function stockOf(shop: TestShop, productId: number): Promise<number> {
  const row = await shop.ctx.db
    .selectFrom("products")
    .select("stock_quantity")
    .where("product_id", "=", productId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

/** Moves an order straight in the database, for tests whose subject is not the status workflow. */
export async function setOrder(
  shop: TestShop,
  orderId: number,
  change: { order_status?: string; order_date?: string; total_price?: number },
) {
  await shop.ctx.db.updateTable("orders").set(change).where("order_id", "=", orderId).execute();
}

/** The states of the `order.mail` jobs that write a new order's mails (queued when they are not written with it). */
export function placedOrderMailJobs(shop: TestShop, orderId: number) {
  return shop.ctx.db
    .selectFrom("jobs")
    .select("state")
    .where("kind", "=", "order.mail")
    .where("payload", "=", JSON.stringify({ orderId, kind: "placed" }))
    .execute();
}
