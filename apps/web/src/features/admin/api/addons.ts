import type { Customization, customizationBody } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

/** What the admin sends; the server reads the price from a number or its text. */
export type AddOnBody = z.input<typeof customizationBody>;

/** The key the storefront's product page keeps the add-ons under, refreshed after every change here. */
export const storefrontAddOnKey = ["customizations"] as const;

/** The admin reads the list fresh each visit: it must see what another admin just changed. */
export const addOnsQuery = queryOptions({
  queryKey: ["admin", "add-ons"],
  queryFn: ({ signal }) => api.get<Customization[]>("/customization", undefined, signal),
  staleTime: 0,
});

export function createAddOn(body: AddOnBody): Promise<Customization> {
  return api.post<Customization>("/customization", body);
}

export function updateAddOn(customizationId: number, body: AddOnBody): Promise<Customization> {
  return api.put<Customization>(`/customization/${customizationId}`, body);
}

export function deleteAddOn(customizationId: number): Promise<void> {
  return api.delete(`/customization/${customizationId}`);
}
