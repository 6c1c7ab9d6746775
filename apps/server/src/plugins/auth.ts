import type { User } from "@florist/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../context.js";
import { forbidden, notFound, unauthorized } from "../errors.js";
import { sessionOf } from "../modules/accounts/service.js";

export const SESSION_COOKIE = "florist_session";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionHash: string | null;
  }
}

/** Reads the session cookie on every request and sets request.user from the database (sessions live there, not in memory). */
export const authPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionHash", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const session = await sessionOf(ctx, token);
    if (session) {
      request.user = session.user;
      request.sessionHash = session.sessionHash;
    }
  });
});

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): User {
  const user = requireUser(request);
  if (user.role !== "admin") throw forbidden("Only the shop's administrators may do this.");
  return user;
}

/**
 * For paths that name a user: only that user (or an admin, where docs/rules.md allows it) gets through.
 * Anyone else gets a 404, so user ids cannot be probed.
 */
export function requireSelf(request: FastifyRequest, userId: number, options: { adminAllowed?: boolean } = {}): User {
  const user = requireUser(request);
  if (user.user_id === userId) return user;
  if (options.adminAllowed && user.role === "admin") return user;
  throw notFound("Not found.");
}

export function sessionCookieOptions(appUrl: string) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: appUrl.startsWith("https://"),
  };
}
