import type { CatalogCategory, Occasion, Product } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct, createProduct, multipartForm } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { seedBasics } from "../../db/seed/seed.js";

let shop: TestShop;
let admin: Awaited<ReturnType<typeof signedIn>>;
let bouquets: number;
const call = callerOf(() => shop);

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signedIn(shop, "admin");
  const category = await shop.ctx.db
    .selectFrom("categories")
    .select("category_id")
    .where("name", "=", "Bouquets")
    .executeTakeFirstOrThrow();
  bouquets = category.category_id;
});
afterAll(() => shop.close());

async function listed(): Promise<Occasion[]> {
  const res = await call("GET", "/api/occasions");
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function create(name: string): Promise<Occasion> {
  const res = await call("POST", "/api/occasions", admin.cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function auditOf(target: string) {
  const rows = await shop.ctx.db
    .selectFrom("audit_log")
    .select(["action", "details", "username"])
    .where("target", "=", target)
    .orderBy("audit_id")
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

const productFields = (extra: Record<string, unknown> = {}) => ({
  category_id: bouquets,
  name: "Occasion Tulips",
  description: "Tulips for a test.",
  price: 275000,
  stock_quantity: 9,
  size_available: "Small, Large",
  color_available: "Orange",
  image_url: "https://example.com/tulips.jpg",
  ...extra,
});

describe("occasions run by the admin", () => {
  it("starts a new shop with the seven occasions, none of them on a product yet", async () => {
    expect(await listed()).toEqual(
      ["Birthday", "Anniversary", "Wedding", "Graduation", "Get Well", "Sympathy", "Congratulations"].map((name) => ({
        occasionId: expect.any(Number),
        name,
        productCount: 0,
      })),
    );
  });

  it("adds an occasion last, trimmed, and notes who added it", async () => {
    const added = await create("  Mother's Day  ");
    expect(added).toEqual({ occasionId: expect.any(Number), name: "Mother's Day", productCount: 0 });
    expect((await listed()).at(-1)).toEqual(added);
    expect(await auditOf(`occasion:${added.occasionId}`)).toEqual([
      {
        action: "occasion.create",
        username: admin.user.username,
        details: { before: null, after: { name: "Mother's Day", position: 8 } },
      },
    ]);
  });

  it("renames an occasion and records the name before and after", async () => {
    const occasion = await create("New Baby");
    const res = await call("PUT", `/api/occasions/${occasion.occasionId}`, admin.cookie, { name: "New Born" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...occasion, name: "New Born" });
    expect((await listed()).find((o) => o.occasionId === occasion.occasionId)?.name).toBe("New Born");
    const entries = await auditOf(`occasion:${occasion.occasionId}`);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      action: "occasion.update",
      details: { before: { name: "New Baby" }, after: { name: "New Born" } },
    });
  });

  it("refuses a name another occasion has, however it is cased or spaced (409), and lets one change its own case", async () => {
    const res = await call("POST", "/api/occasions", admin.cookie, { name: "  birthday " });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An occasion called "Birthday" already exists.');
    const occasion = await create("house warming");
    const rename = await call("PUT", `/api/occasions/${occasion.occasionId}`, admin.cookie, { name: "WEDDING" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('An occasion called "Wedding" already exists.');
    const recased = await call("PUT", `/api/occasions/${occasion.occasionId}`, admin.cookie, { name: "House Warming" });
    expect(recased.statusCode).toBe(200);
    expect((await listed()).filter((o) => o.name.toLowerCase() === "birthday")).toHaveLength(1);
  });

  it("deletes an occasion, takes it off its products and records it", async () => {
    const occasion = await create("Farewell");
    const product = await createProduct(shop, { name: "Farewell Lilies" });
    await shop.ctx.db
      .insertInto("product_occasions")
      .values({ product_id: product.product_id, occasion_id: occasion.occasionId })
      .execute();
    const res = await call("DELETE", `/api/occasions/${occasion.occasionId}`, admin.cookie);
    expect(res.statusCode).toBe(204);
    expect((await listed()).some((o) => o.occasionId === occasion.occasionId)).toBe(false);
    const kept: Product = (await call("GET", `/api/products/${product.product_id}`)).json();
    expect(kept.occasionIds).toEqual([]);
    expect((await auditOf(`occasion:${occasion.occasionId}`)).at(-1)).toMatchObject({
      action: "occasion.delete",
      details: { before: { name: "Farewell", products: 1 }, after: null },
    });
  });

  it("keeps a deleted starting occasion deleted when the shop starts again", async () => {
    const sympathy = (await listed()).find((o) => o.name === "Sympathy") as Occasion;
    expect((await call("DELETE", `/api/occasions/${sympathy.occasionId}`, admin.cookie)).statusCode).toBe(204);
    await seedBasics(shop.ctx.db);
    expect((await listed()).map((o) => o.name)).not.toContain("Sympathy");
  });

  it("answers 404 for an occasion that does not exist, and 400 for an empty or overlong name", async () => {
    expect((await call("PUT", "/api/occasions/999999", admin.cookie, { name: "Nowhere" })).statusCode).toBe(404);
    expect((await call("DELETE", "/api/occasions/999999", admin.cookie)).statusCode).toBe(404);
    for (const name of ["", "   ", "x".repeat(61)]) {
      const res = await call("POST", "/api/occasions", admin.cookie, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Name/);
    }
  });
});

describe("products tagged with occasions", () => {
  it("takes occasion_ids as a list when a product is made, and shows them on the product and the catalogue card", async () => {
    const [birthday, anniversary] = await listed();
    const res = await call(
      "POST",
      "/api/products",
      admin.cookie,
      productFields({ occasion_ids: [anniversary?.occasionId, birthday?.occasionId] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const product: Product = res.json();
    const ids = [birthday?.occasionId, anniversary?.occasionId].sort((a = 0, b = 0) => a - b);
    expect(product.occasionIds).toEqual(ids);
    const catalog: CatalogCategory[] = (await call("GET", "/api/catalog")).json();
    const card = catalog.flatMap((c) => c.products).find((p) => p.productId === product.productId);
    expect(card?.occasionIds).toEqual(ids);
    const entry = (await auditOf(`product:${product.productId}`)).at(-1);
    expect(entry?.details.after.occasions).toEqual(ids);
  });

  it("takes them comma-joined from the admin's form, keeps them when an update leaves them out, and clears them when empty", async () => {
    const [birthday, anniversary, wedding] = await listed();
    const form = multipartForm(
      productFields({ occasion_ids: `${birthday?.occasionId}, ${wedding?.occasionId}` }) as never,
    );
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product: Product = created.json();
    expect(product.occasionIds).toEqual([birthday?.occasionId, wedding?.occasionId]);

    const url = `/api/products/${product.productId}`;
    const kept = await call("PUT", url, admin.cookie, productFields({ name: "Renamed Tulips" }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().occasionIds).toEqual(product.occasionIds);

    const changed = await call(
      "PUT",
      url,
      admin.cookie,
      productFields({ occasion_ids: `[${anniversary?.occasionId}]` }),
    );
    expect(changed.json().occasionIds).toEqual([anniversary?.occasionId]);
    const entry = (await auditOf(`product:${product.productId}`)).at(-1);
    expect(entry?.details.before.occasions).toEqual(product.occasionIds);
    expect(entry?.details.after.occasions).toEqual([anniversary?.occasionId]);

    const cleared = await call("PUT", url, admin.cookie, productFields({ occasion_ids: "" }));
    expect(cleared.json().occasionIds).toEqual([]);
  });

  it("shows a new tag in the cached catalogue at once", async () => {
    const product = await createProduct(shop, { name: "Freshly Tagged Roses" });
    const cardOf = async () =>
      ((await call("GET", "/api/catalog")).json() as CatalogCategory[])
        .flatMap((c) => c.products)
        .find((p) => p.productId === product.product_id);
    expect((await cardOf())?.occasionIds).toEqual([]);
    const [birthday] = await listed();
    await shop.ctx.db
      .insertInto("product_occasions")
      .values({ product_id: product.product_id, occasion_id: birthday?.occasionId as number })
      .execute();
    expect((await cardOf())?.occasionIds).toEqual([birthday?.occasionId]);
  });

  it("refuses an occasion that does not exist (400) and changes nothing", async () => {
    const [birthday] = await listed();
    const before = await shop.ctx.db.selectFrom("products").select("product_id").execute();
    const res = await call(
      "POST",
      "/api/products",
      admin.cookie,
      productFields({ occasion_ids: [birthday?.occasionId, 999999] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("occasion_ids names an occasion that does not exist: 999999.");
    expect(await shop.ctx.db.selectFrom("products").select("product_id").execute()).toEqual(before);
    for (const occasion_ids of ["abc", "[1,", [0], ["x"], { id: 1 }]) {
      const bad = await call("POST", "/api/products", admin.cookie, productFields({ occasion_ids }));
      expect(bad.statusCode, JSON.stringify(occasion_ids)).toBe(400);
    }
  });

  it("counts an occasion's products on sale, and the catalogue of one occasion holds only its products", async () => {
    const occasion = await create("Valentine");
    const tagged = await createProduct(shop, { name: "Valentine Roses", category: "Box" });
    const archived = await createProduct(shop, { name: "Old Valentine Roses", category: "Box" });
    await createProduct(shop, { name: "Untagged Roses", category: "Box" });
    await shop.ctx.db
      .insertInto("product_occasions")
      .values([tagged, archived].map((p) => ({ product_id: p.product_id, occasion_id: occasion.occasionId })))
      .execute();
    await archiveProduct(shop, archived.product_id);
    expect((await listed()).find((o) => o.occasionId === occasion.occasionId)?.productCount).toBe(1);

    const res = await call("GET", `/api/catalog?occasion=${occasion.occasionId}`);
    expect(res.statusCode).toBe(200);
    const catalog: CatalogCategory[] = res.json();
    expect(catalog.map((c) => ({ name: c.name, products: c.products.map((p) => p.name) }))).toEqual([
      { name: "Box", products: ["Valentine Roses"] },
    ]);
    expect((await call("GET", "/api/catalog?occasion=999999")).json()).toEqual([]);
    expect((await call("GET", "/api/catalog?occasion=abc")).statusCode).toBe(400);
    const whole: CatalogCategory[] = (await call("GET", "/api/catalog")).json();
    expect(whole.flatMap((c) => c.products.map((p) => p.name))).toContain("Untagged Roses");
  });
});
