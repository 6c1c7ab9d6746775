import type { OrderDetail, PaymentDecisionInput } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "../api/orders";
import { decidePayment, paymentKeys } from "../api/payments";

interface Decision {
  orderId: number;
  body: PaymentDecisionInput;
}

/**
 * One payment decision (approve, reject, paid). Afterwards the receipt queue (and with it the
 * navigation's count), the transactions and the order's details are read again, wherever they show.
 */
export function usePaymentDecision(onDecided: (order: OrderDetail, decision: Decision) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: Decision) => decidePayment(orderId, body),
    onSuccess: async (order, decision) => {
      queryClient.setQueryData(adminKeys.order(order.orderId), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.queue() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]);
      onDecided(order, decision);
    },
  });
}
