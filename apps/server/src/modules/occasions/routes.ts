import { idParam, type Occasion, occasionBody, occasionSchema } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import * as occasions from "./service.js";

/** The occasions shoppers choose gifts by (contract §7.7): anyone reads them, the admin runs them. */
export async function occasionsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["occasions"];

  const listSchema = {
    tags,
    summary: "Every occasion in the admin's order, with how many products on sale carry it",
    response: { 200: occasionSchema.array(), ...errorAnswers },
  };
  app.get("/occasions", { schema: listSchema }, async (): Promise<Occasion[]> => occasions.listOccasions(ctx));

  const createSchema = {
    tags,
    summary: "Add an occasion, last; 409 when the name is taken (however cased)",
    body: occasionBody,
    response: { 201: occasionSchema, ...errorAnswers },
  };
  app.post("/occasions", { schema: createSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const occasion: Occasion = await occasions.createOccasion(ctx, admin, parse(occasionBody, request.body));
    return reply.status(201).send(occasion);
  });

  const renameSchema = {
    tags,
    summary: "Rename an occasion; 409 when the name is taken (however cased)",
    params: idParam,
    body: occasionBody,
    response: { 200: occasionSchema, ...errorAnswers },
  };
  app.put("/occasions/:id", { schema: renameSchema }, async (request): Promise<Occasion> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return occasions.renameOccasion(ctx, admin, id, parse(occasionBody, request.body));
  });

  const deleteSchema = {
    tags,
    summary: "Delete an occasion; the products it tagged stay, without it",
    params: idParam,
    response: { 204: noContent, ...errorAnswers },
  };
  app.delete("/occasions/:id", { schema: deleteSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await occasions.deleteOccasion(ctx, admin, id);
    return reply.status(204).send();
  });
}
