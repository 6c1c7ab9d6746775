import { z } from "zod";
import { id } from "./common.js";
import { splitList } from "./rules.js";

const numberField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be at least 0.`)
    .max(1_000_000_000, `${label} is too large.`);

/** Product fields as sent by the admin form, in multipart or JSON (spec §3, server form field names). */
export const productFields = z.object({
  category_id: z.coerce.number({ error: "Category is required." }).int().positive("Category is required."),
  name: z.string({ error: "Product name is required." }).trim().min(1, "Product name is required.").max(120),
  description: z
    .string()
    .trim()
    .max(4000)
    .nullish()
    .transform((v) => v ?? ""),
  price: numberField("Price").refine((v) => v > 0, "Price must be greater than 0."),
  stock_quantity: numberField("Stock").default(0),
  size_available: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform(splitList),
  color_available: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform(splitList),
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
