import { type Customization, customizationBody, customizationSchema, idParam } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import { createCustomization, deleteCustomization, updateCustomization } from "./service.js";

/** The add-ons (customizations) the admin runs; the public list stays with the catalogue. */
export async function addonsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["add-ons (admin)"];

  const createSchema = {
    tags,
    summary: "Add an add-on: a name (unique, ignoring case) and a price in whole rupiah",
    body: customizationBody,
    response: { 201: customizationSchema, ...errorAnswers },
  };
  app.post("/customization", { schema: createSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(customizationBody, request.body);
    const created: Customization = await createCustomization(ctx, admin, input);
    return reply.status(201).send(created);
  });

  const updateSchema = {
    tags,
    summary: "Rename an add-on or change its price; orders already placed keep theirs",
    params: idParam,
    body: customizationBody,
    response: { 200: customizationSchema, ...errorAnswers },
  };
  app.put("/customization/:id", { schema: updateSchema }, async (request): Promise<Customization> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return updateCustomization(ctx, admin, id, parse(customizationBody, request.body));
  });

  const deleteSchema = {
    tags,
    summary: "Delete an add-on; one that orders used is archived instead (it leaves the list, orders keep it)",
    params: idParam,
    response: { 204: noContent, ...errorAnswers },
  };
  app.delete("/customization/:id", { schema: deleteSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await deleteCustomization(ctx, admin, id);
    return reply.status(204).send();
  });
}
