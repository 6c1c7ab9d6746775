import { sql } from "kysely";
import type { Executor } from "../../db/database.js";

const publicColumns = ["user_id", "username", "email", "role"] as const;

export function findUserByLogin(db: Executor, identifier: string) {
  const column = identifier.includes("@") ? "email" : "username";
  return db
    .selectFrom("users")
    .select([...publicColumns, "password_hash"])
    .where(sql`lower(${sql.ref(column)})`, "=", identifier.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom("users")
    .select(publicColumns)
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Executor, userId: number) {
  return db.selectFrom("users").select(publicColumns).where("user_id", "=", userId).executeTakeFirst();
}

/** Which of the two unique fields another account already holds. */
export async function findTaken(db: Executor, username: string, email: string | null, exceptUserId?: number) {
  let query = db
    .selectFrom("users")
    .select(["user_id", "username", "email"])
    .where((eb) =>
      email === null
        ? eb(sql`lower(username)`, "=", username.toLowerCase())
        : eb.or([
            eb(sql`lower(username)`, "=", username.toLowerCase()),
            eb(sql`lower(email)`, "=", email.toLowerCase()),
          ]),
    );
  if (exceptUserId !== undefined) query = query.where("user_id", "!=", exceptUserId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: email !== null && rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export function insertUser(
  db: Executor,
  user: { username: string; email: string; password_hash: string; role: "admin" | "customer"; created_at: string },
) {
  return db.insertInto("users").values(user).returning(publicColumns).executeTakeFirstOrThrow();
}

export function updateUsername(db: Executor, userId: number, username: string) {
  return db
    .updateTable("users")
    .set({ username })
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

export function deleteSession(db: Executor, sessionHash: string) {
  return db.deleteFrom("sessions").where("session_hash", "=", sessionHash).execute();
}

export function deleteUserSessions(db: Executor, userId: number) {
  return db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function deleteExpiredSessions(db: Executor, now: string) {
  return db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

export async function countAttempts(db: Executor, keys: string[], since: string) {
  const rows = await db
    .selectFrom("login_attempts")
    .select(["attempt_key", (eb) => eb.fn.countAll<number>().as("count")])
    .where("attempt_key", "in", keys)
    .where("attempted_at", ">", since)
    .groupBy("attempt_key")
    .execute();
  return new Map(rows.map((r) => [r.attempt_key, Number(r.count)]));
}

export function insertAttempts(db: Executor, keys: string[], at: string) {
  return db
    .insertInto("login_attempts")
    .values(keys.map((attempt_key) => ({ attempt_key, attempted_at: at })))
    .execute();
}

export function deleteAttempts(db: Executor, key: string) {
  return db.deleteFrom("login_attempts").where("attempt_key", "=", key).execute();
}

export function deleteAttemptsBefore(db: Executor, before: string) {
  return db.deleteFrom("login_attempts").where("attempted_at", "<", before).execute();
}

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

/** Marks a reset used only if nobody used it first; false means it was already spent. */
export async function spendReset(db: Executor, resetId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("reset_id", "=", resetId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
