import {
  type AdminOverview,
  adminOverviewSchema,
  type CartOrderCustomizationAnswer,
  cartOrderCustomizationAnswerSchema,
  cartOrderCustomizationBody,
  createOrderBody,
  type DeliveriesAnswer,
  deliveriesAnswerSchema,
  deliveriesQuery,
  idParam,
  moveDeliveryBody,
  type OrderDetail,
  type OrderSummary,
  orderDetailSchema,
  orderSummarySchema,
  overviewQuery,
  type ProofAnswer,
  proofAnswerSchema,
  statusBody,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { readImageField } from "../../lib/multipart.js";
import { privateImageParams, sendPrivateImage } from "../../lib/private-images.js";
import { requireAdmin, requireSelf, requireUser } from "../../plugins/auth.js";
import { receiptOwner } from "../payments/service.js";
import * as orders from "./service.js";

export async function ordersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["orders"];
  const detail = { 200: orderDetailSchema, ...errorAnswers };

  const createSchema = {
    tags,
    summary: "Place an order from cart lines or, for Buy Now, products; 409 with unavailableItems when stock is short",
    body: createOrderBody,
    response: { 201: orderDetailSchema, ...errorAnswers },
  };
  app.post("/order", { schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(createOrderBody, request.body);
    // An order is always the signed-in shopper's own; naming someone else is treated like an unknown user.
    if (input.user_id !== undefined) requireSelf(request, input.user_id);
    const order: OrderDetail = await orders.createOrder(ctx, user, input);
    // Counted once the order's transaction has committed: a refused or rolled-back order is not.
    app.metrics.ordersPlaced.inc();
    return reply.status(201).send(order);
  });

  const userOrdersSchema = {
    tags,
    summary: "A shopper's orders, newest first",
    params: userIdParam,
    response: { 200: orderSummarySchema.array(), ...errorAnswers },
  };
  app.get("/order/user/:userId", { schema: userOrdersSchema }, async (request): Promise<OrderSummary[]> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId, { adminAllowed: true });
    return orders.listUserOrders(ctx, userId);
  });

  const overviewSchema = {
    tags,
    summary: "Transactions, the month's income and reviews (admin)",
    querystring: overviewQuery,
    response: { 200: adminOverviewSchema, ...errorAnswers },
  };
  app.get("/order/admin/overview", { schema: overviewSchema }, async (request): Promise<AdminOverview> => {
    requireAdmin(request);
    return orders.overview(ctx, parse(overviewQuery, request.query));
  });

  const deliveriesSchema = {
    tags,
    summary:
      "A day's deliveries (admin): every order that is not Denied or Cancelled, by slot with its capacity; orders without a slot under unscheduled",
    querystring: deliveriesQuery,
    response: { 200: deliveriesAnswerSchema, ...errorAnswers },
  };
  app.get("/order/admin/deliveries", { schema: deliveriesSchema }, async (request): Promise<DeliveriesAnswer> => {
    requireAdmin(request);
    return orders.deliveries(ctx, parse(deliveriesQuery, request.query).date);
  });

  const moveSchema = {
    tags,
    summary:
      "Move an order to another date and slot, and district (admin); 409 for a closed slot, a full one unless overCapacity, or a finished, denied or cancelled order",
    params: idParam,
    body: moveDeliveryBody,
    response: detail,
  };
  app.patch("/order/:id/delivery", { schema: moveSchema }, async (request): Promise<OrderDetail> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return orders.moveDelivery(ctx, admin, id, parse(moveDeliveryBody, request.body));
  });

  const orderSchema = { tags, summary: "One order (its owner or an admin)", params: idParam, response: detail };
  app.get("/order/:id", { schema: orderSchema }, async (request): Promise<OrderDetail> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return orders.getOrder(ctx, user, id);
  });

  const statusSchema = {
    tags,
    summary: "Move an order to its next status (admin); 409 for a change the rules do not allow",
    params: idParam,
    body: statusBody,
    response: detail,
  };
  app.patch("/order/:id/status", { schema: statusSchema }, async (request): Promise<OrderDetail> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return orders.changeStatus(ctx, admin, id, parse(statusBody, request.body));
  });

  const proofSchema = {
    tags,
    summary: "Upload the delivery proof (admin), multipart field order_proof",
    params: idParam,
    consumes: ["multipart/form-data"],
    response: { 200: proofAnswerSchema, ...errorAnswers },
  };
  app.put("/order/:id/proof", { schema: proofSchema }, async (request): Promise<ProofAnswer> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const image = await readImageField(request, "order_proof", {
      name: "the proof",
      missing: "Please choose a proof image to upload",
      code: "PROOF_REQUIRED",
    });
    return orders.uploadProof(ctx, admin, id, image);
  });

  const customizationsSchema = {
    tags,
    summary: "An order's lines with their customizations (its owner)",
    body: cartOrderCustomizationBody,
    response: { 200: cartOrderCustomizationAnswerSchema, ...errorAnswers },
  };
  app.post(
    "/cartOrderCustomization",
    { schema: customizationsSchema },
    async (request): Promise<CartOrderCustomizationAnswer> => {
      const user = requireUser(request);
      const { order_id } = parse(cartOrderCustomizationBody, request.body);
      return orders.orderCustomizations(ctx, user, order_id);
    },
  );
}

/**
 * Serves delivery proofs and transfer receipts, which live outside the public uploads folder: only
 * the order's owner and admins get the file; anyone else gets the same 404 as for a file that does
 * not exist.
 */
export async function privateFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const kinds = [
    { area: "proofs", tag: "orders", what: "A delivery proof", owner: orders.proofOwner },
    { area: "receipts", tag: "payments", what: "A transfer receipt", owner: receiptOwner },
  ] as const;
  for (const { area, tag, what, owner } of kinds) {
    // The answer is an image, not JSON: only the error answers have a schema.
    const fileSchema = {
      tags: [tag],
      summary: `${what} image (WebP), for the order's owner and admins`,
      params: privateImageParams,
      produces: ["image/webp"],
      response: errorAnswers,
    };
    app.get(`/uploads/${area}/:name`, { schema: fileSchema }, async (request, reply) => {
      const user = requireUser(request);
      const { name } = parse(privateImageParams, request.params);
      return sendPrivateImage(reply, ctx.files, area, name, (path) => owner(ctx, user, path));
    });
  }
}
