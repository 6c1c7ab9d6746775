import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { adminKeys, updateOrderStatus } from "../api/orders";
import { ACTION_TARGET, type StatusAction } from "../lib/order-status";

/** The actions that ask for a confirmation; finishing asks for the delivery proof instead. */
export type ConfirmedAction = Exclude<StatusAction, "finish">;

/**
 * The state of one order's status control: which confirmation or proof upload is open, the change
 * on its way and the failure to show. After a change the overview and the order's details are read again.
 */
export function useOrderStatus(orderId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const [proofOpen, setProofOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function reload() {
    queryClient.removeQueries({ queryKey: adminKeys.order(orderId) });
    return queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
  }

  const change = useMutation({
    mutationFn: (action: ConfirmedAction) => updateOrderStatus(orderId, ACTION_TARGET[action]),
    // The confirmation stays, busy, until the table shows the new status.
    onSuccess: reload,
    onError: (error) => setFailure(messageOf(error, t("Gagal memperbarui status."))),
    onSettled: () => setConfirming(null),
  });

  function choose(action: StatusAction) {
    if (action === "finish") setProofOpen(true);
    else setConfirming(action);
  }

  return {
    confirming,
    proofOpen,
    failure,
    busy: change.isPending,
    choose,
    confirm: () => {
      if (confirming) change.mutate(confirming);
    },
    cancel: () => setConfirming(null),
    closeProof: () => setProofOpen(false),
    finished: () => {
      setProofOpen(false);
      void reload();
    },
    dismissFailure: () => setFailure(null),
  };
}
