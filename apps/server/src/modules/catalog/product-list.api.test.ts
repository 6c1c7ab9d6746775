import type { Product } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/fixtures.js";
import { callerOf, createTestShop, type TestShop } from "../../../test/harness.js";
import { setClock } from "../../lib/time.js";

let shop: TestShop;
const call = callerOf(() => shop);

/** The test's own products, each made a minute after the one before so "newest" has an order. */
const made: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop();
  const start = Date.parse("2026-11-20T03:00:00Z");
  const products = [
    { name: "Zinnia 50% Bunch", price: 120000, stock: 4, category: "Bouquets" },
    { name: "apricot roses", price: 450000, stock: 0, category: "Bouquets" },
    { name: "Moss Basket", price: 300000, stock: 9, category: "Baskets", status: "out_of_stock" as const },
    { name: "Rose_Vase", price: 200000, stock: 2, category: "Baskets" },
  ];
  for (const [index, fixture] of products.entries()) {
    setClock(() => start + index * 60_000);
    made[fixture.name] = (await createProduct(shop, fixture)).product_id;
  }
  setClock(null);
});
afterAll(() => shop.close());

async function list(query: string) {
  const res = await call("GET", `/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { names: (res.json() as Product[]).map((p) => p.name), total: res.headers["x-total-count"] };
}

async function categoryId(name: string) {
  const row = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.category_id;
}

describe("the admin's product list on the server", () => {
  it("answers every product in the catalogue's order when nothing is asked, with the count in X-Total-Count", async () => {
    const all = await list("");
    expect(all.names).toHaveLength(4);
    expect(all.total).toBe("4");
  });

  it("finds products whose name contains the words in any case, taking % and _ literally", async () => {
    expect((await list("?q=ROSE")).names.sort()).toEqual(["Rose_Vase", "apricot roses"]);
    expect((await list("?q=50%25")).names).toEqual(["Zinnia 50% Bunch"]);
    expect((await list("?q=e_v")).names).toEqual(["Rose_Vase"]);
    expect((await list("?q=tulip")).names).toEqual([]);
  });

  it("filters by category and by the availability a shopper sees", async () => {
    expect((await list(`?categoryId=${await categoryId("Baskets")}&sort=name`)).names).toEqual([
      "Moss Basket",
      "Rose_Vase",
    ]);
    expect((await list("?availability=in_stock&sort=name")).names).toEqual(["Rose_Vase", "Zinnia 50% Bunch"]);
    expect((await list("?availability=out_of_stock&sort=name")).names).toEqual(["apricot roses", "Moss Basket"]);
  });

  it("sorts by name in any case, price, stock and newest, either way", async () => {
    expect((await list("?sort=name")).names).toEqual(["apricot roses", "Moss Basket", "Rose_Vase", "Zinnia 50% Bunch"]);
    expect((await list("?sort=price&dir=desc")).names).toEqual([
      "apricot roses",
      "Moss Basket",
      "Rose_Vase",
      "Zinnia 50% Bunch",
    ]);
    expect((await list("?sort=stock")).names).toEqual([
      "apricot roses",
      "Rose_Vase",
      "Zinnia 50% Bunch",
      "Moss Basket",
    ]);
    expect((await list("?sort=newest")).names).toEqual([
      "Rose_Vase",
      "Moss Basket",
      "apricot roses",
      "Zinnia 50% Bunch",
    ]);
    expect((await list("?sort=newest&dir=asc")).names[0]).toBe("Zinnia 50% Bunch");
  });

  it("answers one page when asked, the total of every match in X-Total-Count", async () => {
    const second = await list("?sort=name&page=2&limit=3");
    expect(second).toEqual({ names: ["Zinnia 50% Bunch"], total: "4" });
    expect(await list("?sort=name&limit=2&availability=out_of_stock")).toEqual({
      names: ["apricot roses", "Moss Basket"],
      total: "2",
    });
  });

  it("refuses parameters it cannot read with a readable 400", async () => {
    const cases: [string, RegExp][] = [
      ["?sort=colour", /sort must be name, price, stock or newest\./],
      ["?dir=up", /dir must be asc or desc\./],
      ["?availability=soon", /availability must be in_stock or out_of_stock\./],
      ["?categoryId=abc", /categoryId/],
      ["?page=0", /page starts at 1\./],
      ["?limit=1000", /limit is at most 100\./],
      [`?q=${"a".repeat(101)}`, /q is at most 100 characters\./],
    ];
    for (const [query, message] of cases) {
      const res = await call("GET", `/api/products${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it("reads the pictures of more products than SQLite lets one query name (32,766)", async () => {
    const count = 33_000;
    const now = new Date().toISOString();
    const category = await categoryId("Vases");
    const rows = Array.from({ length: count }, (_, index) => ({
      category_id: category,
      name: `Bulk ${index}`,
      description: "",
      price: 100000,
      stock_quantity: 1,
      image_url: null,
      availability_status: "in_stock" as const,
      size_options: "[]",
      color_options: "[]",
      product_type: "real",
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < count; start += 2000) {
      await shop.ctx.db
        .insertInto("products")
        .values(rows.slice(start, start + 2000))
        .execute();
    }
    const last = await shop.ctx.db
      .selectFrom("products")
      .select("product_id")
      .where("name", "=", `Bulk ${count - 1}`)
      .executeTakeFirstOrThrow();
    await shop.ctx.db
      .insertInto("product_images")
      .values({
        product_id: last.product_id,
        color_name: "Clear",
        image_url: "/uploads/products/bulk.webp",
        stock_quantity: 1,
        created_at: now,
      })
      .execute();
    const res = await call("GET", `/api/products?categoryId=${category}`);
    expect(res.statusCode).toBe(200);
    const products = res.json() as Product[];
    expect(products).toHaveLength(count);
    expect(products.at(-1)?.images.map((image) => image.color_name)).toEqual(["Clear"]);
  });
});
