import type { Occasion, OccasionBody } from "@florist/contract";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { refusingDuplicate } from "../../db/errors.js";
import { conflict, msg, notFound } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { type Actor, recordChange } from "../audit/service.js";
import * as repo from "./repository.js";

const OCCASION_NOT_FOUND = "Occasion not found." satisfies MessageKey;

const taken = (name: string) =>
  conflict(msg('An occasion called "{{name}}" already exists.', { name }), "OCCASION_NAME_TAKEN");

type OccasionRow = NonNullable<Awaited<ReturnType<typeof repo.findOccasion>>>;

function toOccasion(row: OccasionRow): Occasion {
  return { occasionId: row.occasion_id, name: row.name, productCount: Number(row.product_count) };
}

/**
 * Runs a change that gives an occasion `name` in one transaction: refused (409) when another
 * occasion has the name however it is cased, also when another admin took it at the same moment.
 */
function withFreeName<T>(ctx: AppContext, name: string, exceptId: number | null, run: (trx: Executor) => Promise<T>) {
  const change = () =>
    ctx.db.transaction().execute(async (trx) => {
      const other = await repo.findByName(trx, name, exceptId);
      if (other) throw taken(other.name);
      return run(trx);
    });
  return refusingDuplicate(change, () => taken(name));
}

export async function listOccasions(ctx: AppContext): Promise<Occasion[]> {
  return (await repo.listOccasions(ctx.db)).map(toOccasion);
}

/** A new occasion goes last. */
export function createOccasion(ctx: AppContext, actor: Actor, input: OccasionBody): Promise<Occasion> {
  return withFreeName(ctx, input.name, null, async (trx) => {
    const occasion = await repo.insertOccasion(trx, input.name, await repo.nextPosition(trx));
    await recordChange(trx, actor, {
      action: "occasion.create",
      target: `occasion:${occasion.occasion_id}`,
      details: { before: null, after: { name: occasion.name, position: occasion.position } },
    });
    return { occasionId: occasion.occasion_id, name: occasion.name, productCount: 0 };
  });
}

export function renameOccasion(ctx: AppContext, actor: Actor, occasionId: number, input: OccasionBody) {
  return withFreeName(ctx, input.name, occasionId, async (trx): Promise<Occasion> => {
    const before = await repo.findOccasion(trx, occasionId);
    if (!before) throw notFound(OCCASION_NOT_FOUND);
    await repo.renameOccasion(trx, occasionId, input.name);
    await recordChange(trx, actor, {
      action: "occasion.update",
      target: `occasion:${occasionId}`,
      details: { before: { name: before.name }, after: { name: input.name } },
    });
    return toOccasion({ ...before, name: input.name });
  });
}

/** Deleting an occasion takes its tag off every product; the products stay. */
export async function deleteOccasion(ctx: AppContext, actor: Actor, occasionId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const occasion = await repo.findOccasion(trx, occasionId);
    if (!occasion) throw notFound(OCCASION_NOT_FOUND);
    await repo.deleteOccasion(trx, occasionId);
    await recordChange(trx, actor, {
      action: "occasion.delete",
      target: `occasion:${occasionId}`,
      details: {
        before: { name: occasion.name, position: occasion.position, products: Number(occasion.product_count) },
        after: null,
      },
    });
  });
}
