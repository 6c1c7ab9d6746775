import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database, Executor } from "../../db/database.js";
import { prepared } from "../../db/prepared.js";
import { accountKey } from "../../lib/account-key.js";

const publicColumns = ["user_id", "username", "email", "role", "language"] as const;

/** The account a login names: an identifier with "@" is an e-mail address, any other a username. */
export function findUserByLogin(db: Executor, identifier: string) {
  const key = accountKey(identifier);
  return db
    .selectFrom("users")
    .select([...publicColumns, "password_hash"])
    .where(key.includes("@") ? "email_key" : "username_key", "=", key)
    .executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom("users").select(publicColumns).where("email_key", "=", accountKey(email)).executeTakeFirst();
}

export function findUserById(db: Executor, userId: number) {
  return db.selectFrom("users").select(publicColumns).where("user_id", "=", userId).executeTakeFirst();
}

/** Which of the two unique fields another account already holds. */
export async function findTaken(db: Executor, username: string, email: string | null, exceptUserId?: number) {
  const usernameKey = accountKey(username);
  const emailKey = email === null ? null : accountKey(email);
  let query = db
    .selectFrom("users")
    .select(["username_key", "email_key"])
    .where((eb) =>
      emailKey === null
        ? eb("username_key", "=", usernameKey)
        : eb.or([eb("username_key", "=", usernameKey), eb("email_key", "=", emailKey)]),
    );
  if (exceptUserId !== undefined) query = query.where("user_id", "!=", exceptUserId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username_key === usernameKey),
    email: emailKey !== null && rows.some((r) => r.email_key === emailKey),
  };
}

