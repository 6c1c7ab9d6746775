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
