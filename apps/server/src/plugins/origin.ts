import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request whose Origin is neither the Host it was sent to nor APP_URL.
 * Together with SameSite=Lax cookies this stops other sites from acting with a shopper's session.
 */
export const originPlugin = fp(
  async (app: FastifyInstance, { appUrl }: { appUrl: string }) => {
    const allowed = new URL(appUrl).origin;
    // A callback, not an async hook: a GET (most requests) costs no promise.
    app.addHook("onRequest", (request, _reply, done) => {
      const origin = request.headers.origin;
      if (SAFE_METHODS.has(request.method) || !origin || origin === allowed) return done();
      const host = request.headers.host;
      if (host && (origin === `http://${host}` || origin === `https://${host}`)) return done();
      done(forbidden("Requests from other sites are not accepted."));
    });
  },
  { name: "origin" },
);
