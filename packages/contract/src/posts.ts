import { z } from "zod";
import { int } from "./common.js";
import { isCalendarDate } from "./rules.js";

export const MAX_POST_TITLE = 160;
export const MAX_POST_EXCERPT = 300;
export const MAX_POST_BODY = 50_000;
export const MAX_IMAGE_ALT = 200;

export const postStatusSchema = z.enum(["draft", "published"]);
export type PostStatus = z.infer<typeof postStatusSchema>;

export const postSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
  bullets: z.array(z.string()).optional(),
});
export type PostSection = z.infer<typeof postSectionSchema>;

/**
 * A post as lists show it. `live` says whether visitors see it now: published, and its
 * `publishedAt` reached by the shop's clock. Only admins are ever sent a post that is not live.
 */
export const postSchema = z.object({
  postId: int,
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  publishedAt: z.string(),
  author: z.string().optional(),
  category: z.string().optional(),
  status: postStatusSchema,
  featured: z.boolean(),
  live: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** One post: its Markdown `body`, and the `sections` derived from the body's headings, lines and lists. */
export const postDetailSchema = postSchema.extend({ body: z.string(), sections: z.array(postSectionSchema) });
export type PostDetail = z.infer<typeof postDetailSchema>;

/** The shop's offset from UTC (WIB): a date or a time written without an offset is the shop's own. */
const SHOP_OFFSET = "+07:00";
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The instant (ISO, UTC) of a publish date as an admin sends it: a date ("2026-12-01", the shop's
 * midnight) or a date-time, with an offset or, without one, in the shop's time.
 */
export function publishInstant(value: string): string | null {
  if (isCalendarDate(value)) return new Date(`${value}T00:00:00${SHOP_OFFSET}`).toISOString();
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDate(match[1] as string)) return null;
  if (Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return null;
  const time = Date.parse(match[5] ? value : `${value}${SHOP_OFFSET}`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const PUBLISHED_AT_MESSAGE = "published_at must be a date (2026-12-01) or a date and time (2026-12-01T09:00).";

/** A yes/no field as forms send it ("true", "on", "1") or as JSON does. */
const flag = (name: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim().toLowerCase();
      if (["true", "on", "1", "yes"].includes(text)) return true;
      if (["false", "off", "0", "no", ""].includes(text)) return false;
      return value;
    },
    z.boolean({ error: `${name} must be true or false.` }),
  );

/** A post as the admin's form sends it, in multipart (with the cover in `image`) or JSON. */
export const postFields = z.object({
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(MAX_POST_TITLE, `Title is at most ${MAX_POST_TITLE} characters.`),
  excerpt: z
    .string({ error: "Excerpt is required." })
    .trim()
    .min(1, "Excerpt is required.")
    .max(MAX_POST_EXCERPT, `Excerpt is at most ${MAX_POST_EXCERPT} characters.`),
  body: z
    .string({ error: "Body is required." })
    .max(MAX_POST_BODY, `Body is at most ${MAX_POST_BODY} characters.`)
    .refine((text) => text.trim().length > 0, "Body is required."),
  image_alt: z
    .string({ error: "image_alt must be text." })
    .trim()
    .max(MAX_IMAGE_ALT, `image_alt is at most ${MAX_IMAGE_ALT} characters.`)
    .optional(),
  published_at: z
    .string({ error: PUBLISHED_AT_MESSAGE })
    .trim()
    .max(40, PUBLISHED_AT_MESSAGE)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const instant = publishInstant(value);
      const year = instant ? new Date(instant).getUTCFullYear() : 0;
      if (instant && year >= 2000 && year <= 9999) return instant;
      ctx.addIssue({ code: "custom", message: PUBLISHED_AT_MESSAGE });
      return z.NEVER;
    }),
  status: z.enum(["draft", "published"], { error: 'status must be "draft" or "published".' }).default("published"),
  featured: flag("featured").default(false),
});
export type PostFields = z.output<typeof postFields>;
