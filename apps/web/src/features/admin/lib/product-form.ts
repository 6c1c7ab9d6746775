import type { AvailabilityStatus, Product, ProductImage } from "@florist/contract";
import { COLOR_SEPARATOR, colorForName, parseColorOption } from "../../../lib/colors";

/** The admin form's fallback colour (spec §3, §9). */
export const DEFAULT_COLOR = "#111827";
/** Spec §5, §9: product images are at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_PRODUCT_TYPE = "real";

/** The preset swatches of the colour select; any other hex shows as 'Custom Color'. */
export const PRESET_COLORS: readonly { label: string; hex: string }[] = [
  "Black",
  "White",
  "Rose Gold",
  "Pink",
  "Red",
  "Peach",
  "Orange",
  "Yellow",
  "Cream",
  "Champagne",
  "Gold",
  "Green",
  "Tosca",
  "Blue",
  "Navy",
  "Lavender",
  "Purple",
  "Maroon",
  "Brown",
  "Silver",
].map((label) => ({ label, hex: colorForName(label, DEFAULT_COLOR) }));

export function presetFor(hex: string): { label: string; hex: string } | undefined {
  const wanted = hex.trim().toLowerCase();
  return PRESET_COLORS.find((preset) => preset.hex === wanted);
}

export type FormMode = "add" | "edit";

export interface ColorEntry {
  key: string;
  /** A hex colour such as #f7c6d7. */
  color: string;
  name: string;
  available: boolean;
  /** The colour's current image on the server, if it has one. */
  imageUrl: string;
  imageId: number | null;
  imageStock: number;
  /** The name the colour had when the form opened, to follow a rename on its image. */
  originalName: string;
  /** A new image picked for this colour. */
  imageFile: File | null;
}

export interface SizeEntry {
  key: string;
  size: string;
}

export interface ProductFormValues {
  categoryId: string;
  name: string;
  description: string;
  price: string;
  stock: string;
  /** The cover: a newly picked file wins over the URL; an empty URL in edit clears the cover. */
  imageFile: File | null;
  imageUrl: string;
  colors: ColorEntry[];
  sizes: SizeEntry[];
  /** Images of colours removed from the form, deleted on save. */
  removedImageIds: number[];
  /** Kept from the product on edit; new products start in stock (spec §9). */
  availabilityStatus: AvailabilityStatus;
  productType: string;
}

let keySeed = 0;
function nextKey(prefix: string): string {
  keySeed += 1;
  return `${prefix}-${keySeed}`;
}

/** 'Add Color' adds the default colour with an empty name, available (spec §2). */
export function newColor(partial: Partial<ColorEntry> = {}): ColorEntry {
  return {
    key: nextKey("color"),
    color: DEFAULT_COLOR,
    name: "",
    available: true,
    imageUrl: "",
    imageId: null,
    imageStock: 0,
    originalName: "",
    imageFile: null,
    ...partial,
  };
}

export function newSize(size = ""): SizeEntry {
  return { key: nextKey("size"), size };
}

