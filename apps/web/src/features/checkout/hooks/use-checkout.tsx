import type { OrderDetail, UnavailableItem, User } from "@florist/contract";
import { DEFAULT_DELIVERY_FEE } from "@florist/contract/rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { unavailableItemsOf } from "../../../components/stock-shortage";
import { type ShippingDetails, writeAddressBlock } from "../../../lib/address";
import { ApiError } from "../../../lib/api-client";
import { cartKey } from "../../../lib/cart";
import { deliveryFeeQuery } from "../../../lib/delivery-fee";
import { combineNotes } from "../../../lib/item-notes";
import { type CheckoutItem, checkoutTotals } from "../../../lib/pricing";
import { placeOrder } from "../api/checkout";
import { type FieldErrors, validateShipping } from "../checkout-form";

const FIELD_ORDER: (keyof ShippingDetails)[] = ["firstName", "lastName", "email", "phone", "address"];

export interface CheckoutInput {
  user: User;
  items: CheckoutItem[];
  cartId?: number;
  /** A shipping fee handed over by the cart; without it the current setting is read. */
  shippingCost?: number;
}

/**
 * The checkout's state and steps: the shipping details and their errors, then the confirmation, then
 * the order, whose answer is the created order, a stock shortage or a failure with the server's message.
 */
export function useCheckout({ user, items, cartId, shippingCost }: CheckoutInput) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const fee = useQuery({ ...deliveryFeeQuery, enabled: shippingCost === undefined });
  // A shipping fee passed in first, then the setting, then the default.
  const shipping = shippingCost ?? fee.data ?? DEFAULT_DELIVERY_FEE;
  const totals = checkoutTotals(items, shipping);

  const [details, setDetails] = useState<ShippingDetails>(() => ({
    firstName: "",
    lastName: "",
    email: user.email,
    phone: "",
    address: "",
    city: "Bandung",
    notes: combineNotes(items),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<OrderDetail | null>(null);
  const [shortage, setShortage] = useState<UnavailableItem[] | null>(null);
  const [failure, setFailure] = useState<{ title: string; body?: React.ReactNode } | null>(null);

  const order = useMutation({
    mutationFn: placeOrder,
    onSuccess: async (result) => {
      setConfirming(false);
      setCreated(result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey(user.user_id) }),
        queryClient.invalidateQueries({ queryKey: ["orders", user.user_id] }),
        queryClient.invalidateQueries({ queryKey: ["product"] }),
        queryClient.invalidateQueries({ queryKey: ["catalog"] }),
      ]);
    },
    onError: (error) => {
      setConfirming(false);
      const unavailable = error instanceof ApiError ? unavailableItemsOf(error.body) : null;
      if (unavailable) setShortage(unavailable);
      else
        setFailure({
          title: "Failed to process order.",
          body: error instanceof ApiError && error.serverMessage ? <p>{error.serverMessage}</p> : undefined,
        });
    },
  });

  function update<K extends keyof ShippingDetails>(key: K, value: ShippingDetails[K]) {
    setDetails((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /** Checks the required fields; the first wrong one gets the focus, else the confirmation opens. */
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateShipping(details);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setConfirming(true);
  }

  function confirm() {
    order.mutate({
      userId: user.user_id,
      shippingAddress: writeAddressBlock(details),
      shippingCost: shipping,
      cartId,
      items,
    });
  }

  return {
    formRef,
    totals,
    details,
    errors,
    update,
    submit,
    placing: order.isPending,
    confirming,
    confirm,
    cancelConfirm: () => setConfirming(false),
    created,
    shortage,
    closeShortage: () => setShortage(null),
    failure,
    closeFailure: () => setFailure(null),
  };
}
