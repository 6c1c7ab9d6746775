import type { DeliveryFee, deliveryFeeBody } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

/**
 * The settings screen reads the fee itself rather than through the storefront's query, which
 * hides failures behind the default: here the admin has to know when the value is not the real one.
 */
export const adminDeliveryFeeQuery = queryOptions({
  queryKey: ["admin", "delivery-fee"],
  queryFn: ({ signal }) => api.get<DeliveryFee>("/settings/delivery-fee", undefined, signal),
  staleTime: 0,
  retry: false,
});

export function saveDeliveryFee(deliveryFee: number): Promise<DeliveryFee> {
  const body: z.input<typeof deliveryFeeBody> = { deliveryFee };
  return api.put<DeliveryFee>("/settings/delivery-fee", body);
}

/** The fee is a finite number of 0 or more, rounded to whole rupiah. Null when the input breaks the rule. */
export function parseDeliveryFee(input: string): number | null {
  if (input.trim() === "") return null;
  const value = Number(input);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value);
}
