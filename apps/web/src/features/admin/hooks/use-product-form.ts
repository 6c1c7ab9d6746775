import type { Product } from "@florist/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { type SaveResult, saveProduct } from "../api/products";
import { emptyProductForm, type FormMode, type ProductFormValues, productToForm } from "../lib/product-form";
import { validateProductForm } from "../lib/product-form-rules";

/**
 * The state of the product form: its values (empty to add, the product's own to edit), the one
 * message about it, and saving. A message stays only until the form changes; nothing is sent
 * while the form breaks a rule.
 */
export function useProductForm(product: Product | null, onSaved: (result: SaveResult, mode: FormMode) => void) {
  const { t } = useTranslation();
  const mode: FormMode = product ? "edit" : "add";
  const [values, setFormValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : emptyProductForm(),
  );
  const [formError, setFormError] = useState<string | null>(null);

  function update(change: (current: ProductFormValues) => ProductFormValues) {
    setFormValues(change);
    setFormError(null);
  }

  const save = useMutation({
    mutationFn: (submitted: ProductFormValues) => saveProduct(submitted, product?.productId ?? null),
    onSuccess: (result) => onSaved(result, mode),
    onError: (error) =>
      setFormError(messageOf(error, mode === "add" ? t("Failed to add product.") : t("Failed to update product."))),
  });

  function set<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    update((current) => ({ ...current, [key]: value }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateProductForm(values, mode);
    setFormError(problem);
    if (!problem) save.mutate(values);
  }

  const originalCover = product?.imageUrl ?? "";

  return {
    mode,
    values,
    formError,
    saving: save.isPending,
    set,
    patch: (changes: Partial<ProductFormValues>) => update((current) => ({ ...current, ...changes })),
    submit,
    // Choosing no file brings the current cover back.
    pickCover: (file: File | null) =>
      update((current) => ({ ...current, imageFile: file, imageUrl: file ? current.imageUrl : originalCover })),
    removeCover: () => update((current) => ({ ...current, imageFile: null, imageUrl: "" })),
    removeColorImage: (imageId: number) =>
      update((current) => ({ ...current, removedImageIds: [...current.removedImageIds, imageId] })),
  };
}
