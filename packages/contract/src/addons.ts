import { z } from "zod";
import { numberFrom } from "./common.js";

/** How long an add-on's name may be: one line on a cart row, not a sentence. */
export const MAX_ADDON_NAME = 60;

/** The most an add-on may cost: a product's own ceiling, so line totals stay far from any column's limit. */
export const MAX_ADDON_PRICE = 1_000_000_000;

/** What an admin sends to add or change an add-on (the spec's customization, contract §7.4). */
export const customizationBody = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(MAX_ADDON_NAME, `Name is at most ${MAX_ADDON_NAME} characters.`),
  price: numberFrom(
    z
      .number({ error: "Price must be a number." })
      .int("Price must be a whole number of rupiah.")
      .min(0, "Price must be 0 or more.")
      .max(MAX_ADDON_PRICE, "Price is too large."),
  ),
});
export type CustomizationBody = z.infer<typeof customizationBody>;
