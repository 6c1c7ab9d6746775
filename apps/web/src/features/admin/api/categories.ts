import type { Category, CategoryBody } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { productKeys, storefrontProductKeys } from "./products";

/** The admin reads the categories fresh each visit: another admin may just have changed them. */
export const adminCategoriesQuery = queryOptions({
  queryKey: ["admin", "categories"],
  queryFn: ({ signal }) => api.get<Category[]>("/category", undefined, signal),
  staleTime: 0,
});

/** Screens that show categories (the product form's list, the catalogue and its pills), refreshed after a change. */
export const categoryShowingKeys = [adminCategoriesQuery.queryKey, productKeys.categories, ...storefrontProductKeys];

export function createCategory(body: CategoryBody): Promise<Category> {
  return api.post<Category>("/category", body);
}

export function renameCategory(categoryId: number, body: CategoryBody): Promise<Category> {
  return api.put<Category>(`/category/${categoryId}`, body);
}

export function deleteCategory(categoryId: number): Promise<void> {
  return api.delete(`/category/${categoryId}`);
}

export function orderCategories(categoryIds: number[]): Promise<Category[]> {
  return api.put<Category[]>("/category/order", { categoryIds });
}
