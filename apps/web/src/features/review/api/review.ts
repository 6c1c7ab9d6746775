import type { OrderDetail, Review, reviewBody } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
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
  const body: z.input<typeof reviewBody> = {
    order_id: input.orderId,
    user_id: input.userId,
    rating: input.rating,
    comment: input.comment.trim(),
  };
  return api.post<Review>("/review", body);
}
