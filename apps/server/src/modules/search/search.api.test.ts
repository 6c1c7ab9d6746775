import type { CatalogProduct, SearchAnswer } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { nowIso } from "../../lib/time.js";

let shop: TestShop;
const call = callerOf(() => shop);
const ids: Record<string, number> = {};
let occasionId: number;
let boxId: number;

interface Item {
  name: string;
  description?: string;
  category?: string;
  price?: number;
  sizes?: { label: string; price: number | null }[];
  createdAt: string;
}

/** A product straight in the database with its own description, card price and date. */
async function addProduct(item: Item) {
  const category = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", item.category ?? "Bouquets")
    .executeTakeFirstOrThrow();
  const row = await shop.ctx.db
    .insertInto("products")
    .values({
      category_id: category.category_id,
      name: item.name,
      description: item.description ?? "Fresh from Bandung.",
      price: item.price ?? 300000,
      stock_quantity: 10,
      image_url: null,
      availability_status: "in_stock",
      size_options: JSON.stringify(item.sizes ?? [{ label: "Medium", price: null }]),
      color_options: JSON.stringify(["Red"]),
      product_type: "real",
      created_at: item.createdAt,
      updated_at: item.createdAt,
    })
    .returning("product_id")
    .executeTakeFirstOrThrow();
  ids[item.name] = row.product_id;
}

beforeAll(async () => {
  shop = await createTestShop();
  await addProduct({
    name: "Mawar Merah",
    price: 250000,
    description: "Red roses, as Bandung calls them.",
    createdAt: "2026-01-01T00:00:00.000Z",
  });
  await addProduct({
    name: "Café Latte Box",
    category: "Box",
    price: 400000,
    description: "Coffee-coloured roses.",
    createdAt: "2026-01-05T00:00:00.000Z",
  });
  await addProduct({
    name: "Sunny Roses",
    price: 500000,
    // The card shows the cheapest size: 150,000 although the product's price is 500,000.
    sizes: [
      { label: "Small", price: 150000 },
      { label: "Large", price: null },
    ],
    createdAt: "2026-01-03T00:00:00.000Z",
  });
  await addProduct({
    name: "Garden Basket",
    category: "Baskets",
    price: 350000,
    description: "Tulips and roses in a rattan basket.",
    createdAt: "2026-01-04T00:00:00.000Z",
  });
  await addProduct({ name: "Roses Gone", createdAt: "2026-01-06T00:00:00.000Z" });
  await archiveProduct(shop, ids["Roses Gone"] as number);
  const occasion = await shop.ctx.db
    .selectFrom("occasions")
    .select("occasion_id")
    .where("name", "=", "Anniversary")
    .executeTakeFirstOrThrow();
  occasionId = occasion.occasion_id;
  await shop.ctx.db
    .insertInto("product_occasions")
    .values(
      ["Mawar Merah", "Café Latte Box"].map((name) => ({ product_id: ids[name] as number, occasion_id: occasionId })),
    )
    .execute();
  const box = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", "Box")
    .executeTakeFirstOrThrow();
  boxId = box.category_id;
});
afterAll(() => shop.close());

