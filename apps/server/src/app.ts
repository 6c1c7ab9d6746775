import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { AppContext } from "./context.js";
import { registerErrorHandler } from "./errors.js";
import { COMPRESS_THRESHOLD } from "./lib/cached-answer.js";
import { answerSerializerCompiler, CHECK_ANSWERS } from "./lib/contract-schemas.js";
import { MAX_IMAGE_BYTES } from "./lib/images.js";
import { OneLinePerRequest } from "./lib/request-log.js";
import { accountsRoutes } from "./modules/accounts/routes.js";
import { addonsRoutes } from "./modules/addons/routes.js";
import { auditRoutes } from "./modules/audit/routes.js";
import { cartRoutes } from "./modules/cart/routes.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { categoriesRoutes } from "./modules/categories/routes.js";
import { deliveryRoutes } from "./modules/delivery/routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { invoicesRoutes } from "./modules/invoices/routes.js";
import { metricsRoutes } from "./modules/metrics/routes.js";
import { remindersRoutes } from "./modules/notifications/routes.js";
import { occasionsRoutes } from "./modules/occasions/routes.js";
import { ordersRoutes, privateFileRoutes } from "./modules/orders/routes.js";
import { paymentsRoutes } from "./modules/payments/routes.js";
import { postsRoutes } from "./modules/posts/routes.js";
import { productsRoutes } from "./modules/products/routes.js";
import { reviewsRoutes } from "./modules/reviews/routes.js";
import { searchRoutes } from "./modules/search/routes.js";
import { settingsRoutes } from "./modules/settings/routes.js";
import { apiDocs } from "./plugins/api-docs.js";
import { authPlugin } from "./plugins/auth.js";
import { inputGuardPlugin } from "./plugins/input-guard.js";
import { metricsPlugin } from "./plugins/metrics.js";
import { originPlugin } from "./plugins/origin.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";
import { shareImagePlugin } from "./plugins/share-image.js";
import { sitemapPlugin } from "./plugins/sitemap.js";
import { uploadsPlugin } from "./plugins/uploads.js";
import { webAppPlugin } from "./plugins/web-app.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered (HEAD aside), so the access test can prove its table covers them all. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Builds the app without listening: server.ts listens, tests call app.inject(). */
export async function buildApp(ctx: AppContext, options: FastifyServerOptions = {}) {
  const limits = ctx.config.http;
  const app = Fastify({
    logger: false,
    // With a logger (server.ts gives one), one line per request, not Fastify's two.
    logController: new OneLinePerRequest(),
    // Only a proxy we run may say who the client is; otherwise X-Forwarded-For could dodge the login limit.
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that trickles its headers or body, or goes silent, must not hold a connection forever.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerConnection,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node enforces the two timeouts above on this sweep (30 s by default), so it runs more often.
      connectionsCheckingInterval: Math.max(250, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4),
    },
    ...options,
  });
  app.server.maxConnections = limits.maxConnections;
  let lastDropWarning = 0;
  app.server.on("drop", () => {
    // Once a minute at most: a flood must not also flood the log.
    if (Date.now() - lastDropWarning < 60_000) return;
    lastDropWarning = Date.now();
    app.log.warn(`Connection refused: ${limits.maxConnections} connections are open (MAX_CONNECTIONS).`);
  });

  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
  });

  registerErrorHandler(app);
  // Before every route, so each answer is counted and timed.
  await app.register(metricsPlugin, { served: ctx.config.metricsToken !== undefined });
  // Request schemas document the routes; each handler parses its input itself, after its access check.
  app.setValidatorCompiler(() => () => true);
  // Answers are checked against their schema in tests and development, only serialised in production.
  app.setSerializerCompiler(answerSerializerCompiler(CHECK_ANSWERS));
  // First, so every answer carries the headers, even one refused by a later hook.
  await app.register(securityHeadersPlugin, { appUrl: ctx.config.appUrl });
  await app.register(cookie);
  // Before the routes: JSON and text answers of 1 KB and more go out as brotli or gzip when the
  // client accepts it. Answers that carry their own encoding (the catalogue's cache, the web app's
  // pre-compressed files) pass through as they are; request bodies are never decompressed.
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES } });
  await app.register(originPlugin, { appUrl: ctx.config.appUrl });
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { ctx });
  await apiDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(accountsRoutes, { ctx });
      await api.register(settingsRoutes, { ctx });
      await api.register(deliveryRoutes, { ctx });
      await api.register(postsRoutes, { ctx });
      await api.register(cartRoutes, { ctx });
      await api.register(ordersRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx });
      await api.register(invoicesRoutes, { ctx });
      await api.register(remindersRoutes, { ctx });
      await api.register(reviewsRoutes, { ctx });
      await api.register(catalogRoutes, { ctx });
      await api.register(productsRoutes, { ctx });
      await api.register(addonsRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(categoriesRoutes, { ctx });
      await api.register(occasionsRoutes, { ctx });
      await api.register(searchRoutes, { ctx });
    },
    { prefix: "/api" },
  );

  await app.register(metricsRoutes, { ctx });

  // Proofs and receipts are private: these guarded routes answer them, never the public static handler below.
  await app.register(privateFileRoutes, { ctx });

  await app.register(uploadsPlugin, { ctx });

  // Link previews and crawlers (contract §7.6), with or without a built web app.
  await app.register(shareImagePlugin, { ctx });
  await app.register(sitemapPlugin, { ctx });

  await app.register(webAppPlugin, { webDist: ctx.config.webDist, ctx });

  return app;
}
