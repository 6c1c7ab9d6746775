import {
  type AuditActionOf,
  MAX_FEATURED_POSTS,
  type Post,
  type PostDetail,
  type PostFields,
  type PostSection,
} from "@florist/contract";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { badRequest, conflict, fieldProblem, notFound } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { deleteImage, storeImage } from "../../lib/images.js";
import { sectionsOf } from "../../lib/markdown.js";
import { nowIso } from "../../lib/time.js";
import { type Actor, recordChange } from "../audit/service.js";
import * as repo from "./repository.js";

const POST_NOT_FOUND = "Post not found." satisfies MessageKey;
/** Who signs a post written in the editor: the shop's team, as on the articles it started with. */
const BLOG_AUTHOR = "Tim Florist";
const ALT_REQUIRED = fieldProblem("image_alt", "please describe the cover image for visitors who cannot see it.");

type PostRow = Awaited<ReturnType<typeof repo.listPosts>>[number];

/** Whether visitors see the post at `at`: published, and its date has come. */
function isLive(row: Pick<PostRow, "status" | "published_at">, at: string): boolean {
  return row.status === "published" && row.published_at <= at;
}

function toPost(row: PostRow, at: string): Post {
  return {
    postId: row.post_id,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    publishedAt: row.published_at,
    author: row.author,
    category: row.category,
    status: row.status,
    featured: row.featured === 1,
    live: isLive(row, at),
  };
}

/** Posts newest first, without their bodies: visitors see the live ones, admins every one. */
export async function listPosts(db: Executor, admin: boolean): Promise<Post[]> {
  const at = nowIso();
  return (await repo.listPosts(db, admin ? null : at)).map((row) => toPost(row, at));
}

/** One post with its body; a draft or a post not yet due does not exist for visitors. */
export async function getPost(db: Executor, postId: number, admin: boolean): Promise<PostDetail> {
  const at = nowIso();
  const row = await repo.findPost(db, postId);
  if (!row || (!admin && !isLive(row, at))) throw notFound(POST_NOT_FOUND);
  return { ...toPost(row, at), body: row.body, sections: JSON.parse(row.sections) as PostSection[] };
}

/** A fourth featured post is refused: the home page's Blog & Tips has room for three. */
async function checkFeaturedRoom(ctx: AppContext, trx: Executor, fields: PostFields, postId: number | null) {
  if (!fields.featured) return;
  await repo.lockFeaturing(trx, ctx.dialect);
  if ((await repo.countFeatured(trx, postId)) >= MAX_FEATURED_POSTS) {
    throw conflict(
      "At most three posts can be featured on the home page. Unfeature another post first.",
      "TOO_MANY_FEATURED",
    );
  }
}

/** The columns the editor writes; `sections` follow the body, for clients that read them. */
function editedColumns(fields: PostFields) {
  return {
    title: fields.title,
    excerpt: fields.excerpt,
    body: fields.body,
    sections: JSON.stringify(sectionsOf(fields.body)),
    status: fields.status,
    featured: fields.featured ? 1 : 0,
    image_alt: fields.image_alt ?? "",
  };
}

type Audited = Pick<PostRow, "title" | "excerpt" | "status" | "published_at" | "image_url" | "image_alt"> & {
  featured: number;
  body: string;
};

/** What the audit log keeps of a post; the body only when the change touched it, as it may be long. */
function audited(row: Audited, bodyChanged: boolean) {
  const { featured, body, ...rest } = row;
  return { ...rest, featured: featured === 1, ...(bodyChanged ? { body } : {}) };
}

function recordPost(
  trx: Executor,
  actor: Actor,
  action: AuditActionOf<"post">,
  postId: number,
  details: Record<string, unknown>,
) {
  return recordChange(trx, actor, { action: `post.${action}`, target: `post:${postId}`, details });
}

/**
 * Runs `write` with the new cover stored first (or without one), and takes the stored file away
 * again when the write fails, so a refused post leaves no picture behind.
 */
async function withCover<T>(
  ctx: AppContext,
  file: Buffer | undefined,
  write: (imageUrl: string | undefined) => Promise<T>,
): Promise<T> {
  if (!file) return write(undefined);
  const stored = await storeImage(ctx.config.dataDir, "products", file);
  return write(stored).catch(async (error: unknown) => {
    await deleteImage(ctx.config.dataDir, stored);
    throw error;
  });
}

export async function createPost(
  ctx: AppContext,
  actor: Actor,
  fields: PostFields,
  file: Buffer | undefined,
): Promise<PostDetail> {
  if (file && !fields.image_alt) throw badRequest(ALT_REQUIRED, "IMAGE_ALT_REQUIRED");
  const now = nowIso();
  const postId = await withCover(ctx, file, (imageUrl) =>
    ctx.db.transaction().execute(async (trx) => {
      await checkFeaturedRoom(ctx, trx, fields, null);
      const values = {
        ...editedColumns(fields),
        image_url: imageUrl ?? null,
        published_at: fields.published_at ?? now,
        author: BLOG_AUTHOR,
        category: "",
        updated_at: now,
      };
      const id = await repo.insertPost(trx, values);
      await recordPost(trx, actor, "create", id, { before: null, after: audited(values, true) });
      return id;
    }),
  );
  return getPost(ctx.db, postId, true);
}

/** Replaces a post's fields; a new cover replaces the old one, none keeps it; no date keeps its date. */
export async function updatePost(
  ctx: AppContext,
  actor: Actor,
  postId: number,
  fields: PostFields,
  file: Buffer | undefined,
): Promise<PostDetail> {
  const current = await repo.findPost(ctx.db, postId);
  if (!current) throw notFound(POST_NOT_FOUND);
  if (file && !fields.image_alt) throw badRequest(ALT_REQUIRED, "IMAGE_ALT_REQUIRED");
  await withCover(ctx, file, (imageUrl) =>
    ctx.db.transaction().execute(async (trx) => {
      await checkFeaturedRoom(ctx, trx, fields, postId);
      const changes = {
        ...editedColumns(fields),
        image_url: imageUrl ?? current.image_url,
        published_at: fields.published_at ?? current.published_at,
        updated_at: nowIso(),
      };
      if (!(await repo.updatePost(trx, postId, changes))) throw notFound(POST_NOT_FOUND);
      const bodyChanged = changes.body !== current.body;
      await recordPost(trx, actor, "update", postId, {
        before: audited(current, bodyChanged),
        after: audited(changes, bodyChanged),
      });
    }),
  );
  if (file) await deleteImage(ctx.config.dataDir, current.image_url);
  return getPost(ctx.db, postId, true);
}

/** Deletes a post and, once that has committed, its cover. */
export async function deletePost(ctx: AppContext, actor: Actor, postId: number): Promise<void> {
  const imageUrl = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findPost(trx, postId);
    if (!current) throw notFound(POST_NOT_FOUND);
    await repo.deletePost(trx, postId);
    await recordPost(trx, actor, "delete", postId, { before: audited(current, true), after: null });
    return current.image_url;
  });
  await deleteImage(ctx.config.dataDir, imageUrl);
}
