import {
  availabilityAnswerSchema,
  availabilityQuery,
  type DayAvailability,
  type DeliverySchedule,
  deliveryScheduleBody,
  deliveryScheduleSchema,
  type StrandedOrders,
  strandedOrdersSchema,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import * as delivery from "./service.js";

export async function deliveryRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["delivery"];
  const scheduleAnswer = { 200: deliveryScheduleSchema, ...errorAnswers };

  const publicSchema = {
    tags,
    summary: "The delivery schedule: active slots and districts, closed dates from today on (no reasons)",
    response: scheduleAnswer,
  };
  app.get(
    "/delivery/schedule",
    { schema: publicSchema },
    (): Promise<DeliverySchedule> => delivery.publicSchedule(ctx),
  );

  const availabilitySchema = {
    tags,
    summary:
      "Each date's slots with what is left, or why not (closed, full, cutoff); from today for 14 days by default",
    querystring: availabilityQuery,
    response: { 200: availabilityAnswerSchema, ...errorAnswers },
  };
  app.get(
    "/delivery/availability",
    { schema: availabilitySchema },
    (request): Promise<DayAvailability[]> => delivery.availability(ctx, parse(availabilityQuery, request.query)),
  );

  const adminSchema = {
    tags,
    summary: "The whole delivery schedule, switched-off entries and reasons included (admin)",
    response: scheduleAnswer,
  };
  app.get("/settings/delivery-schedule", { schema: adminSchema }, async (request): Promise<DeliverySchedule> => {
    requireAdmin(request);
    return delivery.adminSchedule(ctx);
  });

  const putSchema = {
    tags,
    summary:
      "Save the delivery schedule (admin): entries without an id are new, slots and districts left out are switched off, closed dates from today on are replaced",
    body: deliveryScheduleBody,
    response: scheduleAnswer,
  };
  app.put("/settings/delivery-schedule", { schema: putSchema }, async (request): Promise<DeliverySchedule> => {
    const admin = requireAdmin(request);
    return delivery.saveSchedule(ctx, admin, parse(deliveryScheduleBody, request.body));
  });

  const checkSchema = {
    tags,
    summary: "The orders from today on that saving this schedule would strand (admin); saves nothing",
    body: deliveryScheduleBody,
    response: { 200: strandedOrdersSchema, ...errorAnswers },
  };
  app.post("/settings/delivery-schedule/check", { schema: checkSchema }, async (request): Promise<StrandedOrders> => {
    requireAdmin(request);
    return delivery.strandedOrders(ctx, parse(deliveryScheduleBody, request.body));
  });
}
