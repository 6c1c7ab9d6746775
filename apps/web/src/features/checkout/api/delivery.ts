import type { DayAvailability, DeliverySchedule } from "@florist/contract";
import { addDays } from "@florist/contract/rules";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The most days one availability request covers (the endpoint's limit). */
const DAYS_PER_REQUEST = 62;

export const scheduleQuery = queryOptions({
  queryKey: ["delivery", "schedule"],
  queryFn: ({ signal }) => api.get<DeliverySchedule>("/delivery/schedule", undefined, signal),
  staleTime: 60_000,
});

/**
 * The window's days (it counts today, the shop's as the server sees it, as its first), read in as many
 * requests as the endpoint's limit needs: the first one leaves `from` to the server so that the
 * browser's clock and zone never decide what today is.
 */
export async function fetchAvailability(windowDays: number, signal?: AbortSignal): Promise<DayAvailability[]> {
  const total = Math.max(1, windowDays);
  const days: DayAvailability[] = [];
  while (days.length < total) {
    const last = days.at(-1)?.date;
    const chunk = await api.get<DayAvailability[]>(
      "/delivery/availability",
      { from: last ? addDays(last, 1) : undefined, days: Math.min(DAYS_PER_REQUEST, total - days.length) },
      signal,
    );
    if (chunk.length === 0) break;
    days.push(...chunk);
  }
  return days;
}

export const availabilityKey = ["delivery", "availability"] as const;

export const availabilityQuery = (windowDays: number) =>
  queryOptions({
    queryKey: [...availabilityKey, windowDays],
    queryFn: ({ signal }) => fetchAvailability(windowDays, signal),
    // What is left in a slot changes with every order: read it fresh each time checkout opens.
    staleTime: 0,
  });
