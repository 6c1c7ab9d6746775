import type { Executor } from "../../db/database.js";

function reviewsQuery(db: Executor) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.user_id", "reviews.user_id")
    .select([
      "reviews.review_id",
      "reviews.order_id",
      "reviews.user_id",
      "users.username as customer_name",
      "reviews.rating",
      "reviews.comment",
      "reviews.review_date",
    ]);
}

export function listOrderReviews(db: Executor, orderId: number) {
  return reviewsQuery(db).where("reviews.order_id", "=", orderId).orderBy("reviews.review_id").execute();
}

export function findReview(db: Executor, reviewId: number) {
  return reviewsQuery(db).where("reviews.review_id", "=", reviewId).executeTakeFirstOrThrow();
}

export async function insertReview(
  db: Executor,
  review: { order_id: number; user_id: number; rating: number; comment: string; review_date: string },
): Promise<number> {
  const row = await db.insertInto("reviews").values(review).returning("review_id").executeTakeFirstOrThrow();
  return row.review_id;
}

/** Rewrites the one review of an order; answers its id, or undefined when the order has none yet. */
export async function updateOrderReview(
  db: Executor,
  orderId: number,
  change: { rating: number; comment: string; review_date: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable("reviews")
    .set(change)
    .where("order_id", "=", orderId)
    .returning("review_id")
    .executeTakeFirst();
  return row?.review_id;
}

/** The reviews of the orders that hold the product (an order with two lines of it counts once). */
function reviewsOfProduct(db: Executor, productId: number) {
  return db
    .selectFrom("reviews")
    .where("reviews.order_id", "in", (eb) =>
      eb.selectFrom("order_items").select("order_items.order_id").where("order_items.product_id", "=", productId),
    );
}

/** One page of a product's reviews, newest first. */
export function listProductReviews(db: Executor, productId: number, page: { limit: number; offset: number }) {
  return reviewsOfProduct(db, productId)
    .innerJoin("users", "users.user_id", "reviews.user_id")
    .select(["reviews.rating", "reviews.comment", "users.username", "reviews.review_date"])
    .orderBy("reviews.review_date", "desc")
    .orderBy("reviews.review_id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function summariseProductReviews(db: Executor, productId: number) {
  const row = await reviewsOfProduct(db, productId)
    .select((eb) => [
      eb.fn.avg<number | string | null>("reviews.rating").as("average"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .executeTakeFirstOrThrow();
  return { average: row.average === null ? null : Number(row.average), count: Number(row.count) };
}
