import type { CatalogCategory, OrderDetail, Product, ProductReviews } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveProduct, createProduct, placeOrder, setOrder } from "../../../test/fixtures.js";
import { callerOf, createTestShop, createUser, login, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
const call = callerOf(() => shop);
let roses: number;
let lilies: number;

/** A finished order of `username` holding the products, reviewed with `rating` on `date`. */
async function reviewedOrder(username: string, productIds: number[], rating: number, comment: string, date: string) {
  const user = await createUser(shop, { username });
  const cookie = await login(shop, user.username);
  const placed = await placeOrder(
    shop,
    cookie,
    productIds.map((product_id) => ({ product_id })),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId } = placed.json() as OrderDetail;
  await setOrder(shop, orderId, { order_status: "Finished" });
  const review = await call("POST", "/api/review", cookie, { order_id: orderId, rating, comment });
  expect(review.statusCode, review.body).toBe(201);
  await shop.ctx.db.updateTable("reviews").set({ review_date: date }).where("order_id", "=", orderId).execute();
}

beforeAll(async () => {
  shop = await createTestShop();
  roses = (await createProduct(shop, { name: "Reviewed Roses", stock: 100 })).product_id;
  lilies = (await createProduct(shop, { name: "Reviewed Lilies", stock: 100 })).product_id;
  await reviewedOrder("WulandariFlowerLover", [roses], 5, "Beautiful", "2026-03-01T10:00:00.000Z");
  // One order holding both products counts once for each.
  await reviewedOrder("budi", [roses, lilies], 4, "Fresh and on time", "2026-03-03T10:00:00.000Z");
  await reviewedOrder("sari", [roses], 4, "", "2026-03-02T10:00:00.000Z");
});
afterAll(() => shop.close());

async function reviewsOf(productId: number, query = ""): Promise<ProductReviews> {
  const res = await call("GET", `/api/products/${productId}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a product's reviews", () => {
  it("are the reviews of the orders that hold it, newest first, with their average and number", async () => {
    expect(await reviewsOf(roses)).toEqual({
      average: 4.3,
      count: 3,
      reviews: [
        { rating: 4, comment: "Fresh and on time", reviewerName: "budi", createdAt: "2026-03-03T10:00:00.000Z" },
        { rating: 4, comment: "", reviewerName: "sari", createdAt: "2026-03-02T10:00:00.000Z" },
        { rating: 5, comment: "Beautiful", reviewerName: "WulandariFlo", createdAt: "2026-03-01T10:00:00.000Z" },
      ],
      pagination: { page: 1, limit: 10, total: 3, hasNext: false },
    });
    expect(await reviewsOf(lilies)).toMatchObject({ average: 4, count: 1, reviews: [{ reviewerName: "budi" }] });
  });

  it("come a page at a time", async () => {
    const second = await reviewsOf(roses, "?page=2&limit=2");
    expect(second.reviews.map((r) => r.reviewerName)).toEqual(["WulandariFlo"]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, hasNext: false });
    expect((await reviewsOf(roses, "?limit=2")).pagination.hasNext).toBe(true);
  });

  it("are none yet for a product nobody reviewed", async () => {
    const fresh = (await createProduct(shop, { name: "Unreviewed Tulips" })).product_id;
    expect(await reviewsOf(fresh)).toEqual({
      average: null,
      count: 0,
      reviews: [],
      pagination: { page: 1, limit: 10, total: 0, hasNext: false },
    });
  });

  it("answer 404 for a product that does not exist or is archived, and 400 for a bad page", async () => {
    expect((await call("GET", "/api/products/999999/reviews")).statusCode).toBe(404);
    const gone = (await createProduct(shop, { name: "Archived Tulips" })).product_id;
    await archiveProduct(shop, gone);
    expect((await call("GET", `/api/products/${gone}/reviews`)).statusCode).toBe(404);
    expect((await call("GET", `/api/products/${roses}/reviews?page=0`)).statusCode).toBe(400);
    expect((await call("GET", `/api/products/${roses}/reviews?limit=101`)).statusCode).toBe(400);
  });

  it("give the product page and the catalogue card their rating", async () => {
    const product: Product = (await call("GET", `/api/products/${roses}`)).json();
    expect(product.rating).toEqual({ average: 4.3, count: 3 });
    const cards = ((await call("GET", "/api/catalog")).json() as CatalogCategory[]).flatMap((c) => c.products);
    expect(cards.find((p) => p.productId === roses)?.rating).toEqual({ average: 4.3, count: 3 });
    expect(cards.find((p) => p.productId === lilies)?.rating).toEqual({ average: 4, count: 1 });
    const listed: Product[] = (await call("GET", "/api/products")).json();
    expect(listed.find((p) => p.productId === lilies)?.rating).toEqual({ average: 4, count: 1 });
  });

  it("change the catalogue's rating as soon as a review is written", async () => {
    const before = ((await call("GET", "/api/catalog")).json() as CatalogCategory[]).flatMap((c) => c.products);
    expect(before.find((p) => p.productId === lilies)?.rating).toEqual({ average: 4, count: 1 });
    await reviewedOrder("dewi", [lilies], 1, "Wilted", "2026-03-04T10:00:00.000Z");
    const after = ((await call("GET", "/api/catalog")).json() as CatalogCategory[]).flatMap((c) => c.products);
    expect(after.find((p) => p.productId === lilies)?.rating).toEqual({ average: 2.5, count: 2 });
  });
});
