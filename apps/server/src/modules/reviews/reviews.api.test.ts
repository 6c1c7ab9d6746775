import type { OrderDetail, OrderSummary, Review } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder, setOrder } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
let productId: number;
beforeAll(async () => {
  shop = await createTestShop();
  productId = (await createProduct(shop, { stock: 1000 })).product_id;
});
afterAll(() => shop.close());

const call = callerOf(() => shop);

/** A shopper with one order in the given status. */
async function orderIn(status: string) {
  const shopper = await signedIn(shop, "customer");
  const order = (await placeOrder(shop, shopper.cookie, [{ product_id: productId }])).json() as OrderDetail;
  if (status !== "Order Received") await setOrder(shop, order.orderId, { order_status: status });
  return { ...shopper, orderId: order.orderId };
}

describe("writing a review", () => {
  it("is possible once the admin has delivered the order, and a second review updates the first", async () => {
    const shopper = await signedIn(shop, "customer");
    const admin = await signedIn(shop, "admin");
    const { orderId } = (await placeOrder(shop, shopper.cookie, [{ product_id: productId }])).json() as OrderDetail;
    const review = (body: object) => call("POST", "/api/review", shopper.cookie, { order_id: orderId, ...body });

    expect((await review({ rating: 5 })).statusCode).toBe(409);
    await call("PATCH", `/api/order/${orderId}/status`, admin.cookie, { status: "In Delivery" });
    expect((await review({ rating: 5 })).statusCode).toBe(409);
    await call("PATCH", `/api/order/${orderId}/status`, admin.cookie, { status: "Finished", paymentStatus: "Paid" });

    const created = await review({ user_id: shopper.user.user_id, rating: 4, comment: "  Lovely roses  " });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as Review;
    expect(first).toEqual({
      review_id: expect.any(Number),
      order_id: orderId,
      user_id: shopper.user.user_id,
      customer_name: shopper.user.username,
      rating: 4,
      comment: "Lovely roses",
      review_date: expect.any(String),
    });

    const updated = await review({ rating: 5, comment: "Even better the next day" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      review_id: first.review_id,
      rating: 5,
      comment: "Even better the next day",
    });

    const listed = await call("GET", `/api/review/order/${orderId}`, shopper.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([updated.json()]);
    const orders = (
      await call("GET", `/api/order/user/${shopper.user.user_id}`, shopper.cookie)
    ).json() as OrderSummary[];
    expect(orders[0]?.review).toEqual(updated.json());
    const overview = (await call("GET", "/api/order/admin/overview", admin.cookie)).json();
    expect(overview.reviews).toContainEqual(updated.json());
  });

  it("accepts an order in the legacy status Completed, and no comment", async () => {
    const { cookie, orderId } = await orderIn("Completed");
    const res = await call("POST", "/api/review", cookie, { order_id: orderId, rating: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 3, comment: "" });
  });

  it("is refused for an order that is not finished (409)", async () => {
    for (const status of ["Order Received", "In Delivery", "Denied"]) {
      const { cookie, orderId } = await orderIn(status);
      const res = await call("POST", "/api/review", cookie, { order_id: orderId, rating: 5 });
      expect(res.statusCode, status).toBe(409);
    }
  });

  it("needs a whole-number rating from 1 to 5 (400)", async () => {
    const { cookie, orderId } = await orderIn("Finished");
    for (const rating of [0, 6, 4.5, "5", null, undefined]) {
      const res = await call("POST", "/api/review", cookie, { order_id: orderId, rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().message).toBe("Rating must be a whole number from 1 to 5.");
    }
    expect((await call("GET", `/api/review/order/${orderId}`, cookie)).json()).toEqual([]);
  });

  it("is only for the order's owner: 404 for another shopper, an admin, an unknown order or another user id; 401 anonymously", async () => {
    const owner = await orderIn("Finished");
    const other = await signedIn(shop, "customer");
    const admin = await signedIn(shop, "admin");
    const body = { order_id: owner.orderId, rating: 1, comment: "Not mine" };
    expect((await call("POST", "/api/review", other.cookie, body)).statusCode).toBe(404);
    expect((await call("POST", "/api/review", admin.cookie, body)).statusCode).toBe(404);
    expect((await call("POST", "/api/review", owner.cookie, { ...body, order_id: 999999 })).statusCode).toBe(404);
    expect((await call("POST", "/api/review", owner.cookie, { ...body, user_id: other.user.user_id })).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/api/review", undefined, body)).statusCode).toBe(401);
    expect((await call("GET", `/api/review/order/${owner.orderId}`, owner.cookie)).json()).toEqual([]);
  });
});

describe("reading an order's reviews", () => {
  it("is for the order's owner and admins; anyone else gets 404, anonymous 401", async () => {
    const owner = await orderIn("Finished");
    await call("POST", "/api/review", owner.cookie, { order_id: owner.orderId, rating: 5, comment: "Wonderful" });
    const admin = await signedIn(shop, "admin");
    const other = await signedIn(shop, "customer");
    const own = await call("GET", `/api/review/order/${owner.orderId}`, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([expect.objectContaining({ order_id: owner.orderId, comment: "Wonderful" })]);
    expect((await call("GET", `/api/review/order/${owner.orderId}`, admin.cookie)).json()).toEqual(own.json());
    expect((await call("GET", `/api/review/order/${owner.orderId}`, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/review/order/999999", admin.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/review/order/${owner.orderId}`)).statusCode).toBe(401);
  });
});
