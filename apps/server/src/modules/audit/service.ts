import type { AuditAction, AuditEntry, AuditPage, auditQuery } from "@florist/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { nowIso } from "../../lib/time.js";
import * as repo from "./repository.js";

/** Who made a change: the signed-in admin. */
export interface Actor {
  user_id: number;
  username: string;
}

/**
 * Records a change an admin made (contract §7.4), inside the transaction of the change itself, so a
 * change without its entry, or an entry without its change, cannot be committed. `details` says what
 * changed, before → after; it never holds a secret.
 */
export function recordChange(
  db: Executor,
  actor: Actor,
  change: { action: AuditAction; target: string; details: Record<string, unknown> },
) {
  return repo.insertEntry(db, {
    at: nowIso(),
    user_id: actor.user_id,
    username: actor.username,
    action: change.action,
    target: change.target,
    details: JSON.stringify(change.details),
  });
}

/** Keys whose values are never shown, should one ever reach an entry: a secret stays out of the log's answer. */
const SECRET_KEY = /password|token|hash|secret/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => (SECRET_KEY.test(key) ? [] : [[key, withoutSecrets(inner)]])),
  );
}

function detailsOf(text: string): AuditEntry["details"] {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (withoutSecrets(parsed) as AuditEntry["details"])
      : { value: parsed };
  } catch {
    return { text };
  }
}

/** The kind of a change: the first word of its action, "product" of "product.update". */
function kindOf(action: string): string {
  return action.split(".")[0] ?? action;
}

/** The audit log newest first, a page at a time, for the admin who made the changes and the kind asked for. */
export async function auditPage(ctx: AppContext, query: z.output<typeof auditQuery>): Promise<AuditPage> {
  const { page, limit } = query;
  const filter = { userId: query.userId, kind: query.kind };
  const [total, rows, admins, actions] = await Promise.all([
    repo.countEntries(ctx.db, filter),
    repo.pageEntries(ctx.db, filter, limit, (page - 1) * limit),
    repo.loggedAdmins(ctx.db),
    repo.loggedActions(ctx.db),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.audit_id,
      at: row.at,
      userId: row.user_id,
      username: row.username,
      action: row.action,
      target: row.target,
      details: detailsOf(row.details),
    })),
    pagination: { page, limit, total, hasNext: page * limit < total },
    filters: {
      admins: admins.flatMap((a) => (a.user_id === null ? [] : [{ userId: a.user_id, username: a.username }])),
      kinds: [...new Set(actions.map(kindOf))].sort(),
    },
  };
}
