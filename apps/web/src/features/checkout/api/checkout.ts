import type { CreateOrderBody, OrderDetail } from "@florist/contract";
import { api } from "../../../lib/api-client";
import { type CheckoutItem, checkoutItemPrice } from "../../../lib/pricing";

export interface PlaceOrderInput {
  userId: number;
  shippingAddress: string;
  shippingCost: number;
  cartId?: number;
  items: CheckoutItem[];
  /** Absent: the server gives the order the earliest free slot, or none. */
  slot?: { date: string; slotId: number };
  zoneId?: number;
  recipientName: string;
  recipientPhone: string;
  cardMessage: string;
  senderAnonymous: boolean;
  /** A mail a week before the same day next year, linking to these products (§7.3). */
  remindNextYear: boolean;
}

type OrderLine = CreateOrderBody["items"][number];

/**
 * The order as the storefront sends it. It always asks for "Order Received" and "Pending"; the server
 * recomputes every price and total from its own data and ignores the figures sent here.
 */
export function placeOrder(input: PlaceOrderInput) {
  const fromCart = input.cartId !== undefined && input.items.every((item) => item.cartItemId !== undefined);
  const body: CreateOrderBody = {
    user_id: input.userId,
    shipping_address: input.shippingAddress,
    shipping_cost: input.shippingCost,
    order_status: "Order Received",
    payment_status: "Pending",
    ...(fromCart ? { cart_id: input.cartId } : {}),
    ...(input.slot ? { delivery_date: input.slot.date, delivery_slot_id: input.slot.slotId } : {}),
    ...(input.zoneId !== undefined ? { delivery_zone_id: input.zoneId } : {}),
    recipient_name: input.recipientName,
    // The order's phone rule takes digits, spaces, dots and dashes; brackets around an area code are dropped.
    recipient_phone: input.recipientPhone.replace(/[()]/g, "").trim(),
    ...(input.cardMessage.trim() ? { card_message: input.cardMessage } : {}),
    sender_anonymous: input.senderAnonymous,
    remind_next_year: input.remindNextYear,
    items: input.items.map(
      (item): OrderLine => ({
        product_id: item.productId,
        quantity: item.quantity,
        price: checkoutItemPrice(item),
        // A cart line brings its own options; a Buy Now line names them.
        ...(fromCart
          ? { cart_item_id: item.cartItemId }
          : {
              size: item.size || undefined,
              color: item.color || undefined,
              customizations: item.customizations.map((c) => ({
                customization_id: c.customization_id,
                quantity: c.quantity,
              })),
            }),
      }),
    ),
  };
  return api.post<OrderDetail>("/order", body);
}
