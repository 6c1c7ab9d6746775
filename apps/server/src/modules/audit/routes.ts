import { auditPageSchema, auditQuery } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requireAdmin } from "../../plugins/auth.js";
import { auditPage } from "./service.js";

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();

  const listSchema = {
    tags: ["audit (admin)"],
    summary: "Every change an admin made, newest first, paged; filtered by the admin and the kind of change",
    querystring: auditQuery,
    response: { 200: auditPageSchema, ...errorAnswers },
  };
  app.get("/admin/audit", { schema: listSchema }, async (request) => {
    requireAdmin(request);
    return auditPage(ctx, parse(auditQuery, request.query));
  });
}
