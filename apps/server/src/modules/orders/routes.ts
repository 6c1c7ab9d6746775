import fs from "node:fs/promises";
import {
  type AdminOverview,
  type CartOrderCustomizationAnswer,
  cartOrderCustomizationBody,
  createOrderBody,
  idParam,
  type OrderDetail,
  type OrderSummary,
  overviewQuery,
  type ProofAnswer,
  statusBody,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError, badRequest, notFound, parse } from "../../errors.js";
import { proofFile } from "../../lib/images.js";
import { readMultipart } from "../../lib/multipart.js";
import { requireAdmin, requireSelf, requireUser } from "../../plugins/auth.js";
import * as orders from "./service.js";

export async function ordersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post("/order", async (request, reply) => {
    const user = requireUser(request);
    const input = parse(createOrderBody, request.body);
    // An order is always the signed-in shopper's own; naming someone else is treated like an unknown user.
    if (input.user_id !== undefined) requireSelf(request, input.user_id);
    const order: OrderDetail = await orders.createOrder(ctx, user.user_id, input);
    return reply.status(201).send(order);
  });

  app.get("/order/user/:userId", async (request): Promise<OrderSummary[]> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId, { adminAllowed: true });
    return orders.listUserOrders(ctx, userId);
  });

  app.get("/order/admin/overview", async (request): Promise<AdminOverview> => {
    requireAdmin(request);
    return orders.overview(ctx, parse(overviewQuery, request.query));
  });

  app.get("/order/:id", async (request): Promise<OrderDetail> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return orders.getOrder(ctx, user, id);
  });

  app.patch("/order/:id/status", async (request): Promise<OrderDetail> => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return orders.changeStatus(ctx, id, parse(statusBody, request.body));
  });

  app.put("/order/:id/proof", async (request): Promise<ProofAnswer> => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    if (!request.isMultipart()) {
      throw new AppError(415, "Send the proof as multipart/form-data in the field order_proof.", "NOT_MULTIPART");
    }
    const { files } = await readMultipart(request);
    const image = files.order_proof;
    if (!image) throw badRequest("Please choose a proof image to upload (field order_proof).", "PROOF_REQUIRED");
    return orders.uploadProof(ctx, id, image);
  });

  app.post("/cartOrderCustomization", async (request): Promise<CartOrderCustomizationAnswer> => {
    const user = requireUser(request);
    const { order_id } = parse(cartOrderCustomizationBody, request.body);
    return orders.orderCustomizations(ctx, user, order_id);
  });
}

const proofNameParam = z.object({ name: z.string().max(100) });

/**
 * Serves delivery proofs, which live outside the public uploads folder: only the order's owner and
 * admins get the file; anyone else gets the same 404 as for a file that does not exist.
 */
export async function proofFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/uploads/proofs/:name", async (request, reply) => {
    const user = requireUser(request);
    const { name } = parse(proofNameParam, request.params);
    const file = proofFile(ctx.config.dataDir, name);
    if (!file) throw notFound("Not found.");
    await orders.proofOwner(ctx, user, `/uploads/proofs/${name}`);
    const image = await fs.readFile(file).catch(() => null);
    if (!image) throw notFound("Not found.");
    return reply
      .header("content-type", "image/webp")
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff")
      .send(image);
  });
}
