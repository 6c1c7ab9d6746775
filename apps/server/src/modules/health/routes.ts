import { healthAnswerSchema, healthUnavailableSchema } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requestLanguage, t } from "../../lib/i18n.js";
import { databaseAnswers } from "./service.js";

const healthSchema = {
  tags: ["health"],
  summary: "Whether the shop and its database answer (for load balancers)",
  response: { 200: healthAnswerSchema, 503: healthUnavailableSchema, ...errorAnswers },
};

export async function healthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  app.get("/health", { schema: healthSchema }, async (request, reply) => {
    if (await databaseAnswers(ctx.db)) return { status: "ok" as const };
    const message = t(requestLanguage(request), "The database does not answer.");
    return reply.status(503).send({ status: "unavailable", message });
  });
}
