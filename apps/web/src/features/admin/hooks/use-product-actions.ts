import type { Product } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import {
  deleteProduct,
  productKeys,
  replaceCover,
  type SaveResult,
  setAvailability,
  storefrontProductKeys,
} from "../api/products";
import type { FormMode } from "../lib/product-form";
import { isOutOfStock } from "../lib/products";

/** The outcome of the last action on the product list. */
export interface Notice {
  kind: "success" | "error";
  text: string;
}

/**
 * The actions of the product list (availability, cover image, delete, and saving the form) with
 * the notice each leaves. Any change refreshes the admin list and the storefront's product screens.
 */
export function useProductActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  async function refreshAll() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.list }),
      ...storefrontProductKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  }

  const availability = useMutation({
    mutationFn: (product: Product) =>
      setAvailability(product.productId, isOutOfStock(product) ? "in_stock" : "out_of_stock"),
    onSuccess: (updated) => {
      setNotice(
        isOutOfStock(updated) && updated.stockQuantity <= 0
          ? {
              kind: "error",
              text: t("{{name}} has no stock left; set its stock with Edit to sell it again.", { name: updated.name }),
            }
          : {
              kind: "success",
              text: isOutOfStock(updated)
                ? t("{{name}} is now out of stock.", { name: updated.name })
                : t("{{name}} is now available.", { name: updated.name }),
            },
      );
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("Failed to update product status.")) }),
  });

  const cover = useMutation({
    mutationFn: ({ product, file }: { product: Product; file: File }) => replaceCover(product.productId, file),
    onSuccess: () => {
      setNotice({ kind: "success", text: t("Product image updated.") });
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("Failed to update product image.")) }),
  });

  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.productId),
    onSuccess: (_, product) => {
      setNotice({ kind: "success", text: t("{{name}} was deleted.", { name: product.name }) });
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("Failed to delete product.")) }),
    onSettled: () => setDeleting(null),
  });

  /** The form saved the product; a colour image that failed is reported with it. */
  function saved(result: SaveResult, mode: FormMode) {
    const base = mode === "add" ? t("Product added successfully.") : t("Product updated successfully.");
    setNotice(
      result.failedImages > 0
        ? {
            kind: "error",
            text: `${base} ${t("{{number}} colour image(s) could not be saved.", { number: result.failedImages })}`,
          }
        : { kind: "success", text: base },
    );
    void refreshAll();
  }

  const busyProductId =
    (availability.isPending && availability.variables?.productId) ||
    (cover.isPending && cover.variables?.product.productId) ||
    (remove.isPending && remove.variables?.productId) ||
    null;

  return {
    notice,
    setNotice,
    busyProductId,
    toggleAvailability: (product: Product) => availability.mutate(product),
    replaceCover: (product: Product, file: File) => cover.mutate({ product, file }),
    saved,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (deleting) remove.mutate(deleting);
    },
    removing: remove.isPending,
  };
}
