import type { Customization, Product, SizePrice } from "@florist/contract";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { cartQuery } from "../../../lib/cart";
import { toCheckoutItem } from "../../../lib/cart-lines";
import { deliveryFeeQuery, readDeliveryFee } from "../../../lib/delivery-fee";
import type { CheckoutItem } from "../../../lib/pricing";
import { scheduleQuery } from "./delivery";

/** The checkout's lines, the delivery fee without a district and the chosen district's fee, as the shop prices them now. */
export interface CurrentPrices {
  items: CheckoutItem[];
  standardFee: number;
  /** The fee of the district the shopper chose; none when none is chosen. */
  zoneFee?: number;
}

/**
 * Reads the prices of the checkout's lines again just before the order is placed. The figures the
 * shopper confirms were read when the cart or the product page was opened, and the florist may have
 * changed a price, an add-on or a fee since: the server would charge the new figures. Cart lines are
 * read with the cart, the delivery fee as it is set, a chosen district's fee with the schedule (their
 * caches refreshed with them, so the cart and the form show them too); a Buy Now line reads its
 * size's price (or the product's) and the add-ons' prices. Null when any of them cannot be read, or
 * a cart line or the district is gone: the order then goes ahead as it is, and the server's answer
 * says what it charged or what it refused.
 */
export async function currentPrices(
  queryClient: QueryClient,
  userId: number,
  items: readonly CheckoutItem[],
  zoneId?: number,
): Promise<CurrentPrices | null> {
  const direct = items.filter((item) => item.cartItemId === undefined);
  try {
    const [standardFee, cart, addOns, unitPrices, schedule] = await Promise.all([
      // Read strictly (a failure is not the default fee), and kept for the cart's figures too.
      queryClient.fetchQuery({ ...deliveryFeeQuery, queryFn: readDeliveryFee, staleTime: 0 }),
      direct.length < items.length ? queryClient.fetchQuery({ ...cartQuery(userId), staleTime: 0 }) : null,
      direct.some((item) => item.customizations.length > 0) ? api.get<Customization[]>("/customization") : [],
      Promise.all(direct.map(unitPriceNow)),
      zoneId === undefined ? null : queryClient.fetchQuery({ ...scheduleQuery, staleTime: 0 }),
    ]);
    const zone = schedule?.zones.find((z) => z.zoneId === zoneId && z.active);
    if (zoneId !== undefined && !zone) return null;
    const addOnPrice = new Map(addOns.map((addOn) => [addOn.customization_id, addOn.price]));
    const cartLines = new Map((cart?.items ?? []).map((line) => [line.cartItemId, line]));
    const repriced: CheckoutItem[] = [];
    for (const item of items) {
      if (item.cartItemId !== undefined) {
        const line = cartLines.get(item.cartItemId);
        if (!line) return null;
        repriced.push(toCheckoutItem(line, item.notes));
        continue;
      }
      repriced.push({
        ...item,
        price: unitPrices[direct.indexOf(item)] as number,
        customizations: item.customizations.map((c) => ({
          ...c,
          price: addOnPrice.get(c.customization_id) ?? c.price,
        })),
      });
    }
    return { items: repriced, standardFee, ...(zone ? { zoneFee: zone.fee } : {}) };
  } catch {
    return null;
  }
}

/** A Buy Now line's unit price now: its size's price, or the product's when it has no size. */
async function unitPriceNow(item: CheckoutItem): Promise<number> {
  const price = item.size
    ? (await api.get<SizePrice>(`/products/price/${encodeURIComponent(item.size)}`, { productId: item.productId }))
        .price
    : (await api.get<Product>(`/products/${item.productId}`)).price;
  if (!Number.isFinite(price)) throw new Error(`No price for product ${item.productId}`);
  return price;
}
