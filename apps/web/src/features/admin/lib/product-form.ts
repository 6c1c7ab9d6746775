import type { AvailabilityStatus, Product, ProductImage } from "@florist/contract";
import { colorForName, parseColorOption } from "../../../lib/colors";
import { DEFAULT_COLOR } from "./color-presets";

/**
 * The values of the Add New Product and Edit Product form, and how they are made: empty for a new
 * product, prefilled from the product on edit.
 */

export const DEFAULT_PRODUCT_TYPE = "real";

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
  /** Whether the size has a price of its own; otherwise it follows the base price. */
  ownPrice: boolean;
  /** Its own price as typed; kept while the box is unticked, so ticking it again brings it back. */
  price: string;
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
  /**
   * The own prices of sizes removed from the form, by name in lower case: a size added again under
   * that name shows its price again instead of quietly following the base price.
   */
  removedSizePrices: Record<string, string>;
  /** Images of colours removed from the form, deleted on save. */
  removedImageIds: number[];
  /** Kept from the product on edit; new products start in stock. */
  availabilityStatus: AvailabilityStatus;
  productType: string;
  /** The occasions the product is tagged with (contract §7.7). */
  occasionIds: number[];
}

let keySeed = 0;
function nextKey(prefix: string): string {
  keySeed += 1;
  return `${prefix}-${keySeed}`;
}

/** 'Add Color' adds the default colour with an empty name, available. */
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

/** 'Add Size' adds an empty size that follows the base price; `price` gives it its own. */
export function newSize(size = "", price?: number): SizeEntry {
  return { key: nextKey("size"), size, ownPrice: price !== undefined, price: price === undefined ? "" : String(price) };
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
    removedSizePrices: {},
    removedImageIds: [],
    availabilityStatus: "in_stock",
    productType: DEFAULT_PRODUCT_TYPE,
    occasionIds: [],
  };
}

/** Sizes, colours and colour images are matched the way people type them: case and outer spaces do not matter. */
export function sameName(a: string, b: string): boolean {
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
    sizes:
      product.sizeOptions.length > 0
        ? product.sizeOptions.map((size) => newSize(size, product.ownSizePrices[size]))
        : [newSize()],
    removedSizePrices: {},
    removedImageIds: [],
    availabilityStatus: markedOut ? "out_of_stock" : "in_stock",
    productType: product.productType || DEFAULT_PRODUCT_TYPE,
    occasionIds: product.occasionIds ?? [],
  };
}
