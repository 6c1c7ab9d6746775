import type {
  AdminOverview,
  OrderDetail,
  PaymentDecisionInput,
  PaymentQueue,
  PaymentSettings,
  PaymentSettingsInput,
} from "@florist/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { whileSignedIn } from "../../../lib/auth";
import { adminKeys } from "./orders";

export const paymentKeys = {
  queue: () => [...adminKeys.all, "payments"] as const,
  settings: () => [...adminKeys.all, "payment-settings"] as const,
};

/**
 * Transfer receipts awaiting verification, oldest first. The navigation's badge reads the same
 * query, so a decision taken on any screen updates the count; it is read again every minute
 * because shoppers send receipts while the admin works.
 */
export const paymentQueueQuery = queryOptions({
  queryKey: paymentKeys.queue(),
  queryFn: ({ signal }) => api.get<PaymentQueue>("/order/admin/payments", undefined, signal),
  staleTime: 10_000,
  refetchInterval: 60_000,
  enabled: whileSignedIn,
});

/** The admin reads the settings as stored; a failure is shown rather than hidden behind defaults. */
export const paymentSettingsQuery = queryOptions({
  queryKey: paymentKeys.settings(),
  queryFn: ({ signal }) => api.get<PaymentSettings>("/settings/payment", undefined, signal),
  staleTime: 0,
  retry: false,
});

export function decidePayment(orderId: number, body: PaymentDecisionInput): Promise<OrderDetail> {
  return api.patch<OrderDetail>(`/order/${orderId}/payment`, body);
}

export function savePaymentSettings(body: PaymentSettingsInput): Promise<PaymentSettings> {
  return api.put<PaymentSettings>("/settings/payment", body);
}

/** How many of the latest orders the mark-paid search looks through. */
export const UNPAID_SEARCH_LIMIT = 20;

/** The latest orders matching an order id or customer, for choosing one to mark paid. */
export const unpaidSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...paymentKeys.queue(), "search", search] as const,
    queryFn: ({ signal }) =>
      api.get<AdminOverview>(
        "/order/admin/overview",
        { page: 1, limit: UNPAID_SEARCH_LIMIT, search: search === "" ? undefined : search },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
