import type { User } from "@florist/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../context.js";
import { forbidden, notFound, unauthorized } from "../errors.js";
import { SESSION_TTL_MS, sessionOf } from "../modules/accounts/service.js";

type Session = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

export const SESSION_COOKIE = "florist_session";

/**
 * A non-secret companion of the session cookie that scripts may read: it says only that a session may
 * exist, so the web app asks GET /api/users/session (401 without one) only when it can answer a user.
 * Set with the session, cleared with it, and cleared by any request that carries it without a session;
 * a live session that comes without it (one begun before the hint existed) gets it back, or its owner
 * would look logged out to the web app.
 */
export const SESSION_HINT_COOKIE = "signed_in";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionHash: string | null;
  }
}

/**
 * Reads the session cookie on every request and sets request.user. Sessions live in the database;
 * each process keeps the live ones it has read until one ends or an account changes (sessionOf).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionHash", null);
    const hintOptions = sessionHintCookieOptions(ctx.config.appUrl);
    /** Sets request.user from a live session, or clears the hint of one that has ended. */
    const applySession = (request: FastifyRequest, reply: FastifyReply, session: Session | null) => {
      if (session) {
        request.user = session.user;
        request.sessionHash = session.sessionHash;
        if (request.cookies[SESSION_HINT_COOKIE] === undefined) {
          reply.setCookie(SESSION_HINT_COOKIE, "1", { ...hintOptions, maxAge: SESSION_TTL_MS / 1000 });
        }
      } else if (request.cookies[SESSION_HINT_COOKIE] !== undefined) {
        // The session has expired or ended elsewhere (a password reset): the hint goes with it.
        reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
      }
    };
    // A callback, not an async hook: a request without a session (most of a shop's) costs no promise.
    app.addHook("onRequest", (request, reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) {
        applySession(request, reply, null);
        return done();
      }
      sessionOf(ctx, token).then((session) => {
        try {
          applySession(request, reply, session);
        } catch (error) {
          return done(error as Error);
        }
        done();
      }, done);
    });
  },
  { name: "auth" },
);

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

export function sessionHintCookieOptions(appUrl: string) {
  return { ...sessionCookieOptions(appUrl), httpOnly: false };
}

export function sessionCookieOptions(appUrl: string) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: appUrl.startsWith("https://"),
  };
}
