import type { Executor } from "../../db/database.js";

const columns = ["post_id", "title", "excerpt", "image_url", "author", "category", "published_at"] as const;

export function listPosts(db: Executor) {
  return db.selectFrom("posts").select(columns).orderBy("published_at", "desc").orderBy("post_id", "desc").execute();
}

export function findPost(db: Executor, postId: number) {
  return db
    .selectFrom("posts")
    .select([...columns, "sections"])
    .where("post_id", "=", postId)
    .executeTakeFirst();
}
