import { deliveryFeeBody, deliveryFeeSchema, paymentSettingsBody, paymentSettingsSchema } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import { getDeliveryFee, getPaymentSettings, setDeliveryFee, setPaymentSettings } from "./service.js";

export async function settingsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["settings"];

  app.get(
    "/settings/delivery-fee",
    { schema: { tags, summary: "The delivery fee in rupiah", response: { 200: deliveryFeeSchema, ...errorAnswers } } },
    async () => ({ deliveryFee: await getDeliveryFee(ctx.db) }),
  );

  const putSchema = {
    tags,
    summary: "Change the delivery fee (admin)",
    body: deliveryFeeBody,
    response: { 200: deliveryFeeSchema, ...errorAnswers },
  };
  app.put("/settings/delivery-fee", { schema: putSchema }, async (request) => {
    const admin = requireAdmin(request);
    const { deliveryFee } = parse(deliveryFeeBody, request.body);
    return { deliveryFee: await setDeliveryFee(ctx, admin, deliveryFee) };
  });

  app.get(
    "/settings/payment",
    {
      schema: {
        tags,
        summary: "The bank accounts to transfer to and the minutes a new order may stay unpaid (0: no limit)",
        response: { 200: paymentSettingsSchema, ...errorAnswers },
      },
    },
    async () => getPaymentSettings(ctx.db),
  );

  const putPaymentSchema = {
    tags,
    summary: "Replace the bank accounts and the payment window (admin); a window of 0 turns expiry off",
    body: paymentSettingsBody,
    response: { 200: paymentSettingsSchema, ...errorAnswers },
  };
  app.put("/settings/payment", { schema: putPaymentSchema }, async (request) => {
    const admin = requireAdmin(request);
    return setPaymentSettings(ctx, admin, parse(paymentSettingsBody, request.body));
  });
}
