import { z } from "zod";
import { isCalendarDate, MAX_DB_INT } from "./rules.js";

/**
 * A number from JSON or, as paths, query strings and forms send it, from text. Only text is
 * converted: an array, an object or a boolean is not a number (z.coerce would read [5] as 5 and
 * true as 1). Text that is no finite number ("abc", "1e309") fails the inner schema's type check.
 */
export function numberFrom<S extends z.ZodNumber>(schema: S) {
  return z.preprocess((value) => (typeof value === "string" ? Number(value) : value), schema);
}

/** The most of one thing a shopper may put in one line: far beyond any florist's order, far below any column's limit. */
export const MAX_QUANTITY = 10_000;

/** A whole, non-negative number of rupiah that every money column holds. */
export const rupiah = numberFrom(
  z
    .number({ error: "must be a number" })
    .int("must be a whole number of rupiah")
    .min(0, "must be 0 or more")
    .max(MAX_DB_INT, "is too large"),
);

/**
 * A database id taken from a path, a query string or a body, as a number or a numeric string.
 * Bounded by what an id column holds, so an id no row can have is a 400 on both databases instead
 * of a 404 on SQLite and a database error on PostgreSQL.
 */
export const id = numberFrom(
  z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .positive("must be a positive id")
    .max(MAX_DB_INT, "is not a valid id"),
);

export const idParam = z.object({ id });

/** How many of one thing (a product, a customization) a line holds. */
export const quantity = numberFrom(
  z
    .number({ error: "Quantity must be a number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(MAX_QUANTITY, `Quantity is at most ${MAX_QUANTITY}.`),
);

/** A whole number as answers carry it (ids, rupiah, quantities). */
export const int = z.number().int();

/** The page of a list paged on the server, from a query string; the first unless asked. */
export const pageNumber = numberFrom(
  z
    .number({ error: "page must be a number." })
    .int("page must be a whole number.")
    .min(1, "page starts at 1.")
    .max(100_000, "page is at most 100000."),
).default(1);

/** How many rows one page of a server-paged list holds: ten unless asked, at most a hundred. */
export const pageLimit = numberFrom(
  z
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(100, "limit is at most 100."),
).default(10);

/** Where a page of a server-paged list stands. */
export const paginationSchema = z.object({ page: int, limit: int, total: int, hasNext: z.boolean() });

/** One product an order or a cart cannot have in the quantity asked for. */
export const unavailableItemSchema = z.object({
  name: z.string(),
  availableStock: int,
  requestedStock: int,
});
export type UnavailableItem = z.infer<typeof unavailableItemSchema>;

/**
 * Every error answer: a readable message, usually a code, and for two cases more. A 409 for an order
 * that stock cannot fill lists `unavailableItems`; a 429 for too many failed logins says in
 * `retryAfter` how many seconds to wait (also sent as the Retry-After header).
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  unavailableItems: z.array(unavailableItemSchema).optional(),
  retryAfter: int.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An answer that only says what happened, in words for a person. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** GET /api/health: 200 once the database answers, 503 with a message otherwise. */
export const healthAnswerSchema = z.object({ status: z.literal("ok") });
export const healthUnavailableSchema = z.object({ status: z.literal("unavailable"), message: z.string() });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** A time of day, "HH:MM" on the 24-hour clock. */
export const timeOfDay = z
  .string({ error: "must be a time HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM");

/** A calendar date, "YYYY-MM-DD". Whether it may lie in the past is the server's rule, which owns the clock. */
export const calendarDate = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .refine(isCalendarDate, "must be a date YYYY-MM-DD");
