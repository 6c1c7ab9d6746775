import type { Customization, Product } from "@florist/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { parseColorOptions } from "../../../lib/colors";
import { useTranslation } from "../../../lib/i18n";
import { clampQuantity, productSummary } from "../../../lib/pricing";
import { customizationsQuery, sizePriceQuery } from "../api/product";
import { clearPendingChoice, readPendingChoice } from "./pending-choice";

export function isOutOfStock(product: Product): boolean {
  return product.availabilityStatus === "out_of_stock" || product.stockQuantity <= 0;
}

/**
 * What the shopper has chosen on a product page (size, colour, customizations, quantity, notes) and
 * what follows from it: the unit price of the size, the summary's figures, the photo of the colour and
 * the message that blocks buying, if any. The size and colour come from the address (?size=&color=, so
 * a variant's link can be shared) and go into it when changed; without them the first of each is chosen.
 * A choice kept while the shopper logged in (pending-choice.ts) brings back quantity, add-ons and notes.
 */
export function useProductOptions(product: Product) {
  const { t } = useTranslation();
  const sizes = product.sizeOptions.filter((size) => size.trim() !== "");
  const colors = useMemo(() => parseColorOptions(product.colorOptions), [product.colorOptions]);
  const soldOut = isOutOfStock(product);
  const stock = Math.max(0, product.stockQuantity);

  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [pending] = useState(() => readPendingChoice(product.productId));
  const [size, setSizeState] = useState(() => {
    const wanted = params.get("size")?.trim().toLowerCase();
    return sizes.find((option) => option.toLowerCase() === wanted) ?? sizes[0] ?? "";
  });
  const [colorRaw, setColorRawState] = useState(() => {
    const wanted = params.get("color")?.trim().toLowerCase();
    const match = colors.find((option) => option.label.toLowerCase() === wanted || option.raw.toLowerCase() === wanted);
    return (match ?? colors[0])?.raw ?? "";
  });
  const [chosen, setChosen] = useState<Record<number, number>>(pending?.chosen ?? {});
  const [notes, setNotes] = useState(pending?.notes ?? "");
  const [requestedQuantity, setQuantity] = useState(pending?.quantity ?? 1);

  // A kept choice is taken back once: a later visit to the product starts afresh.
  useEffect(() => {
    if (pending) clearPendingChoice();
  }, [pending]);

  /** Writes one choice into the address, replacing the entry (Back leaves the product, not a choice). */
  function remember(name: "size" | "color", value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function setSize(value: string) {
    setSizeState(value);
    remember("size", value);
  }

  function setColorRaw(raw: string) {
    setColorRawState(raw);
    const label = colors.find((option) => option.raw === raw)?.label;
    if (label) remember("color", label);
  }

  const quantity = clampQuantity(requestedQuantity, stock);
  const color = colors.find((option) => option.raw === colorRaw) ?? null;

  const customizations = useQuery(customizationsQuery);
  const sizePrice = useQuery(sizePriceQuery(product.productId, size));
  // The product already names each size's price; the refetch the spec asks for confirms it.
  const listedPrice = size !== "" ? product.sizePrices[size] : undefined;
  const unitPrice = sizePrice.data ?? listedPrice ?? product.price;
  // Until the chosen size's price is known, show no figure rather than a price the shopper won't pay.
  const pricePending = size !== "" && sizePrice.isPending && listedPrice === undefined;

  /** The unit price Buy Now and Add to Cart carry: the size's own, waited for when not yet known. */
  async function settledUnitPrice(): Promise<number> {
    if (!pricePending) return unitPrice;
    return (await queryClient.ensureQueryData(sizePriceQuery(product.productId, size))) ?? product.price;
  }

  const chosenCustomizations = (customizations.data ?? [])
    .filter((c) => chosen[c.customization_id] !== undefined)
    .map((c) => ({ ...c, quantity: chosen[c.customization_id] ?? 1 }));
  const summary = productSummary(unitPrice, quantity, chosenCustomizations);

  const colorImage = color
    ? product.images.find((image) => image.color_name.trim().toLowerCase() === color.label.toLowerCase())
    : undefined;
  const imageUrl = colorImage?.image_url ?? product.imageUrl;

  function toggleCustomization(customization: Customization, checked: boolean) {
    setChosen((current) => {
      const next = { ...current };
      if (checked) next[customization.customization_id] = 1;
      else delete next[customization.customization_id];
      return next;
    });
  }

  function setCustomizationQuantity(customization: Customization, value: number) {
    setChosen((current) => ({ ...current, [customization.customization_id]: value }));
  }

  /** The checks shared by Add to Cart and Buy Now; returns the message that blocks, if any. */
  function validate(): string | null {
    if (soldOut || stock <= 0) return t("This product is currently unavailable.");
    if (sizes.length > 0 && !size) return t("Please select a size first.");
    if (colors.length > 0 && !color) return t("Please select a color first.");
    return null;
  }

  return {
    sizes,
    colors,
    soldOut,
    stock,
    size,
    setSize,
    colorRaw,
    setColorRaw,
    color,
    customizations: customizations.data ?? [],
    chosen,
    chosenCustomizations,
    toggleCustomization,
    setCustomizationQuantity,
    notes,
    setNotes,
    quantity,
    setQuantity,
    unitPrice,
    pricePending,
    settledUnitPrice,
    summary,
    imageUrl,
    validate,
  };
}

export type ProductOptions = ReturnType<typeof useProductOptions>;
