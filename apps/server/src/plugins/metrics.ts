import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createMetrics, type ShopMetrics } from "../lib/metrics.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics (lib/metrics.ts): routes count what they do, GET /metrics shows them. */
    readonly metrics: ShopMetrics;
  }
}

/**
 * Gives the app its metrics and, when they are served (METRICS_TOKEN set), times every answer by
 * its route pattern: `/api/order/:id`, never the raw URL, so one label per route however many ids
 * are asked for. A path no route knows is counted as "unmatched".
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { served }: { served: boolean }) => {
    const metrics = createMetrics({ withProcess: served });
    app.decorate("metrics", metrics);
    if (!served) return;
    // A callback, not an async hook: an async one costs every answer a promise and a later turn.
    app.addHook("onResponse", (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status: String(reply.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: "metrics" },
);
