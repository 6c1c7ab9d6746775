import type { User } from "@florist/contract";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError, badRequest, conflict } from "../../errors.js";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../lib/secrets.js";
import { DAY, HOUR, isoIn, MINUTE, nowIso } from "../../lib/time.js";
import * as repo from "./repository.js";

export const SESSION_TTL_MS = 30 * DAY;
const RESET_TTL_MS = HOUR;

/** Failed logins counted over this window, per identifier and per client address. */
const ATTEMPT_WINDOW_MS = 15 * MINUTE;
const MAX_FAILURES_PER_IDENTIFIER = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

// Verifying against this hash when the account does not exist keeps the answer time the same.
const missingUserHash = hashPassword("not-a-real-password-1A");

function takenMessage(taken: { username: boolean; email: boolean }): string {
  if (taken.username && taken.email) return "Username and email are already registered.";
  return taken.username ? "Username is already taken." : "Email is already registered.";
}

export async function register(ctx: AppContext, input: { username: string; email: string; password: string }) {
  const taken = await repo.findTaken(ctx.db, input.username, input.email);
  if (taken.username || taken.email) throw conflict(takenMessage(taken), "ACCOUNT_TAKEN");
  const password_hash = await hashPassword(input.password);
  try {
    return await repo.insertUser(ctx.db, {
      username: input.username,
      email: input.email,
      password_hash,
      role: "customer",
      created_at: nowIso(),
    });
  } catch (error) {
    // Two sign-ups for the same name at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict("Username or email is already registered.", "ACCOUNT_TAKEN");
    throw error;
  }
}

export async function login(ctx: AppContext, identifier: string, password: string, address: string): Promise<User> {
  const idKey = `id:${identifier.toLowerCase()}`;
  const addressKey = `ip:${address}`;
  const now = new Date();
  const since = isoIn(-ATTEMPT_WINDOW_MS, now);
  const counts = await repo.countAttempts(ctx.db, [idKey, addressKey], since);
  if (
    (counts.get(idKey) ?? 0) >= MAX_FAILURES_PER_IDENTIFIER ||
    (counts.get(addressKey) ?? 0) >= MAX_FAILURES_PER_ADDRESS
  ) {
    throw new AppError(
      429,
      "Too many failed login attempts. Please wait 15 minutes and try again.",
      "TOO_MANY_ATTEMPTS",
    );
  }
  const row = await repo.findUserByLogin(ctx.db, identifier);
  const ok = await verifyPassword(password, row?.password_hash ?? (await missingUserHash));
  if (!row || !ok) {
    await repo.insertAttempts(ctx.db, [idKey, addressKey], now.toISOString());
    throw new AppError(401, "Username/email or password is incorrect.", "BAD_CREDENTIALS");
  }
  await repo.deleteAttempts(ctx.db, idKey);
  await repo.deleteAttemptsBefore(ctx.db, since);
  const { password_hash: _hash, ...user } = row;
  return user;
}

/** Starts a session and returns the cookie token; only its hash is stored. */
export async function startSession(ctx: AppContext, userId: number, previousSessionHash: string | null) {
  const now = nowIso();
  if (previousSessionHash) await repo.deleteSession(ctx.db, previousSessionHash);
  await repo.deleteExpiredSessions(ctx.db, now);
  const token = newToken();
  await repo.insertSession(ctx.db, {
    session_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: isoIn(SESSION_TTL_MS),
  });
  return token;
}

export async function endSession(ctx: AppContext, sessionHash: string | null) {
  if (sessionHash) await repo.deleteSession(ctx.db, sessionHash);
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newToken();
  await repo.insertReset(ctx.db, {
    user_id: user.user_id,
    token_hash: hashToken(token),
    created_at: nowIso(),
    expires_at: isoIn(RESET_TTL_MS),
  });
  const link = `${ctx.config.appUrl}/reset-password/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: "Reset your Bandung Florist password",
    text: [
      `Hello ${user.username},`,
      "",
      "Someone asked to reset the password of your Bandung Florist account.",
      `Open this link within one hour to choose a new password:`,
      "",
      link,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

const INVALID_RESET = "This reset link is invalid or has expired. Please request a new one.";

export async function resetPassword(ctx: AppContext, token: string, newPassword: string) {
  const reset = await repo.findReset(ctx.db, hashToken(token));
  const now = nowIso();
  if (!reset || reset.used_at !== null || reset.expires_at <= now)
    throw badRequest(INVALID_RESET, "INVALID_RESET_TOKEN");
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.spendReset(trx, reset.reset_id, now))) throw badRequest(INVALID_RESET, "INVALID_RESET_TOKEN");
    await repo.updatePasswordHash(trx, reset.user_id, passwordHash);
    await repo.deleteUserSessions(trx, reset.user_id);
  });
}

export async function updateProfile(ctx: AppContext, userId: number, username: string) {
  const taken = await repo.findTaken(ctx.db, username, null, userId);
  if (taken.username) throw conflict("Username is already taken.", "ACCOUNT_TAKEN");
  try {
    return await repo.updateUsername(ctx.db, userId, username);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Username is already taken.", "ACCOUNT_TAKEN");
    throw error;
  }
}
