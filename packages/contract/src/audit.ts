import { z } from "zod";
import { id, int, pageLimit, pageNumber, paginationSchema } from "./common.js";

/**
 * The audit log's filters (contract §7.4): the admin who made the changes and the kind of change,
 * the first word of its action ("product" of "product.update").
 */
export const auditQuery = z.object({
  page: pageNumber,
  limit: pageLimit,
  userId: id.optional(),
  kind: z
    .string({ error: "kind must be text." })
    .trim()
    .regex(/^[a-z][a-z-]{0,39}$/, "kind must be one word of small letters, like product or order.")
    .optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntrySchema = z.object({
  /** The entry's own id: entries are listed newest first, so it is for keys, not for order. */
  id: int,
  at: z.string(),
  /** Null once the admin's account is gone; the username stays as it was. */
  userId: int.nullable(),
  username: z.string(),
  /** "area.verb", e.g. "product.update". */
  action: z.string(),
  /** "kind:id", e.g. "product:12". */
  target: z.string(),
  /** What changed, usually `{before, after}`; never a secret. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
  /** The admins and kinds the whole log holds, to filter by. */
  filters: z.object({
    admins: z.array(z.object({ userId: int, username: z.string() })),
    kinds: z.array(z.string()),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * Every change the audit log records, by its code: the server writes no other, and the admin's
 * screen names each one in words (so a new code is a type error until it has its name there). The
 * first word is the kind of change the log filters by.
 */
export type AuditAction =
  | "product.create"
  | "product.update"
  | "product.delete"
  | "product.archive"
  | "product.availability"
  | "product.cover"
  | "product.image-add"
  | "product.image-update"
  | "product.image-stock"
  | "product.image-delete"
  | "category.create"
  | "category.update"
  | "category.delete"
  | "category.reorder"
  | "addon.create"
  | "addon.update"
  | "addon.delete"
  | "addon.archive"
  | "occasion.create"
  | "occasion.update"
  | "occasion.delete"
  | "post.create"
  | "post.update"
  | "post.delete"
  | "order.status"
  | "order.proof"
  | "order.move"
  | "schedule.save"
  | "settings.delivery-fee"
  | "settings.payment"
  | "payment.approve"
  | "payment.reject"
  | "payment.paid";

type KindOf<Action> = Action extends `${infer Kind}.${string}` ? Kind : never;
type NamedIn<Kind extends string, Action> = Action extends `${Kind}.${infer Name}` ? Name : never;

/** The kind of a change, the first word of its action: what the audit log's filter offers. */
export type AuditKind = KindOf<AuditAction>;

/** The actions of one kind without it: "update" of "product.update". */
export type AuditActionOf<Kind extends AuditKind> = NamedIn<Kind, AuditAction>;
