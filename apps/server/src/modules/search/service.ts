import type { SearchAnswer, SearchQuery, SearchSort } from "@florist/contract";
import type { Executor } from "../../db/database.js";
import { lowestPrice, toCatalogProduct } from "../catalog/service.js";
import * as repo from "./repository.js";

/** More words than anyone types into a florist's search; the rest are left out. */
const MAX_WORDS = 10;

/** The words of a search: runs of letters and digits, as the word index splits a product's text. */
export function wordsOf(q: string | undefined): string[] {
  return (q ?? "")
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

type Found = Awaited<ReturnType<typeof repo.searchProducts>>[number];

const byId = (a: Found, b: Found) => a.product_id - b.product_id;

const ORDERS: Record<SearchSort, (a: Found, b: Found) => number> = {
  relevance: (a, b) => Number(b.name_match) - Number(a.name_match) || byId(a, b),
  price_asc: (a, b) => lowestPrice(a) - lowestPrice(b) || byId(a, b),
  price_desc: (a, b) => lowestPrice(b) - lowestPrice(a) || byId(a, b),
  newest: (a, b) => b.created_at.localeCompare(a.created_at) || byId(b, a),
};

/**
 * The shop's search (contract §7.7). The index finds the products; they are sorted and paged here,
 * because the card's price is the cheapest size, kept in the product's size list
 * (docs/decisions/0023). A search whose text holds no word finds nothing.
 */
export async function search(db: Executor, query: SearchQuery): Promise<SearchAnswer> {
  const words = wordsOf(query.q);
  const { page, limit } = query;
  const found =
    query.q !== undefined && words.length === 0
      ? []
      : await repo.searchProducts(db, { words, occasion: query.occasion, category: query.category });
  const sorted = found.sort(ORDERS[query.sort]);
  const offset = (page - 1) * limit;
  return {
    products: sorted.slice(offset, offset + limit).map(toCatalogProduct),
    pagination: { page, limit, total: sorted.length, hasNext: offset + limit < sorted.length },
  };
}
