import type { OrderDetail, Review } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const orderReviewsQuery = (orderId: number) =>
  queryOptions({
    queryKey: ["reviews", orderId],
    queryFn: ({ signal }) => api.get<Review[]>(`/review/order/${orderId}`, undefined, signal),
  });

export const reviewOrderQuery = (orderId: number) =>
  queryOptions({
    queryKey: ["order", orderId],
    queryFn: ({ signal }) => api.get<OrderDetail>(`/order/${orderId}`, undefined, signal),
  });

export interface SubmitReviewInput {
  orderId: number;
  userId: number;
  rating: number;
  comment: string;
}

export function submitReview(input: SubmitReviewInput) {
  return api.post<Review>("/review", {
    order_id: input.orderId,
    user_id: input.userId,
    rating: input.rating,
    comment: input.comment.trim(),
  });
}
