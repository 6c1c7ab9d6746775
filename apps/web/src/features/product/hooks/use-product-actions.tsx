import type { Product } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { type LoginRedirectState, useAuth } from "../../../lib/auth";
import { cartKey } from "../../../lib/cart";
import { useTranslation } from "../../../lib/i18n";
import { saveItemNotes } from "../../../lib/item-notes";
import type { CheckoutItem } from "../../../lib/pricing";
import { addToCart } from "../api/product";
import { savePendingChoice } from "./pending-choice";
import type { ProductOptions } from "./use-product-options";

export type Feedback = { title: string; body?: React.ReactNode } | null;

/**
 * Add to Cart and Buy Now: both check the choices first and send a visitor to log in (and back
 * here afterwards); Add to Cart stores the line with its customizations, Buy Now takes the one line
 * straight to checkout.
 */
export function useProductActions(product: Product, options: ProductOptions) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [addedOpen, setAddedOpen] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { soldOut, stock, quantity, size, color, notes, chosenCustomizations } = options;
  // A click that waits for the size's price: a second click meanwhile would add or buy the line twice.
  const waitingForPrice = useRef(false);

  async function settledUnitPrice(): Promise<number | null> {
    if (waitingForPrice.current) return null;
    waitingForPrice.current = true;
    try {
      return await options.settledUnitPrice();
    } finally {
      waitingForPrice.current = false;
    }
  }

  const add = useMutation({
    mutationFn: addToCart,
    onSuccess: async (cartItemId, input) => {
      if (cartItemId !== null) saveItemNotes(cartItemId, notes);
      await queryClient.invalidateQueries({ queryKey: cartKey(input.userId) });
      setAddedOpen(true);
    },
    onError: (err) => {
      const detail = err instanceof ApiError ? err.serverMessage : undefined;
      setFeedback({ title: t("Failed to add to cart."), body: detail ? <p>{detail}</p> : undefined });
    },
  });

  /**
   * A visitor goes to log in and comes back to this product as they left it: size and colour in the
   * address, quantity, add-ons and notes kept in the tab until the page takes them back.
   */
  function requireLogin(): boolean {
    if (user) return true;
    savePendingChoice({ productId: product.productId, quantity, chosen: options.chosen, notes });
    const variant = new URLSearchParams();
    if (size) variant.set("size", size);
    if (color) variant.set("color", color.label);
    const query = variant.toString();
    const state: LoginRedirectState = { redirectTo: `/produk/${product.productId}${query ? `?${query}` : ""}` };
    navigate("/login", { state });
    return false;
  }

  async function addToCartClicked() {
    if (add.isPending) return;
    const problem = options.validate();
    setFormError(problem);
    if (problem || !requireLogin() || !user) return;
    const unitPrice = await settledUnitPrice();
    if (unitPrice === null) return;
    add.mutate({
      userId: user.user_id,
      productId: product.productId,
      quantity,
      unitPrice,
      size,
      color: color?.label ?? "",
      colorHex: color?.hex ?? "",
      customizations: chosenCustomizations.map((c) => ({ customization_id: c.customization_id, quantity: c.quantity })),
    });
  }

  async function buyNowClicked() {
    if (add.isPending) return;
    if (soldOut || stock <= 0) {
      setFeedback({ title: t("Produk sedang tidak tersedia.") });
      return;
    }
    const problem = options.validate();
    setFormError(problem);
    if (problem || !requireLogin()) return;
    // The size's price, not the product's: the checkout shows what the order will charge.
    const price = await settledUnitPrice();
    if (price === null) return;
    const item: CheckoutItem = {
      productId: product.productId,
      name: product.name,
      price,
      quantity,
      imageUrl: options.imageUrl,
      size,
      color: color?.label ?? "",
      colorHex: color?.hex,
      notes: notes.trim(),
      customizations: chosenCustomizations,
    };
    navigate("/pemesanan", { state: { checkoutItems: [item] } });
  }

  return {
    adding: add.isPending,
    addToCartClicked,
    buyNowClicked,
    formError,
    addedOpen,
    closeAdded: () => setAddedOpen(false),
    viewCart: () => navigate("/keranjang"),
    feedback,
    closeFeedback: () => setFeedback(null),
  };
}
