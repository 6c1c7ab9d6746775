import type { Category, Product } from "@florist/contract";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormError } from "../../../components/form-feedback";
import { Modal } from "../../../components/modal";
import { messageOf } from "../../../lib/api-client";
import { type SaveResult, saveProduct } from "../api/products";
import {
  emptyProductForm,
  type FormMode,
  type ProductFormValues,
  productToForm,
  validateProductForm,
} from "../lib/product-form";
import { ColorOptionsField } from "./color-options-field";
import { ImagePicker } from "./image-picker";
import { SizeOptionsField } from "./size-options-field";

export interface ProductFormModalProps {
  /** The product to edit, or null to add a new one. */
  product: Product | null;
  categories: readonly Category[];
  onClose: () => void;
  onSaved: (result: SaveResult, mode: FormMode) => void;
}

/**
 * Add New Product and Edit Product: one form, prefilled on edit. Rendered only while
 * open, so each opening starts from the product as it is now.
 */
export function ProductFormModal({ product, categories, onClose, onSaved }: ProductFormModalProps) {
  const mode: FormMode = product ? "edit" : "add";
  const formId = useId();
  const ids = { category: useId(), name: useId(), description: useId(), price: useId(), stock: useId() };
  const [values, setFormValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : emptyProductForm(),
  );
  const [formError, setFormError] = useState<string | null>(null);

  // A message about the form stays only until the form changes.
  function setValues(update: (current: ProductFormValues) => ProductFormValues) {
    setFormValues(update);
    setFormError(null);
  }

  const save = useMutation({
    mutationFn: (submitted: ProductFormValues) => saveProduct(submitted, product?.productId ?? null),
    onSuccess: (result) => onSaved(result, mode),
    onError: (error) =>
      setFormError(messageOf(error, mode === "add" ? "Failed to add product." : "Failed to update product.")),
  });

  function set<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validateProductForm(values, mode);
    setFormError(problem);
    if (!problem) save.mutate(values);
  }

  const saving = save.isPending;
  const originalCover = product?.imageUrl ?? "";
  const actions =
    mode === "add" ? (
      <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save Product"}
      </button>
    ) : (
      <>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
          Cancel
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </>
    );

  return (
    <Modal
      open
      title={mode === "add" ? "Add New Product" : "Edit Product"}
      onClose={saving ? () => undefined : onClose}
      size="large"
      actions={actions}
    >
      <form id={formId} className="form product-form" onSubmit={submit} noValidate aria-busy={saving}>
        <div className="form-row">
          <div className="field">
            <label htmlFor={ids.category}>Category</label>
            <select
              id={ids.category}
              className="select"
              value={values.categoryId}
              onChange={(event) => set("categoryId", event.target.value)}
              required
            >
              <option value="">Select category</option>
              {categories.map((category) => (
                <option key={category.category_id} value={category.category_id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.name}>Product Name</label>
            <input
              id={ids.name}
              className="input"
              value={values.name}
              maxLength={120}
              onChange={(event) => set("name", event.target.value)}
              required
            />
          </div>
        </div>

        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            className="textarea"
            rows={3}
            value={values.description}
            maxLength={4000}
            onChange={(event) => set("description", event.target.value)}
            required={mode === "edit"}
          />
        </div>

        <div className="form-row">
          <WholeNumberField
            id={ids.price}
            label="Price"
            value={values.price}
            onChange={(value) => set("price", value)}
          />
          <WholeNumberField
            id={ids.stock}
            label="Stock"
            value={values.stock}
            onChange={(value) => set("stock", value)}
          />
        </div>

        <ImagePicker
          label={mode === "add" ? "Product Image" : "Cover Image"}
          hint={
            mode === "add"
              ? "Upload a product image (JPG/PNG, max 5 MB)."
              : "Current cover image (or upload a new one)."
          }
          file={values.imageFile}
          currentUrl={values.imageUrl}
          required={mode === "add" && !values.imageFile && !values.imageUrl}
          onPick={(file) =>
            // Choosing nothing keeps the current cover: a cleared picker must not delete the product's image.
            setValues((current) => ({ ...current, imageFile: file, imageUrl: file ? current.imageUrl : originalCover }))
          }
          onRemove={() => setValues((current) => ({ ...current, imageFile: null, imageUrl: "" }))}
        />

        <ColorOptionsField
          colors={values.colors}
          onChange={(colors) => set("colors", colors)}
          onImageRemoved={(imageId) =>
            setValues((current) => ({ ...current, removedImageIds: [...current.removedImageIds, imageId] }))
          }
        />

        <SizeOptionsField sizes={values.sizes} onChange={(sizes) => set("sizes", sizes)} />

        <FormError message={formError} />
      </form>
    </Modal>
  );
}

/** A required whole number of zero or more (price in rupiah, stock). */
function WholeNumberField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </div>
  );
}
