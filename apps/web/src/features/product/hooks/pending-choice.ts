/**
 * What a visitor had chosen on a product page when Add to Cart or Buy Now sent them to log in: the
 * size and colour travel in the page's address (?size=&color=), the quantity, the add-ons and the
 * notes wait here, in this tab's sessionStorage, and are taken back once by the same product's page.
 */
const STORAGE_KEY = "florist.product-choice";

export interface PendingChoice {
  productId: number;
  quantity: number;
  /** Chosen add-ons: customization id → quantity. */
  chosen: Record<number, number>;
  notes: string;
}

export function savePendingChoice(choice: PendingChoice): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage can be full or disabled: the shopper then picks the quantity and add-ons again.
  }
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/** The choice kept for this product, if any; whatever is malformed is left out. */
export function readPendingChoice(productId: number): PendingChoice | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const stored = parsed as Partial<PendingChoice>;
  if (stored.productId !== productId) return null;
  const chosen: Record<number, number> = {};
  for (const [id, quantity] of Object.entries(stored.chosen ?? {})) {
    if (isCount(Number(id)) && isCount(quantity)) chosen[Number(id)] = quantity;
  }
  return {
    productId,
    quantity: isCount(stored.quantity) ? stored.quantity : 1,
    chosen,
    notes: typeof stored.notes === "string" ? stored.notes.slice(0, 500) : "",
  };
}

export function clearPendingChoice(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
