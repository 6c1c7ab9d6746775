import { z } from "zod";

/** A whole, non-negative number of rupiah. */
export const rupiah = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number of rupiah")
  .min(0, "must be 0 or more");

/** A positive database id taken from a path or a body, as a number or a numeric string. */
export const id = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive id");

export const idParam = z.object({ id });

export interface ErrorBody {
  message: string;
  code?: string;
}
