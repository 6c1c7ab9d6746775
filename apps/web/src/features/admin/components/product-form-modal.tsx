import type { Category, Product } from "@florist/contract";
import { useId } from "react";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";
import { useTranslation } from "../../../lib/i18n";
import type { SaveResult } from "../api/products";
import { useProductForm } from "../hooks/use-product-form";
import type { FormMode } from "../lib/product-form";
import { ColorOptionsField } from "./color-options-field";
import { ImagePicker } from "./image-picker";
import { OccasionTagsField } from "./occasion-tags-field";
import { ProductDetailsFields } from "./product-details-fields";
import { SizeOptionsField } from "./size-options-field";

export interface ProductFormModalProps {
  /** The product to edit, or null to add a new one. */
  product: Product | null;
  categories: readonly Category[];
  onClose: () => void;
  onSaved: (result: SaveResult, mode: FormMode) => void;
}

/**
 * Add New Product and Edit Product: one form, prefilled on edit. Rendered only while open, so each
 * opening starts from the product as it is now.
 */
export function ProductFormModal({ product, categories, onClose, onSaved }: ProductFormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useProductForm(product, onSaved);
  const { mode, values, saving } = form;
  const saveButton = (label: string) => (
    <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
      {saving ? t("Saving...") : label}
    </button>
  );
  const actions =
    mode === "add" ? (
      saveButton(t("Save Product"))
    ) : (
      <>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
          {t("Cancel")}
        </button>
        {saveButton(t("Save Changes"))}
      </>
    );

  return (
    <Modal
      open
      title={mode === "add" ? t("Add New Product") : t("Edit Product")}
      onClose={saving ? () => undefined : onClose}
      size="large"
      actions={actions}
    >
      <form id={formId} className="form product-form" onSubmit={form.submit} noValidate aria-busy={saving}>
        <ProductDetailsFields mode={mode} values={values} categories={categories} onChange={form.set} />

        <ImagePicker
          label={mode === "add" ? t("Product Image") : t("Cover Image")}
          hint={
            mode === "add"
              ? t("Upload a product image (JPG/PNG, max 5 MB).")
              : t("Current cover image (or upload a new one).")
          }
          file={values.imageFile}
          currentUrl={values.imageUrl}
          required={mode === "add" && !values.imageFile && !values.imageUrl}
          onPick={form.pickCover}
          onRemove={form.removeCover}
        />

        <ColorOptionsField
          colors={values.colors}
          onChange={(colors) => form.set("colors", colors)}
          onImageRemoved={form.removeColorImage}
        />

        <SizeOptionsField
          sizes={values.sizes}
          removedSizePrices={values.removedSizePrices}
          basePrice={values.price}
          onChange={form.patch}
        />

        <OccasionTagsField value={values.occasionIds} onChange={(ids) => form.set("occasionIds", ids)} />

        <FormError message={form.formError} />
      </form>
    </Modal>
  );
}
