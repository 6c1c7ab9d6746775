import type { Cart, CartItem, UnavailableItem } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { messageOf } from "../../../lib/api-client";
import { cartKey } from "../../../lib/cart";
import { toCheckoutItem } from "../../../lib/cart-lines";
import { useTranslation } from "../../../lib/i18n";
import { readItemNotes } from "../../../lib/item-notes";
import { changeQuantity, checkStock, removeItem } from "../api/cart";

type Feedback = { title: string; body?: React.ReactNode } | null;

/**
 * What a shopper does in the cart: change a quantity, remove a line after confirming, and go to
 * checkout once the stock of every line has been checked. Each failure is shown with the server's words.
 */
export function useCartActions(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [shortage, setShortage] = useState<UnavailableItem[] | null>(null);
  const [toRemove, setToRemove] = useState<CartItem | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: cartKey(userId) });

  const quantity = useMutation({
    mutationFn: ({ item, value }: { item: CartItem; value: number }) => changeQuantity(item, value),
    onError: (error) =>
      setFeedback({
        title: t("Gagal mengubah jumlah"),
        body: <p>{messageOf(error, t("Gagal mengubah jumlah item."))}</p>,
      }),
    onSettled: reload,
  });

  const remove = useMutation({
    mutationFn: (item: CartItem) => removeItem(item.cartItemId),
    onError: (error) =>
      setFeedback({ title: t("Gagal menghapus item"), body: <p>{messageOf(error, t("Gagal menghapus item."))}</p> }),
    onSettled: async () => {
      setToRemove(null);
      await reload();
    },
  });

  const stock = useMutation({
    mutationFn: (cartId: number) => checkStock(cartId),
    onError: (error) =>
      setFeedback({
        title: t("Gagal memeriksa stok"),
        body: <p>{messageOf(error, t("Gagal memeriksa ketersediaan stok."))}</p>,
      }),
  });

  async function goToCheckout(cart: Cart, shipping: number | null) {
    if (cart.items.length === 0) return;
    const result = await stock.mutateAsync(cart.cartId).catch(() => null);
    if (!result) return;
    if (result.unavailableItems.length > 0) {
      setShortage(result.unavailableItems);
      return;
    }
    navigate("/pemesanan", {
      state: {
        checkoutItems: cart.items.map((item) => toCheckoutItem(item, readItemNotes(item.cartItemId))),
        shippingCost: shipping ?? undefined,
        cartId: cart.cartId,
      },
    });
  }

  return {
    busy: quantity.isPending || remove.isPending,
    checkingStock: stock.isPending,
    setQuantity: (item: CartItem, value: number) => quantity.mutate({ item, value }),
    toRemove,
    askRemove: setToRemove,
    cancelRemove: () => setToRemove(null),
    confirmRemove: () => toRemove && remove.mutate(toRemove),
    removing: remove.isPending,
    goToCheckout,
    shortage,
    closeShortage: () => setShortage(null),
    feedback,
    closeFeedback: () => setFeedback(null),
  };
}
