import fs from "node:fs/promises";
import {
  idParam,
  type OrderDetail,
  orderDetailSchema,
  type PaymentQueue,
  paymentDecisionBody,
  paymentQueueSchema,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError, badRequest, notFound, parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { proofFile } from "../../lib/images.js";
import { readMultipart } from "../../lib/multipart.js";
import { requireAdmin, requireUser } from "../../plugins/auth.js";
import * as payments from "./service.js";

export async function paymentsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["payments"];
  const detail = { 200: orderDetailSchema, ...errorAnswers };

  const queueSchema = {
    tags,
    summary: "Transfer receipts awaiting verification, oldest order first (admin)",
    response: { 200: paymentQueueSchema, ...errorAnswers },
  };
  app.get("/order/admin/payments", { schema: queueSchema }, async (request): Promise<PaymentQueue> => {
    requireAdmin(request);
    return payments.paymentQueue(ctx);
  });

  const receiptSchema = {
    tags,
    summary:
      "Send the transfer receipt (the order's owner), multipart field payment_proof; 409 unless the order is Order Received or In Delivery and its payment Pending or Rejected",
    params: idParam,
    consumes: ["multipart/form-data"],
    response: detail,
  };
  app.put("/order/:id/payment-proof", { schema: receiptSchema }, async (request): Promise<OrderDetail> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    if (!request.isMultipart()) {
      throw new AppError(
        415,
        "Send the transfer receipt as multipart/form-data in the field payment_proof.",
        "NOT_MULTIPART",
      );
    }
    const { files } = await readMultipart(request);
    const image = files.payment_proof;
    if (!image) {
      throw badRequest("Please choose a photo of the transfer receipt (field payment_proof).", "RECEIPT_REQUIRED");
    }
    return payments.uploadReceipt(ctx, user, id, image);
  });

  const decisionSchema = {
    tags,
    summary:
      "Approve or reject the transfer receipt, or mark the order paid without one, with a note (admin); 409 as contract §7.2",
    params: idParam,
    body: paymentDecisionBody,
    response: detail,
  };
  app.patch("/order/:id/payment", { schema: decisionSchema }, async (request): Promise<OrderDetail> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return payments.decidePayment(ctx, admin, id, parse(paymentDecisionBody, request.body));
  });

  const cancelSchema = {
    tags,
    summary:
      "Cancel an order (its owner): the stock goes back and the slot is freed; 409 unless it is Order Received and not paid",
    params: idParam,
    response: detail,
  };
  app.post("/order/:id/cancel", { schema: cancelSchema }, async (request): Promise<OrderDetail> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return payments.cancelOrder(ctx, user, id);
  });
}

const receiptNameParam = z.object({ name: z.string().max(100) });

/**
 * Serves transfer receipts, which live outside the public uploads folder: only the order's owner and
 * admins get the file; anyone else gets the same 404 as for a file that does not exist.
 */
export async function receiptFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The answer is an image, not JSON: only the error answers have a schema.
  const fileSchema = {
    tags: ["payments"],
    summary: "A transfer receipt image (WebP), for the order's owner and admins",
    params: receiptNameParam,
    produces: ["image/webp"],
    response: errorAnswers,
  };
  app.get("/uploads/receipts/:name", { schema: fileSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { name } = parse(receiptNameParam, request.params);
    const file = proofFile(ctx.config.dataDir, name, "receipts");
    if (!file) throw notFound("Not found.");
    await payments.receiptOwner(ctx, user, `/uploads/receipts/${name}`);
    const image = await fs.readFile(file).catch(() => null);
    if (!image) throw notFound("Not found.");
    return reply
      .header("content-type", "image/webp")
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff")
      .send(image);
  });
}
