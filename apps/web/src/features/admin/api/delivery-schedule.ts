import type { DeliverySchedule, DeliveryScheduleInput, StrandedOrders } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { adminKeys } from "./orders";

const SCHEDULE_PATH = "/settings/delivery-schedule";

export const scheduleKey = [...adminKeys.all, "delivery-schedule"] as const;

/** The whole schedule as the admin keeps it: inactive slots and zones and the reasons of closed dates too. */
export const deliveryScheduleQuery = queryOptions({
  queryKey: scheduleKey,
  queryFn: ({ signal }) => api.get<DeliverySchedule>(SCHEDULE_PATH, undefined, signal),
  staleTime: 0,
  retry: false,
});

/** Which orders from today on the schedule would leave without their place, before it is saved. */
export function checkDeliverySchedule(body: DeliveryScheduleInput): Promise<StrandedOrders> {
  return api.post<StrandedOrders>(`${SCHEDULE_PATH}/check`, body);
}

export function saveDeliverySchedule(body: DeliveryScheduleInput): Promise<DeliverySchedule> {
  return api.put<DeliverySchedule>(SCHEDULE_PATH, body);
}
