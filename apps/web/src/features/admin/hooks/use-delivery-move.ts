import type { OrderDetail, SlotAvailability } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { dayAvailabilityQuery, deliveryKeys, moveDelivery } from "../api/deliveries";
import { adminKeys } from "../api/orders";

/** The code of the server's 409 for a full slot, which an admin may still book over its capacity. */
const SLOT_FULL = "SLOT_FULL";

function errorCode(error: ApiError): unknown {
  return error.body && typeof error.body === "object" ? (error.body as { code?: unknown }).code : undefined;
}

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
  const { t } = useTranslation();
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
    onError: (error, { overCapacity }) => {
      // The slot may have filled or closed meanwhile: show the date as it is now.
      void availability.refetch();
      // A slot past its cutoff shows nothing left either way, so only the server can say it is full:
      // then the question is asked, as for a slot shown full.
      if (!overCapacity && error instanceof ApiError && errorCode(error) === SLOT_FULL) {
        setAskingOverCapacity(true);
        return;
      }
      setAskingOverCapacity(false);
      setFailure(messageOf(error, t("The order could not be moved.")));
    },
  });

  function submit() {
    if (!chosen) {
      setFailure(t("Choose a time slot."));
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
      ? messageOf(availability.error, t("The slots of this date could not be loaded."))
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
