import type { OrderDetail, PaymentSettings } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Where to transfer and how long an order waits for it: the shop's public payment settings. */
export const paymentSettingsQuery = queryOptions({
  queryKey: ["settings", "payment"],
  queryFn: ({ signal }) => api.get<PaymentSettings>("/settings/payment", undefined, signal),
});

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: ["order", orderId],
    queryFn: ({ signal }) => api.get<OrderDetail>(`/order/${orderId}`, undefined, signal),
  });

/** Sends the transfer receipt (`payment_proof`); the answer is the order, now awaiting verification. */
export function sendReceipt(orderId: number, file: File) {
  const form = new FormData();
  form.append("payment_proof", file);
  return api.put<OrderDetail>(`/order/${orderId}/payment-proof`, form);
}
