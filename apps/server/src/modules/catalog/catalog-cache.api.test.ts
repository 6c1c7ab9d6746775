import zlib from "node:zlib";
import type { CatalogCategory, CatalogProduct, OrderDetail, Product } from "@florist/contract";
import SQLite from "better-sqlite3";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder } from "../../../test/fixtures.js";
import { closeShop, openTwoProcesses, type SignedIn, signedIn, type TestShop } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import type { AppContext } from "../../context.js";
import { nowIso } from "../../lib/time.js";

let shop: TestShop;
let other: AppContext;
/** A second process on the same database: its own app, its own cache. */
let otherApp: FastifyInstance;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ({ shop, other } = await openTwoProcesses(() => Date.now()));
  otherApp = await buildApp(other);
  admin = await signedIn(shop, "admin");
  customer = await signedIn(shop, "customer");
  // Enough products for answers above the compression threshold.
  for (let i = 0; i < 8; i += 1) await createProduct(shop, { name: `Cached Bouquet ${i}`, price: 100000 + i });
});
afterAll(async () => {
  await otherApp.close();
  await closeShop(shop, other);
});

const get = (url: string, headers: Record<string, string> = {}, app = shop.app) =>
  app.inject({ method: "GET", url, headers });
const send = (method: "PUT" | "PATCH", url: string, payload: object) =>
  shop.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

const catalogOf = async (app = shop.app): Promise<CatalogCategory[]> => (await get("/api/catalog", {}, app)).json();
const listed = async (productId: number, app = shop.app): Promise<CatalogProduct | undefined> =>
  (await catalogOf(app)).flatMap((c) => c.products).find((p) => p.productId === productId);

function decoded(res: LightMyRequestResponse): unknown {
  const encoding = res.headers["content-encoding"];
  const body =
    encoding === "br"
      ? zlib.brotliDecompressSync(res.rawPayload)
      : encoding === "gzip"
        ? zlib.gunzipSync(res.rawPayload)
        : res.rawPayload;
  return JSON.parse(String(body));
}

