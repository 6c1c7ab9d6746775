import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

type HttpLabel = "method" | "route" | "status";

/**
 * One app's metrics, in a registry of its own (never prom-client's global one), so every app a
 * test builds counts only its own requests and orders.
 */
export interface ShopMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<HttpLabel>;
  readonly httpDuration: Histogram<HttpLabel>;
  readonly ordersPlaced: Counter;
}

/**
 * The shop's counters, plus Node's own metrics (event-loop lag, heap, CPU, open handles) when
 * `withProcess` is set: those run a sampler, so only an app that serves /metrics starts one.
 */
export function createMetrics({ withProcess }: { withProcess: boolean }): ShopMetrics {
  const registry = new Registry();
  if (withProcess) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "florist_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "florist_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ordersPlaced: new Counter({
      name: "florist_orders_placed_total",
      help: "Orders committed by this process since it started.",
      registers,
    }),
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or the first wrong character of a guess.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}
