import type { User } from "@florist/contract";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { KeptReads } from "../../db/kept-reads.js";
import { AppError, badRequest, conflict, type Message, msg } from "../../errors.js";
import { accountKey } from "../../lib/account-key.js";
import { DEFAULT_LANGUAGE, type Language, type MessageKey, t } from "../../lib/i18n.js";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../lib/secrets.js";
import { DAY, HOUR, isoIn, MINUTE, now, nowIso, SECOND } from "../../lib/time.js";
import type { JobLog } from "../jobs/service.js";
import { queueMail, sendQueuedMail } from "../mail/service.js";
import type { ThrottleRule } from "./repository.js";
import * as repo from "./repository.js";

export const SESSION_TTL_MS = 30 * DAY;
const RESET_TTL_MS = HOUR;

/**
 * Failed logins are limited three ways (docs/decisions/0010). An account at one address is locked
 * after 5 failures for 15 minutes, and an address after 50 across accounts (many customers may share
 * one mobile-network address). Across addresses an account is only slowed down: after 5 failures
 * each further attempt waits 1 s, doubling up to 30 s, so guesses from many addresses stay slow but
 * nobody can lock the owner out from elsewhere; addresses the owner has logged in from skip the wait.
 * Every attempt is counted before the password is checked and a success takes its count back.
 */
const LOGIN_WINDOW_MS = 15 * MINUTE;
const MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS = 5;
const MAX_FAILURES_PER_ADDRESS = 50;
const FREE_FAILURES_PER_ACCOUNT = 5;
const FIRST_DELAY_MS = SECOND;
const MAX_DELAY_MS = 30 * SECOND;
const KNOWN_ADDRESS_MS = 30 * DAY;

const lockAfter = (limit: number): ThrottleRule => ({
  blockMs: (n) => (n >= limit ? LOGIN_WINDOW_MS : 0),
  steadyFrom: limit,
  windowMs: LOGIN_WINDOW_MS,
  sliding: false,
});

const accountAtAddressRule = lockAfter(MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS);
const addressRule = lockAfter(MAX_FAILURES_PER_ADDRESS);
const accountRule: ThrottleRule = {
  blockMs: (n) =>
    n <= FREE_FAILURES_PER_ACCOUNT
      ? 0
      : Math.min(FIRST_DELAY_MS * 2 ** (n - FREE_FAILURES_PER_ACCOUNT - 1), MAX_DELAY_MS),
  steadyFrom: FREE_FAILURES_PER_ACCOUNT + 1 + Math.ceil(Math.log2(MAX_DELAY_MS / FIRST_DELAY_MS)),
  windowMs: LOGIN_WINDOW_MS,
  sliding: true,
};

/** At most one reset mail per account in this time; further requests get the same answer and no mail. */
const RESET_MAIL_INTERVAL_MS = 5 * MINUTE;
const resetMailRule: ThrottleRule = {
  blockMs: () => RESET_MAIL_INTERVAL_MS,
  steadyFrom: 1,
  windowMs: RESET_MAIL_INTERVAL_MS,
  sliding: false,
};

// Verifying against this hash when the account does not exist keeps the answer time the same.
const missingUserHash = hashPassword("not-a-real-password-1A");

function takenMessage(taken: { username: boolean; email: boolean }): MessageKey {
  if (taken.username && taken.email) return "Username and email are already registered.";
  return taken.username ? "Username is already taken." : "Email is already registered.";
}

export async function register(
  ctx: AppContext,
  input: { username: string; email: string; password: string; language?: Language | undefined },
) {
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
      language: input.language ?? DEFAULT_LANGUAGE,
    });
  } catch (error) {
    // Two sign-ups for the same name at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict("Username or email is already registered.", "ACCOUNT_TAKEN");
    throw error;
  }
}