async function search(query: string): Promise<SearchAnswer> {
  const res = await call("GET", `/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (answer: SearchAnswer) => answer.products.map((p: CatalogProduct) => p.name);

describe("searching the shop", () => {
  it("finds a word in any case and by the start of a word", async () => {
    expect(names(await search("q=mawar"))).toEqual(["Mawar Merah"]);
    expect(names(await search("q=MAW"))).toEqual(["Mawar Merah"]);
    expect(names(await search("q=mer"))).toEqual(["Mawar Merah"]);
    expect(names(await search("q=awar"))).toEqual([]);
  });

  it("ignores accents on either side", async () => {
    expect(names(await search("q=cafe"))).toEqual(["Café Latte Box"]);
    expect(names(await search(`q=${encodeURIComponent("CAFÉ")}`))).toEqual(["Café Latte Box"]);
  });

  it("matches the description and the category, needs every word, and puts name matches first", async () => {
    // "ros" starts "Roses" in two names and in two descriptions; the archived "Roses Gone" is left out.
    expect(names(await search("q=ros"))).toEqual(["Sunny Roses", "Mawar Merah", "Café Latte Box", "Garden Basket"]);
    expect(names(await search("q=rattan"))).toEqual(["Garden Basket"]);
    expect(names(await search("q=baskets"))).toEqual(["Garden Basket"]);
    expect(names(await search("q=tulips%20rattan"))).toEqual(["Garden Basket"]);
    expect(names(await search("q=tulips%20latte"))).toEqual([]);
    expect(names(await search("q=%21%21%21"))).toEqual([]);
  });

  it("keeps to an occasion or a category, with or without words", async () => {
    expect(names(await search(`occasion=${occasionId}`))).toEqual(["Mawar Merah", "Café Latte Box"]);
    expect(names(await search(`q=cafe&occasion=${occasionId}`))).toEqual(["Café Latte Box"]);
    expect(names(await search(`category=${boxId}`))).toEqual(["Café Latte Box"]);
    expect(names(await search(`q=mawar&category=${boxId}`))).toEqual([]);
  });

  it("sorts by the card's price either way and by the newest", async () => {
    const all = `category=${boxId}&q=ros`;
    expect(names(await search(all))).toEqual(["Café Latte Box"]);
    expect(names(await search("q=ros&sort=price_asc"))).toEqual([
      "Sunny Roses",
      "Mawar Merah",
      "Garden Basket",
      "Café Latte Box",
    ]);
    const cheapest = (await search("q=ros&sort=price_asc")).products[0];
    expect(cheapest?.price).toBe(150000);
    expect(names(await search("q=ros&sort=price_desc"))).toEqual([
      "Café Latte Box",
      "Garden Basket",
      "Mawar Merah",
      "Sunny Roses",
    ]);
    expect(names(await search("q=ros&sort=newest"))).toEqual([
      "Café Latte Box",
      "Garden Basket",
      "Sunny Roses",
      "Mawar Merah",
    ]);
  });

  it("answers one page at a time and says how many there are", async () => {
    const first = await search("q=ros&sort=newest&limit=3");
    expect(names(first)).toEqual(["Café Latte Box", "Garden Basket", "Sunny Roses"]);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 4, hasNext: true });
    const second = await search("q=ros&sort=newest&limit=3&page=2");
    expect(names(second)).toEqual(["Mawar Merah"]);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, hasNext: false });
    expect((await search("q=ros&page=5")).products).toEqual([]);
  });

  it("answers products as the catalogue's cards", async () => {
    const [card] = (await search("q=mawar")).products;
    expect(card).toEqual({
      productId: ids["Mawar Merah"],
      name: "Mawar Merah",
      description: "Red roses, as Bandung calls them.",
      price: 250000,
      imageUrl: null,
      stockQuantity: 10,
      availabilityStatus: "in_stock",
      occasionIds: [occasionId],
      rating: null,
    });
  });

  it("finds a product by its new name and category at once, and no longer by the old ones", async () => {
    await addProduct({ name: "Peony Cloud", createdAt: nowIso() });
    await shop.ctx.db
      .updateTable("products")
      .set({ name: "Lily Cloud" })
      .where("product_id", "=", ids["Peony Cloud"] as number)
      .execute();
    expect(names(await search("q=peony"))).toEqual([]);
    expect(names(await search("q=lily"))).toEqual(["Lily Cloud"]);
    const admin = await signedIn(shop, "admin");
    const bouquets = await shop.ctx.db
      .selectFrom("categories")
      .select("category_id")
      .where("name", "=", "Bouquets")
      .executeTakeFirstOrThrow();
    const renamed = await call("PUT", `/api/category/${bouquets.category_id}`, admin.cookie, { name: "Buket Bunga" });
    expect(renamed.statusCode).toBe(200);
    expect(names(await search("q=buket&sort=price_asc"))).toEqual(["Sunny Roses", "Mawar Merah", "Lily Cloud"]);
    await shop.ctx.db
      .deleteFrom("products")
      .where("product_id", "=", ids["Peony Cloud"] as number)
      .execute();
    expect(names(await search("q=lily"))).toEqual([]);
  });

  it("refuses a search without words or a filter, too long a text, a bad sort, page or limit (400)", async () => {
    const cases: [string, RegExp][] = [
      ["", /q/],
      ["q=", /q/],
      ["q=%20%20", /q/],
      [`q=${"a".repeat(101)}`, /at most 100/],
      ["q=rose&sort=cheapest", /sort/],
      ["q=rose&page=0", /page/],
      ["q=rose&limit=101", /limit/],
      ["occasion=abc", /occasion/],
      ["category=-1", /category/],
    ];
    for (const [query, message] of cases) {
      const res = await call("GET", `/api/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
});
