import { isReviewable, type ProductReviews, type Review, type reviewBody } from "@florist/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { conflict, notFound } from "../../errors.js";
import { nowIso } from "../../lib/time.js";
import { findVisibleProduct } from "../catalog/repository.js";
import { PRODUCT_NOT_FOUND } from "../catalog/service.js";
import { visibleOrder } from "../orders/service.js";
import * as repo from "./repository.js";

type Viewer = { user_id: number; role: string };

export async function listOrderReviews(ctx: AppContext, viewer: Viewer, orderId: number): Promise<Review[]> {
  await visibleOrder(ctx.db, viewer, orderId);
  return repo.listOrderReviews(ctx.db, orderId);
}

/**
 * One review per order, written by the order's owner once it is delivered; posting again rewrites it.
 * Answers whether the review is new, so the route can say 201 or 200.
 */
export async function saveReview(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof reviewBody>,
): Promise<{ review: Review; created: boolean }> {
  const order = await visibleOrder(ctx.db, viewer, input.order_id, { adminAllowed: false });
  if (!isReviewable(order.order_status)) {
    throw conflict("Only a finished order can be reviewed.", "ORDER_NOT_FINISHED");
  }
  const change = { rating: input.rating, comment: input.comment, review_date: nowIso() };
  const updated = await repo.updateOrderReview(ctx.db, order.order_id, change);
  if (updated !== undefined) return { review: await repo.findReview(ctx.db, updated), created: false };
  try {
    const reviewId = await repo.insertReview(ctx.db, { ...change, order_id: order.order_id, user_id: viewer.user_id });
    return { review: await repo.findReview(ctx.db, reviewId), created: true };
  } catch (error) {
    // The same review posted twice at once: the unique order_id lets one insert, the other becomes the update.
    if (!isUniqueViolation(error)) throw error;
    const reviewId = (await repo.updateOrderReview(ctx.db, order.order_id, change)) as number;
    return { review: await repo.findReview(ctx.db, reviewId), created: false };
  }
}

/** How much of a reviewer's username a product page shows. */
const REVIEWER_NAME_LENGTH = 12;

/**
 * A product's reviews, newest first: the reviews of the orders that hold it, each signed with the
 * first 12 characters of the reviewer's username; 404 for a product that is not on sale.
 */
export async function listProductReviews(
  ctx: AppContext,
  productId: number,
  { page, limit }: { page: number; limit: number },
): Promise<ProductReviews> {
  if (!(await findVisibleProduct(ctx.db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const offset = (page - 1) * limit;
  const [summary, rows] = await Promise.all([
    repo.summariseProductReviews(ctx.db, productId),
    repo.listProductReviews(ctx.db, productId, { limit, offset }),
  ]);
  return {
    average: summary.average === null ? null : Math.round(summary.average * 10) / 10,
    count: summary.count,
    reviews: rows.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      reviewerName: Array.from(row.username).slice(0, REVIEWER_NAME_LENGTH).join(""),
      createdAt: row.review_date,
    })),
    pagination: { page, limit, total: summary.count, hasNext: offset + limit < summary.count },
  };
}
