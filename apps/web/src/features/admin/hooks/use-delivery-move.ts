import type { OrderDetail, SlotAvailability } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { dayAvailabilityQuery, deliveryKeys, moveDelivery } from "../api/deliveries";
import { adminKeys } from "../api/orders";

/** The date a move starts from: the order's own date while it is still ahead, else today. */
function startingDate(order: OrderDetail, today: string): string {
  const current = order.delivery?.date;
  return current && current >= today ? current : today;
}

/** Whether a slot is the one the order already holds, which it cannot move to. */
export function isCurrentSlot(order: OrderDetail, date: string, slotId: number): boolean {
  return order.delivery?.date === date && order.delivery.slotId === slotId;
}

/**
 * Moving one order: the chosen date and its slots, the over-capacity question for a full slot (an
 * order taken on the phone may go beyond it), and the server's refusal, shown as it was written.
 * After a move every day's run and the order's details are read again.
 */
export function useDeliveryMove(order: OrderDetail, today: string, onMoved: (moved: OrderDetail) => void) {
  const queryClient = useQueryClient();
  const [date, setDateState] = useState(() => startingDate(order, today));
  const [slotId, setSlotId] = useState<number | null>(null);
  const [askingOverCapacity, setAskingOverCapacity] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const availability = useQuery(dayAvailabilityQuery(date));
  const slots = availability.data ?? [];
  const chosen: SlotAvailability | undefined = slots.find((slot) => slot.slotId === slotId);

  const move = useMutation({
    mutationFn: ({ slot, overCapacity }: { slot: number; overCapacity: boolean }) =>
      moveDelivery(order.orderId, { date, slotId: slot, overCapacity }),
    onSuccess: async (moved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.order(order.orderId) }),
        queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
      ]);
      onMoved(moved);
    },
    onError: (error) => {
      setFailure(messageOf(error, "The order could not be moved."));
      // The slot may have filled or closed meanwhile: show the date as it is now.
      void availability.refetch();
    },
    onSettled: () => setAskingOverCapacity(false),
  });

  function submit() {
    if (!chosen) {
      setFailure("Choose a time slot.");
      return;
    }
    setFailure(null);
    if (chosen.reason === "full") setAskingOverCapacity(true);
    else move.mutate({ slot: chosen.slotId, overCapacity: false });
  }

  return {
    date,
    setDate: (next: string) => {
      setDateState(next);
      setSlotId(null);
      setFailure(null);
    },
    slots,
    loadingSlots: availability.isPending,
    slotsError: availability.error
      ? messageOf(availability.error, "The slots of this date could not be loaded.")
      : null,
    slotId,
    chooseSlot: (id: number) => {
      setSlotId(id);
      setFailure(null);
    },
    chosen,
    failure,
    busy: move.isPending,
    submit,
    askingOverCapacity,
    confirmOverCapacity: () => {
      if (chosen) move.mutate({ slot: chosen.slotId, overCapacity: true });
    },
    cancelOverCapacity: () => setAskingOverCapacity(false),
  };
}
