import {
  forgotPasswordBody,
  languageBody,
  loggedInSchema,
  loggedOutSchema,
  loginBody,
  messageAnswerSchema,
  profileBody,
  registerBody,
  resetPasswordBody,
  resetTokenParam,
  userAnswerSchema,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError, parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { requestLanguage, t } from "../../lib/i18n.js";
import {
  requireSelf,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  sessionCookieOptions,
  sessionHintCookieOptions,
} from "../../plugins/auth.js";
import * as accounts from "./service.js";

export const FORGOT_PASSWORD_MESSAGE = "Email reset password telah dikirim. Silakan periksa inbox Anda.";
/** The spec's words after a new password is set (its English version is Indonesian too). */
const PASSWORD_CHANGED_MESSAGE = "Password berhasil diubah! Silakan login kembali.";

const tags = ["accounts"];
const userAnswers = { 200: userAnswerSchema, ...errorAnswers };
const messageAnswers = { 200: messageAnswerSchema, ...errorAnswers };

export async function accountsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const cookieOptions = sessionCookieOptions(ctx.config.appUrl);
  const hintOptions = sessionHintCookieOptions(ctx.config.appUrl);

  /** The session and its readable hint (signed_in=1) live as long as each other. */
  function setSessionCookie(reply: FastifyReply, token: string) {
    const maxAge = accounts.SESSION_TTL_MS / 1000;
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
    reply.setCookie(SESSION_HINT_COOKIE, "1", { ...hintOptions, maxAge });
  }

  const registerSchema = {
    tags,
    summary: "Create a customer account and sign in",
    body: registerBody,
    response: { 201: userAnswerSchema, ...errorAnswers },
  };
  app.post("/users/register", { schema: registerSchema }, async (request, reply) => {
    const input = parse(registerBody, request.body);
    const user = await accounts.register(ctx, input);
    setSessionCookie(reply, await accounts.startSession(ctx, user.user_id, request.sessionHash));
    return reply.status(201).send({ user });
  });

  const loginSchema = {
    tags,
    summary: "Sign in with a username or e-mail; 429 with retryAfter after repeated failures",
    body: loginBody,
    response: userAnswers,
  };
  app.post("/users/login", { schema: loginSchema }, async (request, reply) => {
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

  const logoutSchema = { tags, summary: "End the session", response: { 204: noContent, ...errorAnswers } };
  app.post("/users/logout", { schema: logoutSchema }, async (request, reply) => {
    await accounts.endSession(ctx, request.sessionHash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
    return reply.status(204).send();
  });

  const sessionSchema = {
    tags,
    summary: "Who is signed in",
    response: { 200: loggedInSchema, 401: loggedOutSchema, ...errorAnswers },
  };
  app.get("/users/session", { schema: sessionSchema }, async (request, reply) => {
    if (!request.user) {
      return reply.status(401).send({ loggedIn: false, message: t(requestLanguage(request), "Not logged in.") });
    }
    return { loggedIn: true as const, user: request.user };
  });

  const forgotSchema = {
    tags,
    summary: "Mail a password reset link; the same answer for any address",
    body: forgotPasswordBody,
    response: messageAnswers,
  };
  app.post("/users/forgotpassword", { schema: forgotSchema }, async (request) => {
    const { email } = parse(forgotPasswordBody, request.body);
    // Not awaited: the answer is the same, at once, for a known, an unknown or an unreachable address.
    accounts.requestPasswordReset(ctx, email, request.log);
    return { message: t(requestLanguage(request), FORGOT_PASSWORD_MESSAGE) };
  });

  const resetSchema = {
    tags,
    summary: "Set a new password with a reset link's token",
    params: resetTokenParam,
    body: resetPasswordBody,
    response: messageAnswers,
  };
  app.patch("/users/resetpassword/:token", { schema: resetSchema }, async (request) => {
    const { token } = parse(resetTokenParam, request.params);
    const { newPassword } = parse(resetPasswordBody, request.body);
    await accounts.resetPassword(ctx, token, newPassword, request.ip);
    return { message: t(requestLanguage(request), PASSWORD_CHANGED_MESSAGE) };
  });

  const profileSchema = {
    tags,
    summary: "Change one's own username",
    params: userIdParam,
    body: profileBody,
    response: userAnswers,
  };
  app.patch("/users/:userId/profile", { schema: profileSchema }, async (request) => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    const { username } = parse(profileBody, request.body);
    return { user: await accounts.updateProfile(ctx, userId, username) };
  });

  const languageSchema = {
    tags,
    summary: "Set the language one's account reads the shop and its mails in (en or id)",
    params: userIdParam,
    body: languageBody,
    response: userAnswers,
  };
  app.patch("/users/:userId/language", { schema: languageSchema }, async (request) => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    const { language } = parse(languageBody, request.body);
    return { user: await accounts.updateLanguage(ctx, userId, language) };
  });
}
