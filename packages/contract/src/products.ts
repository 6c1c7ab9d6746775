import { z } from "zod";
import { id, numberFrom } from "./common.js";
import { MAX_DB_INT, splitList } from "./rules.js";

/**
 * Prices and stock stay well below MAX_DB_INT, so that stock given back by a denied order and the
 * totals computed from prices never reach the column's limit.
 */
const numberField = (label: string) =>
  numberFrom(
    z
      .number({ error: `${label} must be a number.` })
      .int(`${label} must be a whole number.`)
      .min(0, `${label} must be at least 0.`)
      .max(1_000_000_000, `${label} is too large.`),
  );

/** Sizes or colours as one comma-joined text or as a list; the service checks each label and their number. */
const optionList = z
  .union([z.string().max(4000, "The list of options is too long."), z.array(z.string().max(200)).max(100)], {
    error: "Options must be a text or a list of texts.",
  })
  .nullish()
  .transform(splitList);

/** Product fields as the admin form sends them, in multipart or JSON, under the server's form field names. */
export const productFields = z.object({
  category_id: numberFrom(
    z
      .number({ error: "Category is required." })
      .int("Category is required.")
      .positive("Category is required.")
      .max(MAX_DB_INT, "Category does not exist."),
  ),
  name: z
    .string({ error: "Product name is required." })
    .trim()
    .min(1, "Product name is required.")
    .max(120, "Product name is at most 120 characters."),
  description: z
    .string({ error: "Description must be text." })
    .trim()
    .max(4000, "Description is at most 4000 characters.")
    .nullish()
    .transform((v) => v ?? ""),
  price: numberField("Price").refine((v) => v > 0, "Price must be greater than 0."),
  stock_quantity: numberField("Stock").default(0),
  size_available: optionList,
  color_available: optionList,
  availability_status: z.enum(["in_stock", "out_of_stock"]).default("in_stock"),
  product_type: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v || "real"),
  image_url: z.string().trim().max(500).nullish(),
});
export type ProductFields = z.output<typeof productFields>;

export const availabilityBody = z.object({ availabilityStatus: z.enum(["in_stock", "out_of_stock"]) });

export const imageFields = z.object({
  color_name: z.string({ error: "Colour name is required." }).trim().min(1, "Colour name is required.").max(80),
  stock_quantity: numberField("Stock").default(0),
});

export const imageStockBody = z.object({ stockQuantity: numberField("Stock") });

/** Replacing a colour image: a field left out keeps its value. */
export const imageUpdateFields = z.object({
  color_name: z.string().trim().min(1, "Colour name is required.").max(80).optional(),
  stock_quantity: numberField("Stock").optional(),
});

export const productImageParams = z.object({ id, imageId: id });
