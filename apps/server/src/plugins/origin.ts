import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request whose Origin is neither the Host it was sent to nor APP_URL.
 * Together with SameSite=Lax cookies this stops other sites from acting with a shopper's session.
 */
export const originPlugin = fp(async (app: FastifyInstance, { appUrl }: { appUrl: string }) => {
  const allowed = new URL(appUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (origin === allowed) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw forbidden("Requests from other sites are not accepted.");
  });
});
