import { z } from "zod";
import { MAX_CATEGORY_NAME } from "./categories.js";
import { id, int } from "./common.js";

/** What an admin sends to add or rename an occasion (contract §7.7); as short as a category's name. */
export const occasionBody = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(MAX_CATEGORY_NAME, `Name is at most ${MAX_CATEGORY_NAME} characters.`),
});
export type OccasionBody = z.infer<typeof occasionBody>;

/** An occasion in the admin's order, with how many products on sale carry it. */
export const occasionSchema = z.object({ occasionId: int, name: z.string(), productCount: int });
export type Occasion = z.infer<typeof occasionSchema>;

const OCCASION_IDS_MESSAGE = "occasion_ids must be a list of occasion ids.";

/**
 * The occasions a product is tagged with, as a list, as JSON text of a list or, as forms send it,
 * comma-joined ("1,3"). Absent means "not sent": an update then keeps the product's occasions;
 * an empty text or list clears them.
 */
export const occasionIdList = z.preprocess(
  (value, ctx) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (!text.startsWith("[")) return text === "" ? [] : text.split(",").map((part) => part.trim());
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: OCCASION_IDS_MESSAGE });
      return z.NEVER;
    }
  },
  z
    .array(id, { error: OCCASION_IDS_MESSAGE })
    .max(100, "occasion_ids names at most 100 occasions.")
    .transform((ids) => [...new Set(ids)])
    .optional(),
);
