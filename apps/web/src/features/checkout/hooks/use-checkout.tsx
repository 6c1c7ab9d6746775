import type { OrderDetail, UnavailableItem, User } from "@florist/contract";
import { DEFAULT_DELIVERY_FEE } from "@florist/contract/rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { unavailableItemsOf } from "../../../components/stock-shortage";
import { type ShippingDetails, writeAddressBlock } from "../../../lib/address";
import { ApiError } from "../../../lib/api-client";
import { cartKey } from "../../../lib/cart";
import { deliveryFeeQuery } from "../../../lib/delivery-fee";
import { formatRupiah } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { combineNotes } from "../../../lib/item-notes";
import { type CheckoutItem, checkoutTotals } from "../../../lib/pricing";
import { placeOrder } from "../api/checkout";
import { type CurrentPrices, currentPrices } from "../api/current-prices";
import { type FieldErrors, validateShipping } from "../checkout-form";
import { useDeliveryChoice } from "./use-delivery-choice";

/** The required fields in the order the form shows them, so the focus goes to the first one wrong. */
const FIELD_ORDER: (keyof ShippingDetails)[] = ["address", "firstName", "lastName", "phone", "email"];

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
export function useCheckout({ user, items: handedOver, cartId, shippingCost }: CheckoutInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const fee = useQuery({ ...deliveryFeeQuery, enabled: shippingCost === undefined });
  const delivery = useDeliveryChoice();
  // The prices read again at Confirm, once they differed from those the checkout was opened with.
  const [repriced, setRepriced] = useState<CurrentPrices | null>(null);
  const [checkingPrices, setCheckingPrices] = useState(false);
  // A second press while the prices are read does nothing (the state above shows only after a render).
  const checking = useRef(false);
  const items = repriced?.items ?? handedOver;
  // Without a district: a shipping fee passed in first, then the setting, then the default.
  const standardFee = repriced?.standardFee ?? shippingCost ?? fee.data ?? DEFAULT_DELIVERY_FEE;
  const shipping = delivery.zone?.fee ?? standardFee;
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
  const [slotError, setSlotError] = useState<string | undefined>();
  const [cardMessage, setCardMessage] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [remindNextYear, setRemindNextYear] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<OrderDetail | null>(null);
  const [shortage, setShortage] = useState<UnavailableItem[] | null>(null);
  const [failure, setFailure] = useState<{ title: string; body?: React.ReactNode } | null>(null);
  const [backToSlots, setBackToSlots] = useState(false);

  // Runs after the message closes and hands the focus back, so this focus is the one that stays.
  useEffect(() => {
    if (failure || !backToSlots) return;
    setBackToSlots(false);
    formRef.current?.querySelector<HTMLElement>(".slot-option input:not(:disabled)")?.focus();
  }, [failure, backToSlots]);

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
    onError: (error, sent) => {
      setConfirming(false);
      const unavailable = error instanceof ApiError ? unavailableItemsOf(error.body) : null;
      if (unavailable) {
        setShortage(unavailable);
        return;
      }
      // An add-on the florist no longer offers was taken off a cart line: the cart is read again and the
      // shopper goes back to it, to see the new total before ordering again.
      if (error instanceof ApiError && (error.body as { code?: unknown } | null)?.code === "ADDON_RETIRED") {
        void queryClient.invalidateQueries({ queryKey: cartKey(user.user_id) });
        setFailure({
          title: t("Your cart has changed"),
          body: (
            <>
              <p>{error.serverMessage}</p>
              <p>
                <Link to="/keranjang">{t("Back to my cart")}</Link>
              </p>
            </>
          ),
        });
        return;
      }
      // A slot that filled, closed, passed its cutoff (409) or was switched off (400) meanwhile: what is
      // left is read again. A slot still free stays chosen.
      if (sent.slot) void delivery.refuse(sent.slot);
      // A conflict is about the day's places: once its message is read, the shopper is taken to the slots.
      if (error instanceof ApiError && error.status === 409 && sent.slot) setBackToSlots(true);
      setFailure({
        title: t("Failed to process order."),
        body: error instanceof ApiError && error.serverMessage ? <p>{error.serverMessage}</p> : undefined,
      });
    },
  });

  function update<K extends keyof ShippingDetails>(key: K, value: ShippingDetails[K]) {
    setDetails((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /**
   * Checks the delivery time and the required fields; the first wrong one gets the focus, else the
   * confirmation opens.
   */
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateShipping(details);
    setErrors(found);
    setSlotError(delivery.mustChoose ? t("Please choose a delivery time.") : undefined);
    if (delivery.mustChoose) {
      formRef.current?.querySelector<HTMLElement>(".slot-option input:not(:disabled)")?.focus();
      return;
    }
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setConfirming(true);
  }

  /**
   * Reads the prices again, then places the order. If the florist changed a price since the checkout
   * opened, or the cart's quantities were changed in another window, the order is not placed: the
   * summary shows the new figures and the shopper confirms again.
   */
  async function confirm() {
    if (checking.current || order.isPending) return;
    checking.current = true;
    setCheckingPrices(true);
    const current = await currentPrices(queryClient, user.user_id, items, delivery.zone?.zoneId);
    checking.current = false;
    setCheckingPrices(false);
    if (current) {
      const total = checkoutTotals(current.items, current.zoneFee ?? current.standardFee).total;
      // A cart line's quantity changed elsewhere (another tab): the cart changed, not the shop's prices.
      const cartChanged = current.items.some((line, i) => line.quantity !== items[i]?.quantity);
      if (cartChanged || total !== totals.total) {
        const now = formatRupiah(total);
        setRepriced(current);
        setConfirming(false);
        setFailure({
          title: cartChanged ? t("Your cart has changed") : t("Prices have changed"),
          body: (
            <p>
              {cartChanged
                ? t(
                    "Your cart was changed in another window while you were checking out. The total is now {{total}}.",
                    {
                      total: now,
                    },
                  )
                : t("The shop's prices changed while you were checking out. The total is now {{total}}.", {
                    total: now,
                  })}{" "}
              {t("Please check your order and confirm again.")}
            </p>
          ),
        });
        return;
      }
    }
    placeWith(current?.items ?? items, current ? (current.zoneFee ?? current.standardFee) : shipping);
  }

  function placeWith(lines: CheckoutItem[], shippingCost: number) {
    order.mutate({
      userId: user.user_id,
      shippingAddress: writeAddressBlock(details),
      shippingCost,
      cartId,
      items: lines,
      slot: delivery.selected ?? undefined,
      zoneId: delivery.zone?.zoneId,
      recipientName: `${details.firstName.trim()} ${details.lastName.trim()}`.trim(),
      recipientPhone: details.phone,
      cardMessage,
      senderAnonymous: anonymous,
      remindNextYear,
    });
  }

  return {
    formRef,
    totals,
    standardFee,
    delivery,
    slotError: delivery.mustChoose ? slotError : undefined,
    card: { message: cardMessage, anonymous, onMessage: setCardMessage, onAnonymous: setAnonymous },
    remind: { checked: remindNextYear, onChange: setRemindNextYear },
    details,
    errors,
    update,
    submit,
    items,
    placing: order.isPending || checkingPrices,
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
