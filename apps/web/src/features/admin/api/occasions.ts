import type { Occasion, OccasionBody } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storefrontProductKeys } from "./products";

/** The admin reads the occasions fresh each visit: another admin may just have changed them. */
export const adminOccasionsQuery = queryOptions({
  queryKey: ["admin", "occasions"],
  queryFn: ({ signal }) => api.get<Occasion[]>("/occasions", undefined, signal),
  staleTime: 0,
});

/** Screens that show occasions (this one, the product form's choices, the shop's filters and cards), refreshed after a change. */
export const occasionShowingKeys = [adminOccasionsQuery.queryKey, ...storefrontProductKeys];

export function createOccasion(body: OccasionBody): Promise<Occasion> {
  return api.post<Occasion>("/occasions", body);
}

export function renameOccasion(occasionId: number, body: OccasionBody): Promise<Occasion> {
  return api.put<Occasion>(`/occasions/${occasionId}`, body);
}

export function deleteOccasion(occasionId: number): Promise<void> {
  return api.delete(`/occasions/${occasionId}`);
}
