import type { Post, PostDetail, PostSection } from "@florist/contract";
import type { Executor } from "../../db/database.js";
import { notFound } from "../../errors.js";
import * as repo from "./repository.js";

type PostRow = Awaited<ReturnType<typeof repo.listPosts>>[number];

function toPost(row: PostRow): Post {
  return {
    postId: row.post_id,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    publishedAt: row.published_at,
    author: row.author,
    category: row.category,
  };
}

/** Every post, newest first, without its sections. */
export async function listPosts(db: Executor): Promise<Post[]> {
  return (await repo.listPosts(db)).map(toPost);
}

export async function getPost(db: Executor, postId: number): Promise<PostDetail> {
  const row = await repo.findPost(db, postId);
  if (!row) throw notFound("Post not found.");
  return { ...toPost(row), sections: JSON.parse(row.sections) as PostSection[] };
}
