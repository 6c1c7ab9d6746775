import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { bearerMatches } from "../../lib/metrics.js";
import { refreshShopGauges, shopGauges } from "./service.js";

/**
 * GET /metrics, outside /api, for Prometheus (contract §7.5). Without METRICS_TOKEN, or without
 * the token as a bearer, it answers exactly what a path that does not exist answers: nobody can
 * tell that metrics are there, and a session, even an admin's, opens nothing.
 */
export async function metricsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const token = ctx.config.metricsToken;
  const gauges = token ? shopGauges(app.metrics.registry) : null;
  // Not part of the API's document: it is Prometheus text, and no page of the shop calls it.
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token || !gauges || !bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
    await refreshShopGauges(ctx, gauges);
    const { registry } = app.metrics;
    return reply
      .header("cache-control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
