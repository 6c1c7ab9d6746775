import type { productFields as productFieldsSchema } from "@florist/contract";
import type { z } from "zod";
import { DEFAULT_PRODUCT_TYPE, type FormMode, type ProductFormValues, sameName } from "./product-form";
import { cleanColors, cleanSizes, colorLabel } from "./product-form-rules";
import { sizePricesPayload } from "./size-prices";

/** The product's fields as the contract's product schema takes them, in JSON or as multipart fields. */
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;

/** The product's fields under the server's names; fields without a value are left out. */
export function productPayload(values: ProductFormValues, mode: FormMode): ProductFieldsInput {
  const payload: ProductFieldsInput = {
    category_id: Number(values.categoryId),
    name: values.name.trim(),
    description: values.description.trim(),
    // Money and stock are whole numbers on the server.
    price: Math.round(Number(values.price)),
    stock_quantity: Math.round(Number(values.stock)),
    size_available: cleanSizes(values.sizes).join(","),
    size_prices: sizePricesPayload(values.sizes),
    color_available: cleanColors(values.colors, mode).join(","),
    availability_status: mode === "add" ? "in_stock" : values.availabilityStatus,
    product_type: values.productType || DEFAULT_PRODUCT_TYPE,
    // Always sent, so unticking the last occasion clears the product's tags.
    occasion_ids: values.occasionIds,
  };
  // Without a new file the URL travels; on edit an empty one clears the cover.
  const imageUrl = values.imageUrl.trim();
  if (!values.imageFile && (mode === "edit" || imageUrl)) payload.image_url = imageUrl;
  return payload;
}

/**
 * The body of the create or update call. Creating is always multipart; an update is multipart
 * only when a new cover file goes with it, JSON otherwise.
 */
export function buildProductBody(values: ProductFormValues, mode: FormMode): FormData | ProductFieldsInput {
  const payload = productPayload(values, mode);
  if (mode === "edit" && !values.imageFile) return payload;
  const form = new FormData();
  // A form field is text: the sizes' prices travel as JSON.
  for (const [key, value] of Object.entries(payload)) {
    form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  if (values.imageFile) form.append("image", values.imageFile);
  return form;
}

export type ImageChange =
  | { kind: "upload"; colorName: string; file: File; stock: number }
  | { kind: "replace"; imageId: number; colorName: string; file: File; stock: number }
  | { kind: "rename"; imageId: number; colorName: string; stock: number }
  | { kind: "delete"; imageId: number };

/** What has to happen to the per-colour images after the product itself is saved. */
export function colorImageChanges(values: ProductFormValues): ImageChange[] {
  const changes: ImageChange[] = values.removedImageIds.map((imageId) => ({ kind: "delete", imageId }));
  for (const entry of values.colors) {
    const colorName = colorLabel(entry);
    if (!colorName) continue;
    if (entry.imageFile) {
      changes.push(
        entry.imageId == null
          ? { kind: "upload", colorName, file: entry.imageFile, stock: entry.imageStock }
          : { kind: "replace", imageId: entry.imageId, colorName, file: entry.imageFile, stock: entry.imageStock },
      );
    } else if (entry.imageId != null && !sameName(colorName, entry.originalName)) {
      changes.push({ kind: "rename", imageId: entry.imageId, colorName, stock: entry.imageStock });
    }
  }
  return changes;
}
