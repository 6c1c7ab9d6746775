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
