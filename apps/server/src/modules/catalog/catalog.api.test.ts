import type { CatalogCategory, Product } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct, countQueries, createProduct } from "../../../test/fixtures.js";
import { createTestShop, type TestShop } from "../../../test/harness.js";
import { nowIso } from "../../lib/time.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const get = (url: string) => shop.app.inject({ method: "GET", url });

async function addImage(productId: number, colorName: string, stock = 3) {
  return shop.ctx.db
    .insertInto("product_images")
    .values({
      product_id: productId,
      color_name: colorName,
      image_url: `/uploads/products/${colorName.toLowerCase()}.webp`,
      stock_quantity: stock,
      created_at: nowIso(),
    })
    .returning("image_id")
    .executeTakeFirstOrThrow();
}

describe("categories and customizations", () => {
  it("lists the four categories of the shop", async () => {
    const res = await get("/api/category");
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(["Bouquets", "Baskets", "Vases", "Box"]);
    expect(res.json()[0]).toEqual({ category_id: expect.any(Number), name: "Bouquets", position: 1 });
  });

  it("lists the customizations with their prices", async () => {
    const res = await get("/api/customization");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { customization_id: expect.any(Number), name: "Greeting Card", price: 15000 },
        { customization_id: expect.any(Number), name: "Teddy Bear", price: 85000 },
      ]),
    );
  });
});

describe("the catalogue", () => {
  let catalog: CatalogCategory[];
  let ids: Record<string, number>;

  beforeAll(async () => {
    const tulips = await createProduct(shop, { name: "Catalogue Tulips", category: "Vases", price: 150000 });
    const basket = await createProduct(shop, { name: "Catalogue Basket", category: "Baskets", stock: 0 });
    const box = await createProduct(shop, { name: "Catalogue Box", category: "Vases", status: "out_of_stock" });
    const gone = await createProduct(shop, { name: "Catalogue Archived", category: "Box" });
    await archiveProduct(shop, gone.product_id);
    ids = { tulips: tulips.product_id, basket: basket.product_id, box: box.product_id, gone: gone.product_id };
    const res = await get("/api/catalog");
    expect(res.statusCode).toBe(200);
    catalog = res.json();
  });

  it("groups products by category and leaves out categories without products", () => {
    expect(catalog.map((c) => c.name)).toEqual(["Baskets", "Vases"]);
    const vases = catalog.find((c) => c.name === "Vases");
    expect(vases?.products.map((p) => p.name)).toEqual(["Catalogue Tulips", "Catalogue Box"]);
  });

  it("answers each product as a card", () => {
    const tulips = catalog.flatMap((c) => c.products).find((p) => p.productId === ids.tulips);
    expect(tulips).toEqual({
      productId: ids.tulips,
      name: "Catalogue Tulips",
      description: "Roses for a test.",
      price: 150000,
      imageUrl: null,
      stockQuantity: 10,
      availabilityStatus: "in_stock",
      occasionIds: [],
      rating: null,
    });
  });

  it("reports out of stock when the stock is 0 or the admin marked it so", () => {
    const products = catalog.flatMap((c) => c.products);
    expect(products.find((p) => p.productId === ids.basket)?.availabilityStatus).toBe("out_of_stock");
    expect(products.find((p) => p.productId === ids.box)?.availabilityStatus).toBe("out_of_stock");
  });

  it("never shows an archived product", () => {
    expect(catalog.flatMap((c) => c.products).some((p) => p.productId === ids.gone)).toBe(false);
  });
});