/** "…wait 15 minutes…", "…wait 30 seconds…": the wait a 429 names, rounded up (English plurals in locales/en.json). */
function waitMessage(seconds: number): Message {
  if (seconds <= 90) {
    return msg("Too many failed login attempts. Please wait {{count}} seconds and try again.", { count: seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  return msg("Too many failed login attempts. Please wait {{count}} minutes and try again.", { count: minutes });
}

/**
 * Counts the attempt on every key that limits it, all or nothing: in one transaction, keys in one
 * order (so concurrent claims never deadlock), rolled back when any key refuses. A refused attempt
 * counts nowhere, so hammering a locked account does not make its lock longer.
 */
async function claimLoginAttempt(ctx: AppContext, claims: [string, ThrottleRule][], at: Date) {
  claims.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const refused = new Error("refused");
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [key, rule] of claims) {
        if (!(await repo.claimThrottle(trx, key, rule, at))) throw refused;
      }
    });
  } catch (error) {
    if (error !== refused) throw error;
    const until = await repo.blockedUntil(
      ctx.db,
      claims.map(([key]) => key),
      at.toISOString(),
    );
    const seconds = Math.max(1, Math.ceil(((until ? Date.parse(until) : at.getTime()) - at.getTime()) / SECOND));
    throw new AppError(429, waitMessage(seconds), "TOO_MANY_ATTEMPTS", { retryAfter: seconds });
  }
}

/** The keys an attempt is counted under: one account whichever of its names is typed; an unknown name counts as itself. */
const accountThrottle = (userId: number) => `user:${userId}`;
const atAddressThrottle = (account: string, address: string) => `${account}|ip:${address}`;
const addressThrottle = (address: string) => `ip:${address}`;
const knownAddressMark = (account: string, address: string) => `known:${atAddressThrottle(account, address)}`;

export async function login(ctx: AppContext, identifier: string, password: string, address: string): Promise<User> {
  const at = now();
  const row = await repo.findUserByLogin(ctx.db, identifier);
  const account = row ? accountThrottle(row.user_id) : `name:${accountKey(identifier)}`;
  const atAddress = atAddressThrottle(account, address);
  const claims: [string, ThrottleRule][] = [
    [atAddress, accountAtAddressRule],
    [addressThrottle(address), addressRule],
  ];
  const known = await repo.hasThrottle(ctx.db, knownAddressMark(account, address), at.toISOString());
  if (!known) claims.push([account, accountRule]);
  await repo.pruneThrottles(ctx.db, ctx.dialect, at.toISOString());
  await claimLoginAttempt(ctx, claims, at);

  const ok = await verifyPassword(password, row?.password_hash ?? (await missingUserHash));
  if (!row || !ok) throw new AppError(401, "Username/email or password is incorrect.", "BAD_CREDENTIALS");
  await repo.deleteThrottle(ctx.db, atAddress);
  await repo.uncountThrottle(ctx.db, addressThrottle(address));
  if (!known) await repo.uncountThrottle(ctx.db, account);
  await markKnownAddress(ctx, row.user_id, address);
  const { password_hash: _hash, ...user } = row;
  return user;
}

/** An address the owner proved themselves from (a login, a reset link) skips the account's slow-down. */
function markKnownAddress(ctx: AppContext, userId: number, address: string) {
  return repo.markThrottle(ctx.db, knownAddressMark(accountThrottle(userId), address), isoIn(KNOWN_ADDRESS_MS));
}

/**
 * Starts a session and returns the cookie token; only its hash is stored. Expired sessions are left
 * to the hourly prune: deleting a session ends what every process keeps of sessions (keptSessions),
 * which a login should not do to everyone else's.
 */
