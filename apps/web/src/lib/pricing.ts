import { customizationTotal, linePrice, type PricedCustomization } from "@florist/contract/rules";

/**
 * Totals as the shopper sees them. The server computes the figures that are charged; every figure
 * here goes through the same functions of the contract's rules, so the screens cannot disagree with it.
 */

export { customizationTotal, type PricedCustomization };

/** A cart line: unit price × quantity plus its customizations, as the order will charge it. */
export function cartItemTotal(item: {
  unitPrice: number;
  quantity: number;
  customizations: readonly PricedCustomization[];
}): number {
  return linePrice(item.unitPrice, item.quantity, item.customizations);
}

export interface Totals {
  subtotal: number;
  shipping: number;
  total: number;
}

export function cartTotals(items: readonly Parameters<typeof cartItemTotal>[0][], shipping: number): Totals {
  const subtotal = items.reduce((sum, item) => sum + cartItemTotal(item), 0);
  return { subtotal, shipping, total: subtotal + shipping };
}

export interface CheckoutCustomization {
  customization_id: number;
  name: string;
  price: number;
  quantity: number;
}

/** One line handed to checkout, from the cart or from Buy Now. */
export interface CheckoutItem {
  productId: number;
  name: string;
  /** Unit price. */
  price: number;
  quantity: number;
  imageUrl: string | null;
  size: string;
  color: string;
  colorHex?: string;
  notes: string;
  customizations: CheckoutCustomization[];
  cartItemId?: number;
}

/** The price of a checkout line as sent with the order: unit price × quantity + customization total. */
export function checkoutItemPrice(item: Pick<CheckoutItem, "price" | "quantity" | "customizations">): number {
  return linePrice(item.price, item.quantity, item.customizations);
}

export function checkoutTotals(items: readonly CheckoutItem[], shipping: number): Totals {
  const subtotal = items.reduce((sum, item) => sum + checkoutItemPrice(item), 0);
  return { subtotal, shipping, total: subtotal + shipping };
}

/** The product page summary: Subtotal (the units alone), Customization and Total. */
export function productSummary(unitPrice: number, quantity: number, customizations: readonly PricedCustomization[]) {
  return {
    subtotal: linePrice(unitPrice, quantity, []),
    customization: customizationTotal(customizations),
    total: linePrice(unitPrice, quantity, customizations),
  };
}

/** Quantities stay between 1 and the stock; with no stock the quantity rests at 1. */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.floor(quantity)));
}
