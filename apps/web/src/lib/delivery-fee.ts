import { DEFAULT_DELIVERY_FEE } from "@florist/contract/rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";
import { deliveryFeeKey } from "./cart";

/** The delivery fee setting, or the default when the shop answers none; throws when it cannot be read. */
export async function readDeliveryFee(): Promise<number> {
  const answer = await api.get<{ deliveryFee?: number | null }>("/settings/delivery-fee");
  const fee = Number(answer?.deliveryFee);
  return Number.isFinite(fee) && answer?.deliveryFee != null ? fee : DEFAULT_DELIVERY_FEE;
}

/** The fee falls back to the default when the call fails or answers nothing; that failure is only logged. */
export async function fetchDeliveryFee(): Promise<number> {
  try {
    return await readDeliveryFee();
  } catch (error) {
    console.warn("Delivery fee unavailable, using the default.", error);
    return DEFAULT_DELIVERY_FEE;
  }
}

export const deliveryFeeQuery = queryOptions({
  queryKey: deliveryFeeKey,
  queryFn: fetchDeliveryFee,
  staleTime: 60_000,
});
