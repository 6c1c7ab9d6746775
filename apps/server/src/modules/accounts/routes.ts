import {
  forgotPasswordBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  resetTokenParam,
  type SessionAnswer,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError, parse } from "../../errors.js";
import { requireSelf, SESSION_COOKIE, sessionCookieOptions } from "../../plugins/auth.js";
import * as accounts from "./service.js";

export const FORGOT_PASSWORD_MESSAGE = "Email reset password telah dikirim. Silakan periksa inbox Anda.";

export async function accountsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const cookieOptions = sessionCookieOptions(ctx.config.appUrl);

  function setSessionCookie(reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: accounts.SESSION_TTL_MS / 1000 });
  }

  app.post("/users/register", async (request, reply) => {
    const input = parse(registerBody, request.body);
    const user = await accounts.register(ctx, input);
    setSessionCookie(reply, await accounts.startSession(ctx, user.user_id, request.sessionHash));
    return reply.status(201).send({ user });
  });

  app.post("/users/login", async (request, reply) => {
    const { identifier, password } = parse(loginBody, request.body);
    // A refused attempt says when to come back, in the header clients and proxies understand.
    const user = await accounts.login(ctx, identifier, password, request.ip).catch((error) => {
      if (error instanceof AppError && typeof error.extra?.retryAfter === "number") {
        reply.header("Retry-After", String(error.extra.retryAfter));
      }
      throw error;
    });
    setSessionCookie(reply, await accounts.startSession(ctx, user.user_id, request.sessionHash));
    return { user };
  });

  app.post("/users/logout", async (request, reply) => {
    await accounts.endSession(ctx, request.sessionHash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.status(204).send();
  });

  app.get("/users/session", async (request, reply): Promise<SessionAnswer> => {
    if (!request.user) return reply.status(401).send({ loggedIn: false, message: "Not logged in." });
    return { loggedIn: true, user: request.user };
  });

  app.post("/users/forgotpassword", async (request) => {
    const { email } = parse(forgotPasswordBody, request.body);
    // Not awaited: the answer is the same, at once, for a known, an unknown or an unreachable address.
    accounts.requestPasswordReset(ctx, email, request.log);
    return { message: FORGOT_PASSWORD_MESSAGE };
  });

  app.patch("/users/resetpassword/:token", async (request) => {
    const { token } = parse(resetTokenParam, request.params);
    const { newPassword } = parse(resetPasswordBody, request.body);
    await accounts.resetPassword(ctx, token, newPassword, request.ip);
    return { message: "Password berhasil diubah! Silakan login kembali." };
  });

  app.patch("/users/:userId/profile", async (request) => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    const { username } = parse(profileBody, request.body);
    return { user: await accounts.updateProfile(ctx, userId, username) };
  });
}
