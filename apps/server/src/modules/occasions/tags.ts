import type { Executor } from "../../db/database.js";
import { badRequest, msg } from "../../errors.js";
import * as repo from "./repository.js";

/**
 * Tags a product with exactly these occasions, in the transaction of the product's change; an id
 * that names no occasion is a 400 and nothing changes. Answers the tags before and after, for the
 * product's audit entry.
 */
export async function tagProduct(trx: Executor, productId: number, occasionIds: number[]) {
  const known = await repo.existingIds(trx, occasionIds);
  const unknown = occasionIds.filter((occasionId) => !known.has(occasionId));
  if (unknown.length > 0)
    throw badRequest(msg("occasion_ids names an occasion that does not exist: {{ids}}.", { ids: unknown.join(", ") }));
  const before = await repo.occasionIdsOf(trx, productId);
  await repo.setProductOccasions(trx, productId, occasionIds);
  return { before, after: [...occasionIds].sort((a, b) => a - b) };
}
