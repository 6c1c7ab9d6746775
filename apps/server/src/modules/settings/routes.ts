import { deliveryFeeBody, deliveryFeeSchema } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import { getDeliveryFee, setDeliveryFee } from "./service.js";

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
    requireAdmin(request);
    const { deliveryFee } = parse(deliveryFeeBody, request.body);
    return { deliveryFee: await setDeliveryFee(ctx.db, deliveryFee) };
  });
}
