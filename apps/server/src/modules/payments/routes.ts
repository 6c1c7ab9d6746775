import {
  idParam,
  type OrderDetail,
  orderDetailSchema,
  type PaymentQueue,
  paymentDecisionBody,
  paymentQueueSchema,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { readImageField } from "../../lib/multipart.js";
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
    const image = await readImageField(request, "payment_proof", {
      name: "the transfer receipt",
      missing: "Please choose a photo of the transfer receipt",
      code: "RECEIPT_REQUIRED",
    });
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
