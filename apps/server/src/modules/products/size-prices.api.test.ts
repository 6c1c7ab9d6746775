import type { Cart, CatalogCategory, OrderDetail, Product } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartForm, placeOrder } from "../../../test/fixtures.js";
import { callerOf, createTestShop, type SignedIn, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
let admin: SignedIn;
let shopper: SignedIn;
let bouquets: number;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signedIn(shop, "admin");
  shopper = await signedIn(shop, "customer");
  const category = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", "Bouquets")
    .executeTakeFirstOrThrow();
  bouquets = category.category_id;
});
afterAll(() => shop.close());

const call = callerOf(() => shop);

const fields = (extra: Record<string, unknown> = {}) => ({
  category_id: bouquets,
  name: "Peony Cloud",
  description: "Soft pink peonies.",
  price: 300000,
  stock_quantity: 20,
  size_available: "Small, Medium, Large",
  color_available: "Pink::#f7c6d7",
  image_url: "https://example.com/peony.webp",
  ...extra,
});

async function create(extra: Record<string, unknown> = {}): Promise<Product> {
  const res = await call("POST", "/api/products", admin.cookie, fields(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}

async function update(productId: number, extra: Record<string, unknown> = {}) {
  return call("PUT", `/api/products/${productId}`, admin.cookie, fields(extra));
}

describe("prices per size", () => {
  it("gives every size its price: its own where the admin set one, the product's otherwise", async () => {
    const product = await create({ size_prices: { large: 450000 } });
    expect(product.sizeOptions).toEqual(["Small", "Medium", "Large"]);
    expect(product.sizePrices).toEqual({ Small: 300000, Medium: 300000, Large: 450000 });
    expect(product.ownSizePrices).toEqual({ Large: 450000 });

    const read = await call("GET", `/api/products/${product.productId}`);
    expect(read.json()).toMatchObject({ sizePrices: product.sizePrices, ownSizePrices: { Large: 450000 } });
    const price = await call("GET", `/api/products/price/Large?productId=${product.productId}`);
    expect(price.json()).toEqual({ productId: product.productId, size: "Large", price: 450000 });
    const listed = (await call("GET", "/api/products")).json() as Product[];
    expect(listed.find((p) => p.productId === product.productId)?.sizePrices).toEqual(product.sizePrices);
  });

  it("takes size_prices as JSON text in a multipart form", async () => {
    const form = multipartForm({
      ...fields({ name: "Peony Form" }),
      size_prices: JSON.stringify({ Small: 250000, Medium: 280000 }),
    } as Record<string, string | number>);
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Product).sizePrices).toEqual({ Small: 250000, Medium: 280000, Large: 300000 });
  });

  it("refuses a price for a size the product does not have, naming it, and malformed or non-positive prices", async () => {
    const unknown = await call("POST", "/api/products", admin.cookie, fields({ size_prices: { Huge: 500000 } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`size_prices names "Huge", which is not one of the product's sizes.`);

    const malformed = await call("POST", "/api/products", admin.cookie, fields({ size_prices: "{Large: 5" }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/size_prices must be a JSON object from size to price\./);

    const free = await call("POST", "/api/products", admin.cookie, fields({ size_prices: { Large: 0 } }));
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toMatch(/A size's price must be greater than 0\./);

    const list = await call("POST", "/api/products", admin.cookie, fields({ size_prices: [450000] }));
    expect(list.statusCode).toBe(400);
  });

  it("keeps the own prices of the sizes that remain when an update sends no size_prices", async () => {
    const product = await create({ name: "Peony Keep", size_prices: { Large: 450000, Small: 200000 } });
    const res = await update(product.productId, { name: "Peony Keep", size_available: "Large, Medium" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Product).ownSizePrices).toEqual({ Large: 450000 });

    const cleared = await update(product.productId, { size_available: "Large, Medium", size_prices: {} });
    expect((cleared.json() as Product).sizePrices).toEqual({ Large: 300000, Medium: 300000 });
    expect((cleared.json() as Product).ownSizePrices).toEqual({});
  });

  it("writes the sizes' prices before and after into the product's audit entry", async () => {
    const product = await create({ name: "Peony Audit", size_prices: { Large: 450000 } });
    await update(product.productId, { name: "Peony Audit", size_prices: { Large: 480000, Small: 260000 } });
    const entry = await shop.ctx.db
      .selectFrom("audit_log")
      .select("details")
      .where("target", "=", `product:${product.productId}`)
      .where("action", "=", "product.update")
      .executeTakeFirstOrThrow();
    const details = JSON.parse(entry.details as string);
    expect(details.before.sizes).toEqual({ Small: "base price", Medium: "base price", Large: 450000 });
    expect(details.after.sizes).toEqual({ Small: 260000, Medium: "base price", Large: 480000 });
  });

  it("shows the cheapest size's price on the catalogue card", async () => {
    const product = await create({ name: "Peony Card", size_prices: { Small: 180000, Large: 450000 } });
    const catalog = (await call("GET", "/api/catalog")).json() as CatalogCategory[];
    const card = catalog.flatMap((c) => c.products).find((p) => p.productId === product.productId);
    expect(card?.price).toBe(180000);
  });
});

describe("what a shopper pays for a size", () => {
  async function cartLine(productId: number, size: string) {
    const { user, cookie } = shopper;
    const added = await call("POST", `/api/cart/user/${user.user_id}/items`, cookie, {
      productId,
      quantity: 2,
      size,
      color: "Pink",
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    return cart.items.find((item) => item.productId === productId && item.selectedSize === size);
  }

  it("charges a size with its own price that price in the cart and the order", async () => {
    const product = await create({ name: "Peony Charged", size_prices: { Large: 450000 } });
    expect(await cartLine(product.productId, "Large")).toMatchObject({ unitPrice: 450000, linePrice: 900000 });

    const res = await placeOrder(shop, shopper.cookie, [
      { product_id: product.productId, size: "Large", color: "Pink", quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderDetail;
    expect(order.items[0]).toMatchObject({ size: "Large", unitPrice: 450000, linePrice: 900000 });
  });

  it("lets a size that follows the base price follow a change of it, in the cart and the order", async () => {
    const product = await create({ name: "Peony Follows", size_prices: { Large: 450000 } });
    expect(await cartLine(product.productId, "Small")).toMatchObject({ unitPrice: 300000 });

    const changed = await update(product.productId, { name: "Peony Follows", price: 320000 });
    expect((changed.json() as Product).sizePrices).toEqual({ Small: 320000, Medium: 320000, Large: 450000 });

    const cart = (await call("GET", `/api/cart/user/${shopper.user.user_id}/full`, shopper.cookie)).json() as Cart;
    const line = cart.items.find((item) => item.productId === product.productId);
    expect(line).toMatchObject({ selectedSize: "Small", unitPrice: 320000, linePrice: 640000 });

    const res = await placeOrder(shop, shopper.cookie, [
      { product_id: product.productId, size: "Small", color: "Pink", quantity: 1 },
    ]);
    expect((res.json() as OrderDetail).items[0]).toMatchObject({ size: "Small", unitPrice: 320000 });
  });
});
