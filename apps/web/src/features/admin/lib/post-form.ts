import type { Post, PostDetail, PostStatus } from "@florist/contract";
import { i18n } from "../../../lib/i18n";
import type { PostFormFields } from "../api/posts";

/** What the post editor holds while the admin types. `publishedAt` is a WIB date-time ("2026-12-01T09:00") or blank. */
export interface PostFormValues {
  title: string;
  excerpt: string;
  body: string;
  imageAlt: string;
  publishedAt: string;
  status: PostStatus;
  featured: boolean;
}

export const emptyPostForm: PostFormValues = {
  title: "",
  excerpt: "",
  body: "",
  imageAlt: "",
  publishedAt: "",
  status: "published",
  featured: false,
};

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** An instant as the shop's wall-clock time, in the form a datetime-local field takes ("2026-12-01T09:00"). */
export function wibDateTimeInput(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : new Date(time + WIB_OFFSET_MS).toISOString().slice(0, 16);
}

export function postFormValues(post: PostDetail): PostFormValues {
  return {
    title: post.title,
    excerpt: post.excerpt,
    body: post.body,
    imageAlt: post.imageAlt,
    publishedAt: wibDateTimeInput(post.publishedAt),
    status: post.status,
    featured: post.featured,
  };
}

/**
 * The form as the server reads it. A date-time without an offset is taken as WIB by the server;
 * a blank one means now for a new post and no change for an existing one.
 */
export function postFormFields(values: PostFormValues): PostFormFields {
  return {
    title: values.title,
    excerpt: values.excerpt,
    body: values.body,
    image_alt: values.imageAlt,
    published_at: values.publishedAt,
    status: values.status,
    featured: values.featured ? "true" : "false",
  };
}

export type PostState = "Draft" | "Scheduled" | "Published";

/** Where a post stands for visitors: a draft, published but not yet due, or out. */
export function postState(post: Pick<Post, "status" | "live">): PostState {
  if (post.status === "draft") return "Draft";
  return post.live ? "Published" : "Scheduled";
}

/** A post's state in the admin's language. */
export function postStateText(state: PostState): string {
  const texts: Record<PostState, string> = {
    Draft: i18n.t("Draft"),
    Scheduled: i18n.t("Scheduled"),
    Published: i18n.t("Published"),
  };
  return texts[state];
}
