import type { Kysely } from "kysely";
import type { Database } from "../../db/database.js";

const columns = ["post_id", "title", "excerpt", "image_url", "author", "category", "published_at"] as const;

export function listPosts(db: Kysely<Database>) {
  return db.selectFrom("posts").select(columns).orderBy("published_at", "desc").orderBy("post_id", "desc").execute();
}

export function findPost(db: Kysely<Database>, postId: number) {
  return db
    .selectFrom("posts")
    .select([...columns, "sections"])
    .where("post_id", "=", postId)
    .executeTakeFirst();
}
