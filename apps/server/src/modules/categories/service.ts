import type { Category, CategoryBody, CategoryOrderBody } from "@florist/contract";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { refusingDuplicate } from "../../db/errors.js";
import { badRequest, conflict, msg, notFound } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { type Actor, recordChange } from "../audit/service.js";
import * as repo from "./repository.js";

const CATEGORY_NOT_FOUND = "Category not found." satisfies MessageKey;

const taken = (name: string) =>
  conflict(msg('A category called "{{name}}" already exists.', { name }), "CATEGORY_NAME_TAKEN");

/** Refuses a name another category already has, however it is cased. */
async function checkNameFree(db: Executor, name: string, exceptId: number | null) {
  const other = await repo.findByName(db, name, exceptId);
  if (other) throw taken(other.name);
}

/** A change naming a taken name is refused, also when another admin took it at the same moment. */
function guardingName<T>(name: string, run: () => Promise<T>): Promise<T> {
  return refusingDuplicate(run, () => taken(name));
}

/** A new category goes last in the catalogue. */
export function createCategory(ctx: AppContext, actor: Actor, input: CategoryBody): Promise<Category> {
  return guardingName(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      await checkNameFree(trx, input.name, null);
      const category = await repo.insertCategory(trx, input.name, await repo.nextPosition(trx));
      await recordChange(trx, actor, {
        action: "category.create",
        target: `category:${category.category_id}`,
        details: { before: null, after: { name: category.name, position: category.position } },
      });
      return category;
    }),
  );
}

export function renameCategory(
  ctx: AppContext,
  actor: Actor,
  categoryId: number,
  input: CategoryBody,
): Promise<Category> {
  return guardingName(input.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await repo.lockCategory(trx, ctx.dialect, categoryId);
      if (!before) throw notFound(CATEGORY_NOT_FOUND);
      await checkNameFree(trx, input.name, categoryId);
      const after = (await repo.renameCategory(trx, categoryId, input.name)) as Category;
      await recordChange(trx, actor, {
        action: "category.update",
        target: `category:${categoryId}`,
        details: { before: { name: before.name }, after: { name: after.name } },
      });
      return after;
    }),
  );
}

/**
 * A category that still files products, archived ones included (orders name them), stays: the
 * admin moves or deletes those products first, and the 409 says how many there are.
 */
export async function deleteCategory(ctx: AppContext, actor: Actor, categoryId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const category = await repo.lockCategory(trx, ctx.dialect, categoryId);
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    const products = await repo.countProducts(trx, categoryId);
    if (products > 0) {
      throw conflict(
        msg('"{{name}}" still has {{count}} products (archived ones included). Move or delete them first.', {
          name: category.name,
          count: products,
        }),
        "CATEGORY_IN_USE",
      );
    }
    await repo.deleteCategory(trx, categoryId);
    await recordChange(trx, actor, {
      action: "category.delete",
      target: `category:${categoryId}`,
      details: { before: { name: category.name, position: category.position }, after: null },
    });
  });
}

/** Sets the catalogue's order; the list names every category exactly once, or nothing changes. */
export async function reorderCategories(ctx: AppContext, actor: Actor, input: CategoryOrderBody): Promise<Category[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockAllCategories(trx, ctx.dialect);
    const known = new Set(current.map((c) => c.category_id));
    const asked = new Set(input.categoryIds);
    if (asked.size !== input.categoryIds.length) throw badRequest("categoryIds lists a category more than once.");
    if (input.categoryIds.some((id) => !known.has(id)))
      throw badRequest("categoryIds names a category that does not exist.");
    if (asked.size !== known.size) throw badRequest("categoryIds must list every category exactly once.");
    const before = current.map((c) => c.category_id);
    for (const [index, categoryId] of input.categoryIds.entries()) {
      await repo.setPosition(trx, categoryId, index + 1);
    }
    await recordChange(trx, actor, {
      action: "category.reorder",
      target: "category:all",
      details: { before, after: input.categoryIds },
    });
    const byId = new Map(current.map((c) => [c.category_id, c]));
    return input.categoryIds.map((categoryId, index) => ({
      ...(byId.get(categoryId) as Category),
      position: index + 1,
    }));
  });
}
