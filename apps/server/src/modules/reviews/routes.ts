import { orderIdParam, type Review, reviewBody } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { requireSelf, requireUser } from "../../plugins/auth.js";
import * as reviews from "./service.js";

export async function reviewsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/review/order/:orderId", async (request): Promise<Review[]> => {
    const user = requireUser(request);
    const { orderId } = parse(orderIdParam, request.params);
    return reviews.listOrderReviews(ctx, user, orderId);
  });

  app.post("/review", async (request, reply) => {
    const user = requireUser(request);
    const input = parse(reviewBody, request.body);
    // A review is always written as the signed-in shopper; naming someone else is treated like an unknown user.
    if (input.user_id !== undefined) requireSelf(request, input.user_id);
    const { review, created } = await reviews.saveReview(ctx, user, input);
    return reply.status(created ? 201 : 200).send(review);
  });
}
