import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { availabilityKey, availabilityQuery, scheduleQuery } from "../api/delivery";
import { earliestChoice, isFree, offeredDays, type SlotChoice } from "../delivery-choice";

/**
 * When the order is delivered and to which district. Until the shopper picks a slot, the earliest free
 * one is selected; a slot they picked that is no longer free (it filled meanwhile) selects nothing, so
 * they choose again instead of being moved somewhere they did not ask for.
 */
export function useDeliveryChoice() {
  const queryClient = useQueryClient();
  const schedule = useQuery(scheduleQuery);
  const windowDays = schedule.data?.windowDays;
  const availability = useQuery({
    ...availabilityQuery(windowDays ?? 0),
    enabled: windowDays !== undefined,
  });
  const [picked, setPicked] = useState<SlotChoice | null>(null);
  const [viewedDate, setViewedDate] = useState<string | null>(null);
  const [zoneId, setZoneId] = useState<number | null>(null);

  const days = availability.data ?? [];
  const offered = offeredDays(days);
  const selected = picked ? (isFree(days, picked) ? picked : null) : earliestChoice(days);
  // The date whose slots are listed: the one chosen, else the one looked at, else the first offered.
  const shownDate =
    [selected?.date, viewedDate].find((date) => date && offered.some((day) => day.date === date)) ??
    offered[0]?.date ??
    null;

  const zones = [...(schedule.data?.zones ?? [])]
    .filter((zone) => zone.active)
    .sort((a, b) => a.name.localeCompare(b.name));
  const zone = zones.find((z) => z.zoneId === zoneId) ?? null;

  function pickDate(date: string) {
    setViewedDate(date);
    const choice = earliestChoice(days.filter((day) => day.date === date));
    if (choice) setPicked(choice);
  }

  /**
   * After a refused order: what is left is read again, and the slot sent becomes the shopper's pick, so
   * it stays chosen only while it is still free.
   */
  async function refuse(choice: SlotChoice) {
    setPicked(choice);
    setViewedDate(choice.date);
    await queryClient.invalidateQueries({ queryKey: availabilityKey });
  }

  const loading = schedule.isPending || (windowDays !== undefined && availability.isPending);
  const failed = schedule.isError || availability.isError;

  return {
    windowDays: windowDays ?? 0,
    loading,
    failed,
    retry: () => (schedule.isError ? schedule.refetch() : availability.refetch()),
    offered,
    shownDay: offered.find((day) => day.date === shownDate) ?? null,
    selected,
    /** Loaded, and no slot is free anywhere in the window: the florist arranges delivery by phone. */
    noneFree: !loading && !failed && availability.isSuccess && offered.length === 0,
    /** There are free slots but none is selected: the shopper must choose one. */
    mustChoose: offered.length > 0 && selected === null,
    pickDate,
    pickSlot: (choice: SlotChoice) => setPicked(choice),
    refuse,
    zones,
    zone,
    pickZone: (id: number | null) => setZoneId(id),
  };
}

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;
