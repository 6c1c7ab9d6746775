import { z } from "zod";
import { id } from "./common.js";

/** How long a category's name may be: a pill on a phone, not a sentence. */
export const MAX_CATEGORY_NAME = 60;

/** What an admin sends to add or rename a category (contract §7.4). */
export const categoryBody = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(MAX_CATEGORY_NAME, `Name is at most ${MAX_CATEGORY_NAME} characters.`),
});
export type CategoryBody = z.infer<typeof categoryBody>;

/** The whole new order of the catalogue: every category exactly once, first shown first. */
export const categoryOrderBody = z.object({
  categoryIds: z.array(id, { error: "categoryIds must be a list of category ids." }).max(1000),
});
export type CategoryOrderBody = z.infer<typeof categoryOrderBody>;
