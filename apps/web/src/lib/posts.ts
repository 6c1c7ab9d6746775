import type { Post, PostDetail, PostSection } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/** A post may come with either spelling of some fields (id or postId, …); the screens read one shape. */
type RawPost = Partial<Post> & {
  id?: number;
  summary?: string;
  image_url?: string | null;
  published_at?: string;
  body?: string;
  sections?: PostSection[];
};

/**
 * The blog's posts come from the server only (the seeded articles and whatever is added later), read
 * by the blog and by the home page's teasers, so a teaser's title is always the title of the post it opens.
 */
export function normalizePost(raw: RawPost): PostDetail {
  return {
    postId: Number(raw.postId ?? raw.id),
    title: raw.title ?? "",
    excerpt: raw.excerpt ?? raw.summary ?? "",
    imageUrl: raw.imageUrl ?? raw.image_url ?? null,
    imageAlt: raw.imageAlt ?? "",
    publishedAt: raw.publishedAt ?? raw.published_at ?? "",
    author: raw.author,
    category: raw.category,
    status: raw.status ?? "published",
    featured: raw.featured ?? false,
    live: raw.live ?? true,
    body: raw.body ?? "",
    sections: raw.sections ?? [],
  };
}

/**
 * Every post the server lists. An admin is sent drafts and scheduled posts too (for the editor);
 * the storefront shows only the live ones, as any visitor sees them.
 */
export const postsQuery = queryOptions({
  queryKey: ["posts"],
  queryFn: async ({ signal }) => (await api.get<RawPost[]>("/posts", undefined, signal)).map(normalizePost),
  staleTime: 5 * 60_000,
});

/** The posts a visitor sees, newest first. */
export const livePosts = (posts: PostDetail[] | undefined) => (posts ?? []).filter((post) => post.live);

export const postQuery = (postId: number) =>
  queryOptions({
    queryKey: ["post", postId],
    queryFn: async ({ signal }) => normalizePost(await api.get<RawPost>(`/posts/${postId}`, undefined, signal)),
    staleTime: 5 * 60_000,
    retry: false,
  });