export async function startSession(ctx: AppContext, userId: number, previousSessionHash: string | null) {
  const now = nowIso();
  if (previousSessionHash) await repo.deleteSession(ctx.db, previousSessionHash);
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

/** Who a session cookie's token signs in, and the session's hash; null for an unknown or expired session. */
/**
 * Live sessions each process has read, kept while nothing ends a session or changes an account
 * (the settings token, db/changes.ts): every signed-in request asks, and a shopper's requests come
 * one after another. Only found sessions are kept, so unknown tokens cannot fill it.
 */
const keptSessions = new KeptReads(10_000);

/** The account a session token belongs to, while the session lasts by the shop's clock. */
export async function sessionOf(ctx: AppContext, token: string): Promise<{ user: User; sessionHash: string } | null> {
  const sessionHash = hashToken(token);
  const at = nowIso();
  const session = await keptSessions.read(
    ctx.db,
    sessionHash,
    () => repo.findSessionUser(ctx.db, sessionHash, at),
    (found) => found !== undefined,
  );
  // A kept session is kept past its end: the end is checked on every request.
  if (!session || session.expires_at <= at) return null;
  const { expires_at: _end, ...user } = session;
  return { user, sessionHash };
}

const inFlight = new Set<Promise<unknown>>();

function track(task: Promise<unknown>) {
  inFlight.add(task);
  task.finally(() => inFlight.delete(task));
}

/** Resolves once every piece of work started after an answer has finished (tests, shutdown). */
export async function backgroundSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** The request's logger: what went wrong after the answer is logged, never returned. */
export type Log = JobLog;

/**
 * Starts a reset and returns at once, before even looking the address up: a known address, an
 * unknown one and a mail that fails all give the caller the same answer in the same time, so
 * accounts cannot be discovered. At most one mail per account per RESET_MAIL_INTERVAL_MS, so the
 * shop cannot be made to flood someone's inbox; a new link ends every older one.
 */
export function requestPasswordReset(ctx: AppContext, email: string, log: Log): void {
  // Not even the lookup starts until the answer has gone out, so no database work shares its time.
  const afterAnswer = new Promise((resolve) => setImmediate(resolve));
  track(
    afterAnswer
      .then(() => startPasswordReset(ctx, email, log))
      .catch((error) => log.error({ err: error }, "password reset not started")),
  );
}

async function startPasswordReset(ctx: AppContext, email: string, log: Log) {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return;
  const at = now();
  await repo.pruneThrottles(ctx.db, ctx.dialect, at.toISOString());
  if (!(await repo.claimThrottle(ctx.db, `reset:user:${user.user_id}`, resetMailRule, at))) return;
  const token = newToken();
  const link = `${ctx.config.appUrl}/reset-password/${token}`;
  // The link and its mail are written together: a link nobody was sent never exists, and a mail the
  // server refuses now is still in the queue for the runner's retries.
  const mail = await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteUserResets(trx, user.user_id);
    await repo.insertReset(trx, {
      user_id: user.user_id,
      token_hash: hashToken(token),
      created_at: at.toISOString(),
      expires_at: isoIn(RESET_TTL_MS, at),
    });
    // In the language the account reads the shop in.
    const language = user.language;
    return queueMail(trx, {
      to: user.email,
      subject: t(language, "Reset your Bandung Florist password"),
      text: [
        t(language, "Hello {{name}},", { name: user.username }),
        "",
        t(language, "Someone asked to reset the password of your Bandung Florist account."),
        t(language, "Open this link within one hour to choose a new password:"),
        "",
        link,
        "",
        t(language, "If it was not you, ignore this e-mail: your password stays as it is."),
      ].join("\n"),
    });
  });
  await repo.pruneResets(ctx.db, ctx.dialect, at.toISOString());
  await sendQueuedMail(ctx, mail, log);
}

/**
 * Deletes expired sessions, reset links and throttles (the hourly prune job): writes sweep reset
 * links and throttles as they go, but an account nobody uses again would otherwise keep its rows for
 * ever. Sessions are swept here only (startSession).
 */
export async function pruneExpired(ctx: AppContext, at: Date = now()): Promise<void> {
  const iso = at.toISOString();
  await repo.deleteExpiredSessions(ctx.db, iso);
  // On PostgreSQL each call deletes one batch; the last call finds nothing left.
  while (deletedRows(await repo.pruneResets(ctx.db, ctx.dialect, iso)) > 0) {}
  while (deletedRows(await repo.pruneThrottles(ctx.db, ctx.dialect, iso)) > 0) {}
}

function deletedRows(results: { numDeletedRows: bigint }[]): number {
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

const INVALID_RESET = "This reset link is invalid or has expired. Please request a new one." satisfies MessageKey;

/** Sets the new password and ends every session and every reset link of the account. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string, address: string) {
  const reset = await repo.findReset(ctx.db, hashToken(token));
  const at = nowIso();
  if (!reset || reset.used_at !== null || reset.expires_at <= at)
    throw badRequest(INVALID_RESET, "INVALID_RESET_TOKEN");
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // Ending the links first spends this one: of two resets racing with it, only one finds it.
    const ended = await repo.deleteUserResets(trx, reset.user_id);
    if (!ended.includes(reset.reset_id)) throw badRequest(INVALID_RESET, "INVALID_RESET_TOKEN");
    await repo.updatePasswordHash(trx, reset.user_id, passwordHash);
    await repo.deleteUserSessions(trx, reset.user_id);
  });
  // The link proved the owner reads the account's mail: from this address the new password is
  // neither locked by earlier failures nor slowed down by failures elsewhere.
  await repo.deleteThrottle(ctx.db, atAddressThrottle(accountThrottle(reset.user_id), address));
  await markKnownAddress(ctx, reset.user_id, address);
}

/** Remembers the language the account reads the shop and its mails in. */
export function updateLanguage(ctx: AppContext, userId: number, language: Language) {
  return repo.updateLanguage(ctx.db, userId, language);
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
