import type { PostDetail, postFields } from "@florist/contract";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { normalizePost } from "../../../lib/posts";

/** The editor's fields as the contract reads them from a form: every value a text. */
export type PostFormFields = { [K in keyof z.input<typeof postFields>]-?: string };

/** Query keys of the storefront's blog (list, home teaser, articles), refreshed after every change here. */
export const storefrontPostKeys = [["posts"], ["post"]] as const;

/** Every post, drafts and scheduled ones included: the server sends admins all of them. */
export const adminPostsQuery = queryOptions({
  queryKey: ["admin", "posts"],
  queryFn: async ({ signal }) => (await api.get<PostDetail[]>("/posts", undefined, signal)).map(normalizePost),
  staleTime: 0,
});

/** One post with its Markdown body, for the editor. */
export const adminPostQuery = (postId: number) =>
  queryOptions({
    queryKey: ["admin", "post", postId],
    queryFn: async ({ signal }) => normalizePost(await api.get<PostDetail>(`/posts/${postId}`, undefined, signal)),
    staleTime: 0,
  });

/** Writes a new post (no id) or replaces one, as multipart with the cover when one was picked. */
export function savePost(postId: number | null, fields: PostFormFields, cover: File | null): Promise<PostDetail> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (cover) form.append("image", cover);
  return postId === null ? api.post<PostDetail>("/posts", form) : api.put<PostDetail>(`/posts/${postId}`, form);
}

export function deletePost(postId: number): Promise<void> {
  return api.delete(`/posts/${postId}`);
}
