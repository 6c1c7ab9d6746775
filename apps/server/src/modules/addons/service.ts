import type { Customization, CustomizationBody } from "@florist/contract";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import { conflict, msg, notFound, sentences } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { nowIso } from "../../lib/time.js";
import { type Actor, recordChange } from "../audit/service.js";
import * as repo from "./repository.js";

export const ADDON_NOT_FOUND = "Add-on not found." satisfies MessageKey;

const target = (customizationId: number) => `customization:${customizationId}`;

/**
 * Names are unique ignoring case, archived add-ons included: an order's copy and a new add-on of the
 * same name would read as one thing to the florist.
 */
async function refuseTakenName(db: Executor, name: string, exceptId?: number) {
  const taken = await repo.findByName(db, name);
  if (!taken || taken.customization_id === exceptId) return;
  throw conflict(
    taken.archived_at
      ? msg('"{{name}}" is kept for past orders; please choose another name.', { name: taken.name })
      : msg('An add-on named "{{name}}" already exists.', { name: taken.name }),
    "DUPLICATE_NAME",
  );
}

/** Two admins adding the same name at once: the unique index refuses the second, answered as the check would. */
async function guardUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(msg('An add-on named "{{name}}" already exists.', { name }), "DUPLICATE_NAME");
    throw error;
  }
}

export function createCustomization(ctx: AppContext, actor: Actor, input: CustomizationBody): Promise<Customization> {
  return guardUnique(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      await refuseTakenName(trx, input.name);
      const created = await repo.insert(trx, input);
      await recordChange(trx, actor, {
        action: "addon.create",
        target: target(created.customization_id),
        details: { before: null, after: created },
      });
      return created;
    }),
  );
}

/** A new price applies to carts from now on; orders already placed keep the price they copied. */
export function updateCustomization(
  ctx: AppContext,
  actor: Actor,
  customizationId: number,
  input: CustomizationBody,
): Promise<Customization> {
  return guardUnique(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findOffered(trx, customizationId);
      if (!before) throw notFound(ADDON_NOT_FOUND);
      await refuseTakenName(trx, input.name, customizationId);
      const after = await repo.update(trx, customizationId, input);
      await recordChange(trx, actor, {
        action: "addon.update",
        target: target(customizationId),
        details: { before, after },
      });
      return after;
    }),
  );
}

/** An add-on that orders used is archived so they keep showing it; an unused one is deleted outright. */
export async function deleteCustomization(ctx: AppContext, actor: Actor, customizationId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findOffered(trx, customizationId);
    if (!before) throw notFound(ADDON_NOT_FOUND);
    const used = await repo.isUsedByOrders(trx, customizationId);
    if (used) await repo.archive(trx, customizationId, nowIso());
    else await repo.remove(trx, customizationId);
    await recordChange(trx, actor, {
      action: used ? "addon.archive" : "addon.delete",
      target: target(customizationId),
      details: { before, after: null },
    });
  });
}

/**
 * Takes archived add-ons off the cart lines about to be ordered and says which, so the shopper sees
 * what changed and the new total before ordering again, instead of paying for something no longer offered.
 */
export async function refuseRetiredAddOns(db: Executor, cartItemIds: number[]): Promise<void> {
  const retired = await repo.archivedOnLines(db, cartItemIds);
  if (retired.length === 0) return;
  for (const row of retired) await repo.removeFromLine(db, row.cart_item_id, row.customization_id);
  const what = retired.map((row) =>
    msg("{{addOn}} is no longer offered; it was removed from {{product}}.", {
      addOn: row.name,
      product: row.product_name,
    }),
  );
  throw conflict(sentences(...what, msg("Please check your cart and order again.")), "ADDON_RETIRED");
}
