import { deliveryFeeBody } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { requireAdmin } from "../../plugins/auth.js";
import { getDeliveryFee, setDeliveryFee } from "./service.js";

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/settings/delivery-fee", async () => ({ deliveryFee: await getDeliveryFee(ctx.db) }));

  app.put("/settings/delivery-fee", async (request) => {
    requireAdmin(request);
    const { deliveryFee } = parse(deliveryFeeBody, request.body);
    return { deliveryFee: await setDeliveryFee(ctx.db, deliveryFee) };
  });
}