/** Stores the name and address as given and their keys beside them, which the unique indexes hold to. */
export function insertUser(
  db: Executor,
  user: {
    username: string;
    email: string;
    password_hash: string;
    role: "admin" | "customer";
    created_at: string;
    language?: "en" | "id";
  },
) {
  return db
    .insertInto("users")
    .values({ ...user, username_key: accountKey(user.username), email_key: accountKey(user.email) })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

export function updateUsername(db: Executor, userId: number, username: string) {
  return db
    .updateTable("users")
    .set({ username, username_key: accountKey(username) })
    .where("user_id", "=", userId)
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

export function updateLanguage(db: Executor, userId: number, language: "en" | "id") {
  return db
    .updateTable("users")
    .set({ language })
    .where("user_id", "=", userId)
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

export function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  return db.updateTable("users").set({ password_hash: passwordHash }).where("user_id", "=", userId).execute();
}

export function insertSession(
  db: Executor,
  session: { session_hash: string; user_id: number; created_at: string; expires_at: string },
) {
  return db.insertInto("sessions").values(session).execute();
}

const sessionUser = prepared((db, sessionHash: string, now: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.user_id", "sessions.user_id")
    .select(["users.user_id", "users.username", "users.email", "users.role", "users.language", "sessions.expires_at"])
    .where("sessions.session_hash", "=", sessionHash)
    .where("sessions.expires_at", ">", now),
);

/** The account a session belongs to and the session's end, while the session has not expired. */
export function findSessionUser(db: Executor, sessionHash: string, now: string) {
  return sessionUser.first(db, sessionHash, now);
}

export function deleteSession(db: Executor, sessionHash: string) {
  return db.deleteFrom("sessions").where("session_hash", "=", sessionHash).execute();
}

export function deleteUserSessions(db: Executor, userId: number) {
  return db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function deleteExpiredSessions(db: Executor, now: string) {
  return db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

/**
 * How a throttle answers its n-th counted attempt: refused for blockMs(n) afterwards (0: not at all).
 * The row lives windowMs from its first attempt (fixed) or from its latest (sliding), and at least
 * until its block ends; after that the count starts again.
 */
export interface ThrottleRule {
  blockMs(n: number): number;
  /** From this count on, blockMs no longer changes. */
  steadyFrom: number;
  windowMs: number;
  sliding: boolean;
}

/** CASE over the new count: the ISO time `value(n)` for each run of counts that share it. */
function byCount(count: RawBuilder<number>, rule: ThrottleRule, value: (n: number) => string) {
  const branches: RawBuilder<unknown>[] = [];
  for (let n = 1; n < rule.steadyFrom; n++) {
    if (value(n) !== value(n + 1)) branches.push(sql`when ${count} <= ${sql.lit(n)} then ${value(n)}`);
  }
  const last = value(rule.steadyFrom);
  return branches.length === 0
    ? sql<string>`${last}`
    : sql<string>`(case ${sql.join(branches, sql` `)} else ${last} end)`;
}

/** blocked_until of a key that is not refused: long past, so a process whose clock is behind never reads it as a block. */
const NOT_BLOCKED = "1970-01-01T00:00:00.000Z";

/**
 * Counts one attempt on a key unless the key is refused right now, in one statement: the upsert
 * locks the row (PostgreSQL) or the database (SQLite), so concurrent attempts cannot all read
 * "under the limit". False means refused, and nothing was counted.
 */
export async function claimThrottle(db: Executor, key: string, rule: ThrottleRule, at: Date): Promise<boolean> {
  const now = at.toISOString();
  const after = (ms: number) => new Date(at.getTime() + ms).toISOString();
  const blockEnd = (ms: number) => (ms > 0 ? after(ms) : NOT_BLOCKED);
  const lifetime = (n: number) => after(Math.max(rule.windowMs, rule.blockMs(n)));
  const expired = sql`${sql.ref("throttles.expires_at")} <= ${now}`;
  const count = sql<number>`(case when ${expired} then 1 else ${sql.ref("throttles.failures")} + 1 end)`;
  const blockedUntil = byCount(count, rule, (n) => blockEnd(rule.blockMs(n)));
  const expiresAt = rule.sliding
    ? byCount(count, rule, lifetime)
    : sql<string>`(case when ${expired} then ${lifetime(1)} when ${blockedUntil} > ${sql.ref("throttles.expires_at")} then ${blockedUntil} else ${sql.ref("throttles.expires_at")} end)`;
  const row = await db
    .insertInto("throttles")
    .values({ throttle_key: key, failures: 1, blocked_until: blockEnd(rule.blockMs(1)), expires_at: lifetime(1) })
    .onConflict((oc) =>
      oc
        .column("throttle_key")
        .doUpdateSet({ failures: count, blocked_until: blockedUntil, expires_at: expiresAt })
        .where("throttles.blocked_until", "<=", now),
    )
    .returning("failures")
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest time until which any of the keys is refused, or null when none is. */
export async function blockedUntil(db: Executor, keys: string[], now: string): Promise<string | null> {
  const row = await db
    .selectFrom("throttles")
    .select((eb) => eb.fn.max("blocked_until").as("until"))
    .where("throttle_key", "in", keys)
    .where("blocked_until", ">", now)
    .executeTakeFirst();
  return row?.until ?? null;
}

/** Takes back one counted attempt that turned out to be a success. */
export function uncountThrottle(db: Executor, key: string) {
  return db
    .updateTable("throttles")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("throttle_key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

export function deleteThrottle(db: Executor, key: string) {
  return db.deleteFrom("throttles").where("throttle_key", "=", key).execute();
}

/** A mark that lives until `until` and is not a count (a known address of an account). */
export function markThrottle(db: Executor, key: string, until: string) {
  return db
    .insertInto("throttles")
    .values({ throttle_key: key, failures: 0, blocked_until: NOT_BLOCKED, expires_at: until })
    .onConflict((oc) =>
      oc.column("throttle_key").doUpdateSet({ failures: 0, blocked_until: NOT_BLOCKED, expires_at: until }),
    )
    .execute();
}

export async function hasThrottle(db: Executor, key: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom("throttles")
    .select("throttle_key")
    .where("throttle_key", "=", key)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes rows that have expired. On PostgreSQL rows another request holds are skipped (the next
 * write deletes them), so pruning never waits on or deadlocks with a login.
 */
export function pruneThrottles(db: Executor, dialect: Dialect, now: string) {
  if (dialect === "sqlite") return db.deleteFrom("throttles").where("expires_at", "<=", now).execute();
  return db
    .deleteFrom("throttles")
    .where("throttle_key", "in", (eb) =>
      eb
        .selectFrom("throttles")
        .select("throttle_key")
        .where("expires_at", "<=", now)
        .limit(PRUNE_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}

/** Expired and spent reset links, skipping rows a reset in progress holds (see pruneThrottles). */
export function pruneResets(db: Executor, dialect: Dialect, now: string) {
  const stale = (eb: ExpressionBuilder<Database, "password_resets">) =>
    eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]);
  if (dialect === "sqlite") return db.deleteFrom("password_resets").where(stale).execute();
  return db
    .deleteFrom("password_resets")
    .where("reset_id", "in", (eb) =>
      eb.selectFrom("password_resets").select("reset_id").where(stale).limit(PRUNE_BATCH).forUpdate().skipLocked(),
    )
    .execute();
}

/** Each write deletes at most this many stale rows, so one request never carries a long backlog. */
const PRUNE_BATCH = 500;

export function insertReset(
  db: Executor,
  reset: { user_id: number; token_hash: string; created_at: string; expires_at: string },
) {
  return db.insertInto("password_resets").values(reset).execute();
}

export function findReset(db: Executor, tokenHash: string) {
  return db
    .selectFrom("password_resets")
    .select(["reset_id", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Ends every reset link of the account; answers the ids it ended. */
export async function deleteUserResets(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.deleteFrom("password_resets").where("user_id", "=", userId).returning("reset_id").execute();
  return rows.map((r) => r.reset_id);
}
