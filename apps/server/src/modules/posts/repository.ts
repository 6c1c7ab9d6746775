import { type Insertable, sql, type Updateable } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Executor, PostsTable } from "../../db/database.js";

const columns = [
  "post_id",
  "title",
  "excerpt",
  "image_url",
  "image_alt",
  "author",
  "category",
  "published_at",
  "status",
  "featured",
] as const;

/**
 * Posts newest first. Visitors (`liveAt` set) get only published posts whose date has come;
 * admins (`liveAt` null) get every post.
 */
export function listPosts(db: Executor, liveAt: string | null) {
  let query = db.selectFrom("posts").select(columns);
  if (liveAt !== null) query = query.where("status", "=", "published").where("published_at", "<=", liveAt);
  return query.orderBy("published_at", "desc").orderBy("post_id", "desc").execute();
}

export function findPost(db: Executor, postId: number) {
  return db
    .selectFrom("posts")
    .select([...columns, "body", "sections"])
    .where("post_id", "=", postId)
    .executeTakeFirst();
}

/**
 * Featuring runs one change at a time on PostgreSQL, so two admins featuring a third and a fourth
 * post at once cannot both pass the count. SQLite already runs one write transaction at a time.
 */
export async function lockFeaturing(db: Executor, dialect: Dialect) {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext('posts.featured'))`.execute(db);
}

/** How many posts are featured, other than `exceptId`. */
export async function countFeatured(db: Executor, exceptId: number | null): Promise<number> {
  let query = db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("featured", "=", 1);
  if (exceptId !== null) query = query.where("post_id", "<>", exceptId);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function insertPost(db: Executor, values: Insertable<PostsTable>): Promise<number> {
  const row = await db.insertInto("posts").values(values).returning("post_id").executeTakeFirstOrThrow();
  return row.post_id;
}

export async function updatePost(db: Executor, postId: number, changes: Updateable<PostsTable>) {
  const result = await db.updateTable("posts").set(changes).where("post_id", "=", postId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePost(db: Executor, postId: number) {
  await db.deleteFrom("posts").where("post_id", "=", postId).execute();
}
