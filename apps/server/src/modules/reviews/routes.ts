import {
  idParam,
  orderIdParam,
  type ProductReviews,
  productReviewsQuery,
  productReviewsSchema,
  type Review,
  reviewBody,
  reviewSchema,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requireSelf, requireUser } from "../../plugins/auth.js";
import * as reviews from "./service.js";

export async function reviewsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["reviews"];

  const listSchema = {
    tags,
    summary: "An order's reviews (its owner or an admin)",
    params: orderIdParam,
    response: { 200: reviewSchema.array(), ...errorAnswers },
  };
  app.get("/review/order/:orderId", { schema: listSchema }, async (request): Promise<Review[]> => {
    const user = requireUser(request);
    const { orderId } = parse(orderIdParam, request.params);
    return reviews.listOrderReviews(ctx, user, orderId);
  });

  const saveSchema = {
    tags,
    summary: "Review a finished order: 201 when new, 200 when it replaces the shopper's earlier review",
    body: reviewBody,
    response: { 200: reviewSchema, 201: reviewSchema, ...errorAnswers },
  };
  app.post("/review", { schema: saveSchema }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(reviewBody, request.body);
    // A review is always written as the signed-in shopper; naming someone else is treated like an unknown user.
    if (input.user_id !== undefined) requireSelf(request, input.user_id);
    const { review, created } = await reviews.saveReview(ctx, user, input);
    return reply.status(created ? 201 : 200).send(review);
  });

  const productSchema = {
    tags,
    summary: "A product's reviews (those of the orders that hold it), newest first, with their average and number",
    params: idParam,
    querystring: productReviewsQuery,
    response: { 200: productReviewsSchema, ...errorAnswers },
  };
  app.get("/products/:id/reviews", { schema: productSchema }, async (request): Promise<ProductReviews> => {
    const { id } = parse(idParam, request.params);
    return reviews.listProductReviews(ctx, id, parse(productReviewsQuery, request.query));
  });
}
