import type { OrderDetail, OrderSummary } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const ordersQuery = (userId: number) =>
  queryOptions({
    queryKey: ["orders", userId],
    queryFn: ({ signal }) => api.get<OrderSummary[]>(`/order/user/${userId}`, undefined, signal),
  });

export function fetchOrder(orderId: number) {
  return api.get<OrderDetail>(`/order/${orderId}`);
}

/** Calls off an order still Order Received and unpaid; its stock and slot go back to the shop. */
export function cancelOrder(orderId: number) {
  return api.post<OrderDetail>(`/order/${orderId}/cancel`);
}
