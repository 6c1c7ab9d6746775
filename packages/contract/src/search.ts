import { z } from "zod";
import { catalogProductSchema } from "./catalog.js";
import { id, int, pageLimit, pageNumber, paginationSchema } from "./common.js";

/** How search results are ordered: best match (a match in the name first), card price, newest added. */
export const SEARCH_SORTS = ["relevance", "price_asc", "price_desc", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The most characters a search may hold, as the shop's other search boxes. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * GET /api/search (contract §7.7): words to find, an occasion and a category to keep to; at least
 * the words or one filter.
 */
export const searchQuery = z
  .object({
    q: z
      .string({ error: "q must be text." })
      .trim()
      .max(MAX_SEARCH_LENGTH, `q is at most ${MAX_SEARCH_LENGTH} characters.`)
      .optional()
      .transform((q) => q || undefined),
    occasion: id.optional(),
    category: id.optional(),
    sort: z
      .enum(SEARCH_SORTS, { error: "sort must be relevance, price_asc, price_desc or newest." })
      .default("relevance"),
    page: pageNumber,
    limit: pageLimit,
  })
  .refine((query) => query.q !== undefined || query.occasion !== undefined || query.category !== undefined, {
    message: "Type what to search for (q), or choose an occasion or a category.",
    path: ["q"],
  });
export type SearchQuery = z.output<typeof searchQuery>;

export const searchAnswerSchema = z.object({ products: z.array(catalogProductSchema), pagination: paginationSchema });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** One review as a product page shows it: the reviewer's username cut to 12 characters. */
export const productReviewSchema = z.object({
  rating: int,
  comment: z.string(),
  reviewerName: z.string(),
  createdAt: z.string(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

export const productReviewsQuery = z.object({ page: pageNumber, limit: pageLimit });

/** A product's reviews, newest first; `average` (one decimal) is null while it has none. */
export const productReviewsSchema = z.object({
  average: z.number().nullable(),
  count: int,
  reviews: z.array(productReviewSchema),
  pagination: paginationSchema,
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;
