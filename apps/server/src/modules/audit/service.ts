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
  change: { action: string; target: string; details: Record<string, unknown> },
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
