import { PostgresAdapter, type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import { taggedWith, visibleProducts } from "../catalog/repository.js";

/** What a search keeps to besides its words. */
export interface SearchFilter {
  words: string[];
  occasion?: number | undefined;
  category?: number | undefined;
}

/**
 * The word index's query for the products whose text (or, with `field` "name", whose name) holds
 * every word as the start of a word. The words are letters and digits only, so they need no quoting
 * beyond the index's own syntax; case and accents are folded by the index on both sides.
 */
function matching(db: Executor, words: string[], field: "document" | "name") {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const query = words.map((word) => `${word}:*`).join(" & ");
    return sql<SqlBool>`products.product_id in (select s.product_id from product_search s
      where s.${sql.raw(field)} @@ to_tsquery('simple', search_fold(${query})))`;
  }
  const column = field === "name" ? "name : " : "";
  const query = words.map((word) => `${column}"${word}"*`).join(" AND ");
  return sql<SqlBool>`products.product_id in (select rowid from product_search where product_search match ${query})`;
}

/**
 * Products on sale that match every word in their name, description or category and the filters,
 * each with whether its name alone matches (relevance puts those first).
 */
export function searchProducts(db: Executor, filter: SearchFilter) {
  const nameMatch =
    filter.words.length > 0
      ? sql<SqlBool>`case when ${matching(db, filter.words, "name")} then 1 else 0 end`
      : sql<SqlBool>`0`;
  let query = visibleProducts(db).select([nameMatch.as("name_match"), "created_at"]);
  if (filter.words.length > 0) query = query.where(matching(db, filter.words, "document"));
  if (filter.occasion !== undefined) query = taggedWith(query, filter.occasion);
  if (filter.category !== undefined) query = query.where("category_id", "=", filter.category);
  return query.execute();
}
