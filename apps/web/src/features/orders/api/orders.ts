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
