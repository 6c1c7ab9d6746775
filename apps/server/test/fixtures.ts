import type { KyselyPlugin } from "kysely";
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

/** The seeded customizations by name (Greeting Card 15000, Chocolate 45000, Ribbon 10000, Teddy Bear 85000). */
export async function customizationIds(shop: TestShop) {
  const rows = await shop.ctx.db.selectFrom("customizations").select(["customization_id", "name", "price"]).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r]));
}

/** Counts the SQL statements the app sends while `run` is in progress (the routes read ctx.db on every request). */
export async function countQueries(shop: TestShop, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
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
