import type { ProductFormValues, SizeEntry } from "./product-form";
import { listEntry, namedSizes, ownPriceOf } from "./product-form-rules";

/**
 * The sizes' prices in the product form: a size has its own price or follows the base price. A size
 * removed with its own price is remembered by name, so adding it again shows that price instead of
 * quietly making it follow the base price.
 */

type SizeState = Pick<ProductFormValues, "sizes" | "removedSizePrices">;

const nameKey = (size: string) => listEntry(size).toLowerCase();

/** Removes a size, remembering its own price under its name. */
export function removeSize(state: SizeState, key: string): SizeState {
  const entry = state.sizes.find((candidate) => candidate.key === key);
  const name = entry ? nameKey(entry.size) : "";
  const remember = entry?.ownPrice && name !== "" && entry.price.trim() !== "";
  return {
    sizes: state.sizes.filter((candidate) => candidate.key !== key),
    removedSizePrices: remember ? { ...state.removedSizePrices, [name]: entry.price } : state.removedSizePrices,
  };
}

/** Renames a size; a size without a price of its own that takes a removed size's name takes its price back. */
export function renameSize(state: SizeState, key: string, size: string): SizeState {
  const remembered = state.removedSizePrices[nameKey(size)];
  return {
    sizes: state.sizes.map((entry) => {
      if (entry.key !== key) return entry;
      const restore = remembered !== undefined && !entry.ownPrice && entry.price === "";
      return restore ? { ...entry, size, ownPrice: true, price: remembered } : { ...entry, size };
    }),
    removedSizePrices: state.removedSizePrices,
  };
}

/** `size_prices` as the server takes it: the sizes with their own price; every other follows the base price. */
export function sizePricesPayload(sizes: readonly SizeEntry[]): Record<string, number> {
  return Object.fromEntries(
    namedSizes(sizes).flatMap(([label, entry]) => (entry.ownPrice ? [[label, ownPriceOf(entry)]] : [])),
  );
}
