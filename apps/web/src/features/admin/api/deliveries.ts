import type { DayAvailability, DeliveriesAnswer, MoveDeliveryInput, OrderDetail } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { adminKeys } from "./orders";

export const deliveryKeys = {
  all: [...adminKeys.all, "deliveries"] as const,
  day: (date: string) => [...deliveryKeys.all, date] as const,
  availability: (date: string) => [...adminKeys.all, "availability", date] as const,
};

/** One day's run: the orders of each slot with the slot's capacity, and the day's orders without a slot. */
export const deliveriesQuery = (date: string) =>
  queryOptions({
    queryKey: deliveryKeys.day(date),
    queryFn: ({ signal }) => api.get<DeliveriesAnswer>("/order/admin/deliveries", { date }, signal),
    staleTime: 10_000,
  });

/** The slots of one date as a shopper would be offered them, with what is left and why one is not. */
export const dayAvailabilityQuery = (date: string) =>
  queryOptions({
    queryKey: deliveryKeys.availability(date),
    queryFn: async ({ signal }) => {
      const days = await api.get<DayAvailability[]>("/delivery/availability", { from: date, days: 1 }, signal);
      return days.find((day) => day.date === date)?.slots ?? [];
    },
    staleTime: 0,
  });

export function moveDelivery(orderId: number, body: MoveDeliveryInput): Promise<OrderDetail> {
  return api.patch<OrderDetail>(`/order/${orderId}/delivery`, body);
}
