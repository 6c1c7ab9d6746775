import { isReviewable, type Review, type reviewBody } from "@florist/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { conflict } from "../../errors.js";
import { nowIso } from "../../lib/time.js";
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
