import { type Category, categoryBody, categoryOrderBody, categorySchema, idParam } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import * as categories from "./service.js";

/** The admin runs the catalogue's categories (contract §7.4); anyone reads them through the catalogue. */
export async function categoriesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["categories (admin)"];

  const createSchema = {
    tags,
    summary: "Add a category, last in the catalogue; 409 when the name is taken (however cased)",
    body: categoryBody,
    response: { 201: categorySchema, ...errorAnswers },
  };
  app.post("/category", { schema: createSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const category: Category = await categories.createCategory(ctx, admin, parse(categoryBody, request.body));
    return reply.status(201).send(category);
  });

  const orderSchema = {
    tags,
    summary: "Set the order of the catalogue and its pills: every category exactly once, else 400",
    body: categoryOrderBody,
    response: { 200: categorySchema.array(), ...errorAnswers },
  };
  app.put("/category/order", { schema: orderSchema }, async (request): Promise<Category[]> => {
    const admin = requireAdmin(request);
    return categories.reorderCategories(ctx, admin, parse(categoryOrderBody, request.body));
  });

  const renameSchema = {
    tags,
    summary: "Rename a category; 409 when the name is taken (however cased)",
    params: idParam,
    body: categoryBody,
    response: { 200: categorySchema, ...errorAnswers },
  };
  app.put("/category/:id", { schema: renameSchema }, async (request): Promise<Category> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    return categories.renameCategory(ctx, admin, id, parse(categoryBody, request.body));
  });

  const deleteSchema = {
    tags,
    summary: "Delete a category; 409 saying how many products (archived ones included) it still has",
    params: idParam,
    response: { 204: noContent, ...errorAnswers },
  };
  app.delete("/category/:id", { schema: deleteSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await categories.deleteCategory(ctx, admin, id);
    return reply.status(204).send();
  });
}
