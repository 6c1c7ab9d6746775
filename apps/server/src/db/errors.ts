/** True when the database refused a write because a UNIQUE constraint or index already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** True when a CHECK constraint refused a write (for example stock going below zero). */
export function isCheckViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23514" || code === "SQLITE_CONSTRAINT_CHECK";
}

/**
 * True when PostgreSQL aborted a transaction only because it collided with another one (a deadlock
 * between two orders locking the same products in another order, or a serialization failure):
 * running the same transaction again is then safe and usually succeeds.
 */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "40P01" || code === "40001";
}

/** Runs a whole transaction again, a few times, when the database aborted it for a transient conflict. */
export async function retryTransient<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}

/**
 * Runs a change that names something unique (a category's or an occasion's name): two admins
 * adding the same name at once both pass the service's own check, and the unique index turns the
 * second into the same refusal.
 */
export async function refusingDuplicate<T>(run: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}
