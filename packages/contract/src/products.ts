import { z } from "zod";
import { availabilityStatusSchema } from "./catalog.js";
import { id, numberFrom, pageLimit, pageNumber } from "./common.js";
import { occasionIdList } from "./occasions.js";
import { SORT_DIRECTIONS } from "./orders.js";
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

const SIZE_PRICES_MESSAGE = "size_prices must be a JSON object from size to price.";

/**
 * The sizes that have their own price: an object from size label to whole rupiah, as JSON or, in
 * multipart, as JSON text. A size left out follows the product's price; absent (or empty text)
 * means "not sent", which on update keeps the own prices the sizes already have (docs/rules.md).
 */
const sizePrices = z.preprocess(
  (value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return undefined;
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: SIZE_PRICES_MESSAGE });
      return z.NEVER;
    }
  },
  z
    .record(
      z.string().max(200, "A size name is at most 200 characters."),
      numberField("A size's price").refine((v) => v > 0, "A size's price must be greater than 0."),
      { error: SIZE_PRICES_MESSAGE },
    )
    .refine((prices) => Object.keys(prices).length <= 100, "size_prices names at most 100 sizes.")
    .optional(),
);

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
  size_prices: sizePrices,
  occasion_ids: occasionIdList,
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

/** The orders the admin's product list sorts in on the server; newest is by when the product was added. */
export const PRODUCT_SORTS = ["name", "price", "stock", "newest"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The admin's product list, filtered and sorted on the server. Every parameter is optional: without
 * any, GET /api/products answers every product on sale in today's order. With page or limit it
 * answers one page, and the X-Total-Count header always names how many products match.
 */
export const productListQuery = z.object({
  q: z.string({ error: "q must be text." }).trim().max(100, "q is at most 100 characters.").optional(),
  categoryId: id.optional(),
  availability: z
    .enum(availabilityStatusSchema.options, { error: "availability must be in_stock or out_of_stock." })
    .optional(),
  sort: z.enum(PRODUCT_SORTS, { error: "sort must be name, price, stock or newest." }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: "dir must be asc or desc." }).optional(),
  page: pageNumber.removeDefault().optional(),
  limit: pageLimit.removeDefault().optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;
