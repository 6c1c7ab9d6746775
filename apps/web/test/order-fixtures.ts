import type { OrderDetail, OrderSummary } from "@florist/contract";

/** An order placed without a delivery slot, a gift, a receipt or a photo of the bouquet. */
const plainOrder = {
  orderDate: "2026-11-20T08:00:00.000Z",
  totalPrice: 200000,
  shippingCost: 50000,
  orderProof: null,
  delivery: null,
  deliveryZone: null,
  recipientName: null,
  recipientPhone: null,
  cardMessage: null,
  senderAnonymous: false,
  paymentDueAt: null,
  paymentProof: null,
  paymentNote: null,
} satisfies Partial<OrderSummary & OrderDetail>;

/** An order's details as the order, status and proof routes answer them; other fields as given. */
export function orderDetail(
  orderId: number,
  orderStatus: string,
  paymentStatus = "Pending",
  fields: Partial<OrderDetail> = {},
): OrderDetail {
  return {
    ...plainOrder,
    orderId,
    userId: 7,
    username: "siti",
    email: "siti@example.com",
    shippingAddress: "Jl. Braga No. 12, Bandung",
    deliveryDate: null,
    orderStatus,
    paymentStatus,
    items: [],
    ...fields,
  };
}

/** An order as My Orders lists it; other fields as given. */
export function orderSummary(
  orderId: number,
  orderStatus: string,
  paymentStatus = "Pending",
  fields: Partial<OrderSummary> = {},
): OrderSummary {
  return { ...plainOrder, orderId, orderStatus, paymentStatus, review: null, ...fields };
}