export function emptyProductForm(): ProductFormValues {
  return {
    categoryId: "",
    name: "",
    description: "",
    price: "",
    stock: "0",
    imageFile: null,
    imageUrl: "",
    colors: [newColor()],
    sizes: [newSize()],
    removedImageIds: [],
    availabilityStatus: "in_stock",
    productType: DEFAULT_PRODUCT_TYPE,
  };
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The edit form prefilled from a product. Offered colours are available; a colour that only
 * survives as a colour image (it was made unavailable earlier) comes back unchecked, so it can be
 * offered again.
 */
export function productToForm(product: Product): ProductFormValues {
  const images: ProductImage[] = product.images ?? [];
  const colors = product.colorOptions
    .filter((raw) => raw.trim() !== "")
    .map((raw) => {
      const option = parseColorOption(raw, DEFAULT_COLOR);
      const image = images.find((candidate) => sameName(candidate.color_name, option.label));
      return newColor({
        color: option.hex,
        name: option.label,
        originalName: option.label,
        available: true,
        imageUrl: image?.image_url ?? "",
        imageId: image?.imageId ?? null,
        imageStock: image?.stockQuantity ?? 0,
      });
    });
  for (const image of images) {
    if (colors.some((entry) => sameName(entry.name, image.color_name))) continue;
    colors.push(
      newColor({
        color: colorForName(image.color_name, DEFAULT_COLOR),
        name: image.color_name,
        originalName: image.color_name,
        available: false,
        imageUrl: image.image_url,
        imageId: image.imageId,
        imageStock: image.stockQuantity,
      }),
    );
  }
  // An explicit out-of-stock mark is kept; one that only comes from an empty stock is not, so
  // raising the stock in this form makes the product available again.
  const markedOut = product.availabilityStatus === "out_of_stock" && product.stockQuantity > 0;
  return {
    categoryId: product.categoryId == null ? "" : String(product.categoryId),
    name: product.name,
    description: product.description ?? "",
    price: String(product.price),
    stock: String(product.stockQuantity),
    imageFile: null,
    imageUrl: product.imageUrl ?? "",
    colors: colors.length > 0 ? colors : [newColor()],
    sizes: product.sizeOptions.length > 0 ? product.sizeOptions.map((size) => newSize(size)) : [newSize()],
    removedImageIds: [],
    availabilityStatus: markedOut ? "out_of_stock" : "in_stock",
    productType: product.productType || DEFAULT_PRODUCT_TYPE,
  };
}

/** Commas separate list entries on the wire, so they cannot stay inside one. */
function listEntry(value: string): string {
  return value.replace(/,/g, " ").replace(/\s+/g, " ").trim();
}

/** Sizes: trimmed, empty entries dropped, each once. */
export function cleanSizes(sizes: readonly SizeEntry[]): string[] {
  const result: string[] = [];
  for (const entry of sizes) {
    const size = listEntry(entry.size);
    if (size && !result.some((existing) => sameName(existing, size))) result.push(size);
  }
  return result;
}

function normalizeHex(hex: string): string {
  const value = hex.trim().toLowerCase();
  const withHash = value.startsWith("#") ? value : `#${value}`;
  return /^#[0-9a-f]{3,6}$/.test(withHash) ? withHash : DEFAULT_COLOR;
}

/** Colours as stored: "label::#hex", named ones only; on edit only those marked available (spec §5). */
export function cleanColors(colors: readonly ColorEntry[], mode: FormMode): string[] {
  const result: string[] = [];
  for (const entry of colors) {
    if (mode === "edit" && !entry.available) continue;
    const name = listEntry(entry.name.replaceAll(COLOR_SEPARATOR, " "));
    if (!name || result.some((existing) => sameName(existing.split(COLOR_SEPARATOR)[0] ?? "", name))) continue;
    result.push(`${name}${COLOR_SEPARATOR}${normalizeHex(entry.color)}`);
  }
  return result;
}

function toNumber(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

export const MESSAGES = {
  category: "Category is required.",
  name: "Product name is required.",
  description: "Description is required.",
  price: "Price must be greater than 0.",
  stock: "Stock must be at least 0.",
  colors: "Please add at least one color option.",
  sizes: "Please add at least one size option.",
  image: "Please upload at least one product image.",
} as const;

/** The first rule of spec §5 the form breaks, or null when it can be saved. */
export function validateProductForm(values: ProductFormValues, mode: FormMode): string | null {
  if (!values.categoryId.trim()) return MESSAGES.category;
  if (!values.name.trim()) return MESSAGES.name;
  if (mode === "edit" && !values.description.trim()) return MESSAGES.description;
  const price = toNumber(values.price);
  if (!Number.isFinite(price) || price <= 0) return MESSAGES.price;
  const stock = toNumber(values.stock);
  if (!Number.isFinite(stock) || stock < 0) return MESSAGES.stock;
  if (cleanColors(values.colors, mode).length === 0) return MESSAGES.colors;
  if (cleanSizes(values.sizes).length === 0) return MESSAGES.sizes;
  if (mode === "add" && !values.imageFile && !values.imageUrl.trim()) return MESSAGES.image;
  return null;
}

export type ProductFieldValue = string | number;

/** The product's fields under the server's names; null or undefined fields are left out (spec §5). */
export function productFields(values: ProductFormValues, mode: FormMode): Record<string, ProductFieldValue> {
  const fields: Record<string, ProductFieldValue | null | undefined> = {
    category_id: Number(values.categoryId),
    name: values.name.trim(),
    description: values.description.trim(),
    // Money and stock are whole numbers on the server.
    price: Math.round(Number(values.price)),
    stock_quantity: Math.round(Number(values.stock)),
    size_available: cleanSizes(values.sizes).join(","),
    color_available: cleanColors(values.colors, mode).join(","),
    availability_status: mode === "add" ? "in_stock" : values.availabilityStatus,
    product_type: values.productType || DEFAULT_PRODUCT_TYPE,
    // Without a new file the URL travels; on edit an empty one clears the cover.
    image_url: values.imageFile
      ? undefined
      : mode === "edit"
        ? values.imageUrl.trim()
        : values.imageUrl.trim() || undefined,
  };
  const result: Record<string, ProductFieldValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * The body of the create or update call. Creating is always multipart; an update is multipart
 * only when a new cover file goes with it, JSON otherwise.
 */
export function buildProductBody(
  values: ProductFormValues,
  mode: FormMode,
): FormData | Record<string, ProductFieldValue> {
  const fields = productFields(values, mode);
  if (mode === "edit" && !values.imageFile) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
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
    const colorName = listEntry(entry.name.replaceAll(COLOR_SEPARATOR, " "));
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

/** Spec §5: only image files of at most 5 MB. The message, or null when the file is fine. */
export function imageFileProblem(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return "Image maximum size is 5 MB.";
  if (file.type && !file.type.startsWith("image/")) return "Only image files can be uploaded.";
  return null;
}
