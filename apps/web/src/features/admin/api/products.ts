import type {
  AvailabilityStatus,
  availabilityBody,
  Category,
  imageFields,
  Product,
  ProductImage,
  ProductSort,
  productListQuery,
  SortDirection,
} from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api, apiList } from "../../../lib/api-client";
import type { ProductFormValues } from "../lib/product-form";
import { buildProductBody, colorImageChanges, type ImageChange } from "../lib/product-payload";

export const productKeys = {
  list: ["admin", "products"] as const,
  categories: ["categories"] as const,
};

/** How many products one page of the admin's list holds. */
export const PRODUCTS_PAGE_SIZE = 20;

/** What the admin's product list asks the server for; null leaves a filter or the sort out. */
export interface ProductListParams {
  q: string;
  categoryId: number | null;
  availability: AvailabilityStatus | null;
  sort: ProductSort | null;
  dir: SortDirection;
  page: number;
}

export function productListSearch(params: ProductListParams): z.input<typeof productListQuery> {
  return {
    ...(params.q && { q: params.q }),
    ...(params.categoryId !== null && { categoryId: params.categoryId }),
    ...(params.availability && { availability: params.availability }),
    ...(params.sort && { sort: params.sort, dir: params.dir }),
    page: params.page,
    limit: PRODUCTS_PAGE_SIZE,
  };
}

/** One page of the admin's products, filtered and sorted on the server, with how many match. */
export const adminProductsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...productKeys.list, params],
    queryFn: ({ signal }) =>
      apiList<Product>("/products", productListSearch(params) as Record<string, string | number>, signal),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

export const categoriesQuery = queryOptions({
  queryKey: productKeys.categories,
  queryFn: ({ signal }) => api.get<Category[]>("/category", undefined, signal),
  staleTime: 10 * 60_000,
});

/** Query keys of storefront screens that show products, refreshed after any product change. */
export const storefrontProductKeys = [["catalog"], ["product"], ["search"], ["occasions"]] as const;

export function setAvailability(productId: number, availabilityStatus: AvailabilityStatus): Promise<Product> {
  const body: z.input<typeof availabilityBody> = { availabilityStatus };
  return api.patch<Product>(`/products/${productId}`, body);
}

export function replaceCover(productId: number, file: File): Promise<Product> {
  const form = new FormData();
  form.append("image", file);
  return api.patch<Product>(`/products/${productId}`, form);
}

export function deleteProduct(productId: number): Promise<void> {
  return api.delete(`/products/${productId}`);
}

/** A colour image's fields as multipart, the way the contract's image schema reads them. */
function imageForm(change: { colorName: string; stock: number; file?: File }): FormData {
  const fields: z.input<typeof imageFields> = { color_name: change.colorName, stock_quantity: change.stock };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (change.file) form.append("image", change.file);
  return form;
}

function applyImageChange(productId: number, change: ImageChange): Promise<ProductImage | undefined> {
  const base = `/products/${productId}/images`;
  switch (change.kind) {
    case "upload":
      return api.post<ProductImage>(base, imageForm(change));
    case "replace":
    case "rename":
      return api.put<ProductImage>(`${base}/${change.imageId}`, imageForm(change));
    case "delete":
      return api.delete(`${base}/${change.imageId}`);
  }
}

export interface SaveResult {
  product: Product;
  /** Colour images that could not be saved; the product itself was. */
  failedImages: number;
}

/**
 * Saves the product, then its colour images. A colour image that fails does not undo the product;
 * it is counted so the screen can say so.
 */
export async function saveProduct(values: ProductFormValues, productId: number | null): Promise<SaveResult> {
  const product =
    productId == null
      ? await api.post<Product>("/products", buildProductBody(values, "add"))
      : await api.put<Product>(`/products/${productId}`, buildProductBody(values, "edit"));
  let failedImages = 0;
  for (const change of colorImageChanges(values)) {
    try {
      await applyImageChange(product.productId, change);
    } catch (error) {
      failedImages += 1;
      console.warn("A colour image could not be saved.", error);
    }
  }
  return { product, failedImages };
}