describe("the catalogue's ETag", () => {
  it("answers 304 without a body while the client's copy is current, and the catalogue once it changed", async () => {
    const first = await get("/api/catalog");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const same = await get("/api/catalog", { "if-none-match": etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    expect(same.headers.etag).toBe(etag);
    expect((await get("/api/catalog", { "if-none-match": `W/"other", ${etag}` })).statusCode).toBe(304);
    expect((await get("/api/catalog", { "if-none-match": etag.slice(2) })).statusCode).toBe(304);
    expect((await get("/api/catalog", { "if-none-match": 'W/"other"' })).statusCode).toBe(200);

    const product = await createProduct(shop, { name: "Fresh Peonies" });
    const changed = await get("/api/catalog", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as CatalogCategory[]).flatMap((c) => c.products).map((p) => p.name)).toContain(product.name);
  });

  it("gives a product page its own ETag, and a product that is not on sale stays a 404", async () => {
    const product = await createProduct(shop, { name: "Tagged Lilies" });
    const page = await get(`/api/products/${product.product_id}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as Product).name).toBe("Tagged Lilies");
    const etag = String(page.headers.etag);
    expect((await get(`/api/products/${product.product_id}`, { "if-none-match": etag })).statusCode).toBe(304);
    expect((await get("/api/catalog", { "if-none-match": etag })).statusCode).toBe(200);

    const missing = await get("/api/products/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Product not found.");
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe("compression of the catalogue", () => {
  it("sends brotli or gzip when the client accepts it, and plain JSON otherwise", async () => {
    const plain = await get("/api/catalog");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const expected = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const cases: [string, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
      ["deflate", undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await get("/api/catalog", { "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(decoded(res), accept).toEqual(expected);
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
    }
    const etags = new Set(
      await Promise.all(
        ["br", "gzip", "identity"].map(async (e) => (await get("/api/catalog", { "accept-encoding": e })).headers.etag),
      ),
    );
    expect(etags.size).toBe(1);
  });
});

describe("a change shows at once", () => {
  it("shows an admin's new price, availability and category order", async () => {
    const product = await createProduct(shop, { name: "Changing Roses", sizes: [] });
    expect((await listed(product.product_id))?.availabilityStatus).toBe("in_stock");
    expect((await get(`/api/products/${product.product_id}`)).json().price).toBe(200000);

    await shop.ctx.db
      .updateTable("products")
      .set({ price: 175000, updated_at: nowIso() })
      .where("product_id", "=", product.product_id)
      .execute();
    expect((await listed(product.product_id))?.price).toBe(175000);
    expect((await get(`/api/products/${product.product_id}`)).json().price).toBe(175000);

    const marked = await send("PATCH", `/api/products/${product.product_id}`, { availabilityStatus: "out_of_stock" });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await listed(product.product_id))?.availabilityStatus).toBe("out_of_stock");

    const categories = (await catalogOf()).map((c) => c.categoryId);
    const reversed = [...categories].reverse();
    const all = (await get("/api/category")).json() as { category_id: number }[];
    const others = all.map((c) => c.category_id).filter((id) => !categories.includes(id));
    const reordered = await send("PUT", "/api/category/order", { categoryIds: [...reversed, ...others] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await catalogOf()).map((c) => c.categoryId)).toEqual(reversed);
  });

  it("shows the stock an order takes and a denial puts back", async () => {
    const product = await createProduct(shop, { name: "Counted Tulips", stock: 5 });
    expect((await listed(product.product_id))?.stockQuantity).toBe(5);
    const pageBefore = await get(`/api/products/${product.product_id}`);

    const ordered = await placeOrder(shop, customer.cookie, [{ product_id: product.product_id, quantity: 2 }]);
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect((await listed(product.product_id))?.stockQuantity).toBe(3);
    const page = await get(`/api/products/${product.product_id}`, { "if-none-match": String(pageBefore.headers.etag) });
    expect(page.statusCode).toBe(200);
    expect((page.json() as Product).stockQuantity).toBe(3);

    const order = ordered.json() as OrderDetail;
    const denied = await send("PATCH", `/api/order/${order.orderId}/status`, { status: "Denied" });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await listed(product.product_id))?.stockQuantity).toBe(5);
  });

  it("shows a picture added to a product on its page", async () => {
    const product = await createProduct(shop, { name: "Pictured Orchids" });
    expect((await get(`/api/products/${product.product_id}`)).json().images).toEqual([]);
    await shop.ctx.db
      .insertInto("product_images")
      .values({
        product_id: product.product_id,
        color_name: "White",
        image_url: "/uploads/products/white-orchid.webp",
        stock_quantity: 4,
        created_at: nowIso(),
      })
      .execute();
    const images = (await get(`/api/products/${product.product_id}`)).json().images;
    expect(images).toEqual([expect.objectContaining({ color_name: "White", stockQuantity: 4 })]);
  });
});

describe("two processes on one database", () => {
  // SQLite: at once (the processes' writers are counted together). PostgreSQL: a process hears of
  // another's commit through its notification, which arrives within milliseconds, not before.
  it("each shows what the other changed as soon as it hears of it", async () => {
    const product = await createProduct(shop, { name: "Shared Gerberas", price: 120000, sizes: [] });
    // Both caches hold the catalogue and the product page.
    expect((await listed(product.product_id, otherApp))?.price).toBe(120000);
    expect((await listed(product.product_id))?.price).toBe(120000);
    const otherPage = await get(`/api/products/${product.product_id}`, {}, otherApp);
    expect(otherPage.json().price).toBe(120000);

    const renamed = await send("PATCH", `/api/products/${product.product_id}`, { availabilityStatus: "out_of_stock" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect
      .poll(async () => (await listed(product.product_id, otherApp))?.availabilityStatus)
      .toBe("out_of_stock");
    const page = await get(
      `/api/products/${product.product_id}`,
      { "if-none-match": String(otherPage.headers.etag) },
      otherApp,
    );
    expect(page.statusCode).toBe(200);
    expect((page.json() as Product).availabilityStatus).toBe("out_of_stock");

    // And the other way round: a change written by the second process.
    await other.db
      .updateTable("products")
      .set({ price: 99000, availability_status: "in_stock", updated_at: nowIso() })
      .where("product_id", "=", product.product_id)
      .execute();
    await expect.poll(() => listed(product.product_id)).toMatchObject({ price: 99000, availabilityStatus: "in_stock" });
    expect((await get(`/api/products/${product.product_id}`)).json().price).toBe(99000);
  });

  it("shows a change written by a tool the shop does not know of (a script, psql, sqlite3) within a moment", async () => {
    const product = await createProduct(shop, { name: "Scripted Anemones", price: 130000, sizes: [] });
    expect((await listed(product.product_id))?.price).toBe(130000);
    expect((await get(`/api/products/${product.product_id}`)).json().price).toBe(130000);
    const update = "update products set price = 88000 where product_id = ";
    const url = shop.ctx.config.databaseUrl;
    if (shop.ctx.dialect === "postgres") {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`${update}$1`, [product.product_id]);
      await client.end();
    } else {
      const tool = new SQLite(url.slice("sqlite:".length));
      tool.prepare(`${update}?`).run(product.product_id);
      tool.close();
    }
    // PostgreSQL: as its notification arrives; SQLite: at the next look for other writers (once a second at most).
    await expect.poll(async () => (await listed(product.product_id))?.price, { timeout: 5000 }).toBe(88000);
    await expect.poll(async () => (await get(`/api/products/${product.product_id}`)).json().price).toBe(88000);
  });
});