describe("products", () => {
  it("answers a product with its size labels, colours and colour images", async () => {
    const product = await createProduct(shop, {
      name: "Detail Roses",
      sizes: [
        { label: "Small", price: null },
        { label: "Large", price: 300000 },
      ],
      colors: ["Red::#c0392b", "White"],
    });
    const red = await addImage(product.product_id, "Red", 4);
    const res = await get(`/api/products/${product.product_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productId: product.product_id,
      categoryId: expect.any(Number),
      name: "Detail Roses",
      description: "Roses for a test.",
      price: 200000,
      stockQuantity: 10,
      imageUrl: null,
      availabilityStatus: "in_stock",
      sizeOptions: ["Small", "Large"],
      sizePrices: { Small: 200000, Large: 300000 },
      ownSizePrices: { Large: 300000 },
      colorOptions: ["Red::#c0392b", "White"],
      productType: "real",
      images: [{ imageId: red.image_id, color_name: "Red", image_url: "/uploads/products/red.webp", stockQuantity: 4 }],
      occasionIds: [],
      rating: null,
    });
  });

  it("lists every product on sale with its images, and no archived one", async () => {
    const kept = await createProduct(shop, { name: "Listed Lilies" });
    await addImage(kept.product_id, "Pink");
    const gone = await createProduct(shop, { name: "Listed Archived" });
    await archiveProduct(shop, gone.product_id);
    const res = await get("/api/products");
    expect(res.statusCode).toBe(200);
    const products: Product[] = res.json();
    expect(products.find((p) => p.productId === kept.product_id)?.images.map((i) => i.color_name)).toEqual(["Pink"]);
    expect(products.some((p) => p.productId === gone.product_id)).toBe(false);
  });

  it("reports a product with no stock left as out of stock", async () => {
    const product = await createProduct(shop, { stock: 0 });
    expect((await get(`/api/products/${product.product_id}`)).json().availabilityStatus).toBe("out_of_stock");
  });

  it("answers 404 for an unknown or archived product, and 400 for an id that is not a number", async () => {
    const unknown = await get("/api/products/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Product not found.");
    const gone = await createProduct(shop);
    await archiveProduct(shop, gone.product_id);
    expect((await get(`/api/products/${gone.product_id}`)).statusCode).toBe(404);
    expect((await get("/api/products/abc")).statusCode).toBe(400);
  });

  it("lists a product's colour images, and 404 for an unknown or archived product", async () => {
    const product = await createProduct(shop);
    const white = await addImage(product.product_id, "White", 2);
    const res = await get(`/api/products/${product.product_id}/images`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { imageId: white.image_id, color_name: "White", image_url: "/uploads/products/white.webp", stockQuantity: 2 },
    ]);
    expect((await get("/api/products/999999/images")).statusCode).toBe(404);
    await archiveProduct(shop, product.product_id);
    expect((await get(`/api/products/${product.product_id}/images`)).statusCode).toBe(404);
  });
});

describe("price per size", () => {
  let productId: number;
  beforeAll(async () => {
    const product = await createProduct(shop, {
      price: 200000,
      sizes: [
        { label: "Small", price: null },
        { label: "Extra Large", price: 450000 },
      ],
    });
    productId = product.product_id;
  });

  it("answers the size's own price", async () => {
    const res = await get(`/api/products/price/Extra%20Large?productId=${productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productId, size: "Extra Large", price: 450000 });
  });

  it("answers the product's price for a size without its own price", async () => {
    const res = await get(`/api/products/price/Small?productId=${productId}`);
    expect(res.json()).toEqual({ productId, size: "Small", price: 200000 });
  });

  it("matches the size ignoring case", async () => {
    const res = await get(`/api/products/price/extra%20large?productId=${productId}`);
    expect(res.json()).toEqual({ productId, size: "Extra Large", price: 450000 });
  });

  it("answers 404 for a size the product does not have, or an unknown product", async () => {
    const size = await get(`/api/products/price/Huge?productId=${productId}`);
    expect(size.statusCode).toBe(404);
    expect(size.json().message).toMatch(/Huge/);
    expect((await get("/api/products/price/Small?productId=999999")).statusCode).toBe(404);
  });

  it("answers 400 without a product id", async () => {
    const res = await get("/api/products/price/Small");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/productId/);
  });
});

describe("speed", () => {
  it("reads the catalogue and the product list with the same number of queries whatever their length", async () => {
    const fresh = await countQueries(shop, async () => {
      await get("/api/catalog");
      await get("/api/products");
    });
    for (let i = 0; i < 5; i += 1) {
      const product = await createProduct(shop, { name: `Bulk ${i}` });
      await addImage(product.product_id, "Red");
      await addImage(product.product_id, "White");
    }
    const more = await countQueries(shop, async () => {
      await get("/api/catalog");
      await get("/api/products");
    });
    expect(more).toBe(fresh);
    // The catalogue's version, its categories and products; the list's products and pictures.
    expect(more).toBe(5);
  });

  it("answers the catalogue and a product page again without a query while nothing changed", async () => {
    const [{ products }] = (await get("/api/catalog")).json();
    await get(`/api/products/${products[0].productId}`);
    const again = () =>
      countQueries(shop, async () => {
        await get("/api/catalog");
        await get(`/api/products/${products[0].productId}`);
      });
    // PostgreSQL: once the process listens for changes (it starts with its first cached answer), until then it reads the version.
    await expect.poll(again).toBe(0);
    expect(await again()).toBe(0);
    // A change written by anyone makes the next request read the version (and build again), then none.
    await shop.ctx.db
      .updateTable("products")
      .set({ updated_at: nowIso() })
      .where("product_id", "=", products[0].productId)
      .execute();
    expect(await again()).toBeGreaterThan(0);
    // (On PostgreSQL the change's own notification may still come in and cost one more read.)
    await expect.poll(again).toBe(0);
  });
});

describe("the catalogue's starting price", () => {
  it("is what the cheapest size costs, so 'Starting from' never quotes more than a shopper pays", async () => {
    const { product_id } = await createProduct(shop, {
      name: "Starting Price Roses",
      price: 350000,
      sizes: [
        { label: "Small", price: 250000 },
        { label: "Medium", price: null },
        { label: "Large", price: 550000 },
      ],
    });
    const catalog: CatalogCategory[] = (await get("/api/catalog")).json();
    const card = catalog.flatMap((c) => c.products).find((p) => p.productId === product_id);
    expect(card?.price).toBe(250000);
    expect((await get(`/api/products/${product_id}`)).json().price).toBe(350000);
  });
});
