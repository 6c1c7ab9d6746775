/**
 * Totals as the shopper sees them (spec §9). The server computes the figures that are charged;
 * these mirror its rules so the screens agree with it.
 */

export interface PricedCustomization {
  price: number;
  quantity: number;
}

/** Customization total = sum of price × quantity. */
export function customizationTotal(customizations: readonly PricedCustomization[] | null | undefined): number {
  return (customizations ?? []).reduce((sum, c) => sum + c.price * c.quantity, 0);
}

/** A cart line: linePrice (unit price × quantity) plus its customization total. */
export function cartItemTotal(item: { linePrice: number; customizationTotal: number }): number {
  return item.linePrice + item.customizationTotal;
}

export interface Totals {
  subtotal: number;
  shipping: number;
  total: number;
}

export function cartTotals(
  items: readonly { linePrice: number; customizationTotal: number }[],
  shipping: number,
): Totals {
  const subtotal = items.reduce((sum, item) => sum + cartItemTotal(item), 0);
  return { subtotal, shipping, total: subtotal + shipping };
}

export interface CheckoutCustomization {
  customization_id: number;
  name: string;
  price: number;
  quantity: number;
}

/** One line handed to checkout (spec §3), from the cart or from Buy Now. */
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
  customizationTotal: number;
  cartItemId?: number;
}

/** The price of a checkout line as sent with the order: unit price × quantity + customization total. */
export function checkoutItemPrice(item: Pick<CheckoutItem, "price" | "quantity" | "customizationTotal">): number {
  return item.price * item.quantity + item.customizationTotal;
}

export function checkoutTotals(items: readonly CheckoutItem[], shipping: number): Totals {
  const subtotal = items.reduce((sum, item) => sum + checkoutItemPrice(item), 0);
  return { subtotal, shipping, total: subtotal + shipping };
}

/** The product page summary: Subtotal, Customization and Total. */
export function productSummary(unitPrice: number, quantity: number, customizations: readonly PricedCustomization[]) {
  const subtotal = unitPrice * quantity;
  const customization = customizationTotal(customizations);
  return { subtotal, customization, total: subtotal + customization };
}

/** Quantities stay between 1 and the stock (spec §4, §9); with no stock the quantity rests at 1. */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.floor(quantity)));
}
