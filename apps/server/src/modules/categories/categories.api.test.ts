import type { CatalogCategory, Category } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct, createProduct } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { seedBasics } from "../../db/seed/seed.js";

let shop: TestShop;
let admin: Awaited<ReturnType<typeof signedIn>>;
const call = callerOf(() => shop);

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signedIn(shop, "admin");
});
afterAll(() => shop.close());

async function listed(): Promise<Category[]> {
  return (await call("GET", "/api/category")).json();
}

async function create(name: string): Promise<Category> {
  const res = await call("POST", "/api/category", admin.cookie, { name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function auditOf(target: string) {
  const rows = await shop.ctx.db
    .selectFrom("audit_log")
    .select(["action", "target", "details", "username"])
    .where("target", "=", target)
    .orderBy("audit_id")
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

describe("categories run by the admin", () => {
  it("adds a category last in the list, trimmed, and notes who added it", async () => {
    const before = await listed();
    const added = await create("  Wedding Flowers  ");
    expect(added).toEqual({ category_id: expect.any(Number), name: "Wedding Flowers", position: expect.any(Number) });
    const after = await listed();
    expect(after.map((c) => c.name)).toEqual([...before.map((c) => c.name), "Wedding Flowers"]);
    expect(await auditOf(`category:${added.category_id}`)).toEqual([
      {
        action: "category.create",
        target: `category:${added.category_id}`,
        username: admin.user.username,
        details: { before: null, after: { name: "Wedding Flowers", position: added.position } },
      },
    ]);
  });

  it("renames a category and records the name before and after", async () => {
    const category = await create("Hand Bouquets");
    const res = await call("PUT", `/api/category/${category.category_id}`, admin.cookie, { name: "Hand-tied" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...category, name: "Hand-tied" });
    expect((await listed()).find((c) => c.category_id === category.category_id)?.name).toBe("Hand-tied");
    const [, update] = await auditOf(`category:${category.category_id}`);
    expect(update).toMatchObject({
      action: "category.update",
      details: { before: { name: "Hand Bouquets" }, after: { name: "Hand-tied" } },
    });
  });

  it("lets a category change only the case of its own name", async () => {
    const category = await create("funeral wreaths");
    const res = await call("PUT", `/api/category/${category.category_id}`, admin.cookie, { name: "Funeral Wreaths" });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Funeral Wreaths");
  });

  it("refuses a name another category has, however it is cased or spaced", async () => {
    const res = await call("POST", "/api/category", admin.cookie, { name: "  bouquets " });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A category called "Bouquets" already exists.');

    const category = await create("Table Flowers");
    const rename = await call("PUT", `/api/category/${category.category_id}`, admin.cookie, { name: "VASES" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('A category called "Vases" already exists.');
    expect((await listed()).filter((c) => c.name.toLowerCase() === "vases")).toHaveLength(1);
  });

  it("deletes an empty category and records it", async () => {
    const category = await create("Seasonal");
    const res = await call("DELETE", `/api/category/${category.category_id}`, admin.cookie);
    expect(res.statusCode).toBe(204);
    expect((await listed()).some((c) => c.category_id === category.category_id)).toBe(false);
    const entries = await auditOf(`category:${category.category_id}`);
    expect(entries.at(-1)).toMatchObject({
      action: "category.delete",
      details: { before: { name: "Seasonal", position: category.position }, after: null },
    });
  });

  it("refuses to delete a category that still has products, archived ones counted, and says how many", async () => {
    const category = await create("Orchids");
    await createProduct(shop, { category: "Orchids", name: "White Orchid" });
    const archived = await createProduct(shop, { category: "Orchids", name: "Old Orchid" });
    await archiveProduct(shop, archived.product_id);

    const res = await call("DELETE", `/api/category/${category.category_id}`, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '"Orchids" still has 2 products (archived ones included). Move or delete them first.',
    );
    expect((await listed()).some((c) => c.category_id === category.category_id)).toBe(true);
  });

  it("refuses to delete a category whose only product is archived", async () => {
    const category = await create("Dried Flowers");
    const archived = await createProduct(shop, { category: "Dried Flowers", name: "Dried Lavender" });
    await archiveProduct(shop, archived.product_id);
    const res = await call("DELETE", `/api/category/${category.category_id}`, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("still has 1 product (archived ones included)");
  });

  it("keeps a deleted starting category deleted when the shop starts again", async () => {
    const vases = (await listed()).find((c) => c.name === "Vases") as Category;
    expect((await call("DELETE", `/api/category/${vases.category_id}`, admin.cookie)).statusCode).toBe(204);
    await seedBasics(shop.ctx.db);
    expect((await listed()).map((c) => c.name)).not.toContain("Vases");
  });

  it("answers 404 for a category that does not exist", async () => {
    expect((await call("PUT", "/api/category/999999", admin.cookie, { name: "Nowhere" })).statusCode).toBe(404);
    expect((await call("DELETE", "/api/category/999999", admin.cookie)).statusCode).toBe(404);
  });

  it("refuses an empty or overlong name", async () => {
    for (const name of ["", "   ", "x".repeat(61)]) {
      expect((await call("POST", "/api/category", admin.cookie, { name })).statusCode).toBe(400);
    }
  });
});

describe("the order of the catalogue", () => {
  it("sets the order of the categories and of the catalogue that shows them", async () => {
    await createProduct(shop, { category: "Box", name: "Box of Roses" });
    await createProduct(shop, { category: "Bouquets", name: "Sunny Bouquet" });
    const ids = (await listed()).map((c) => c.category_id);
    const reversed = [...ids].reverse();

    const res = await call("PUT", "/api/category/order", admin.cookie, { categoryIds: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: Category) => c.category_id)).toEqual(reversed);
    expect((await listed()).map((c) => c.category_id)).toEqual(reversed);

    const catalog: CatalogCategory[] = (await call("GET", "/api/catalog")).json();
    const names = catalog.map((c) => c.name);
    expect(names.indexOf("Box")).toBeLessThan(names.indexOf("Bouquets"));

    const [entry] = (await auditOf("category:all")).filter((e) => e.action === "category.reorder");
    expect(entry?.details).toEqual({ before: ids, after: reversed });
  });

  it("refuses an order that leaves out, repeats or invents a category, and keeps the order", async () => {
    const ids = (await listed()).map((c) => c.category_id);
    const cases = [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999999], []];
    for (const categoryIds of cases) {
      const res = await call("PUT", "/api/category/order", admin.cookie, { categoryIds });
      expect(res.statusCode).toBe(400);
    }
    expect((await listed()).map((c) => c.category_id)).toEqual(ids);
  });

  it("puts a category added after a reorder last", async () => {
    const added = await create("Last One");
    expect((await listed()).at(-1)?.category_id).toBe(added.category_id);
  });
});
