import type { ProductReviews } from "@florist/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Reviews shown at first and added by each "More reviews". */
export const REVIEWS_PER_PAGE = 5;

/** A product's reviews, newest first, one page after another (contract §7.7). */
export const productReviewsQuery = (productId: number) =>
  infiniteQueryOptions({
    queryKey: ["product", productId, "reviews"],
    queryFn: ({ signal, pageParam }) =>
      api.get<ProductReviews>(`/products/${productId}/reviews`, { page: pageParam, limit: REVIEWS_PER_PAGE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.page + 1 : undefined),
  });
