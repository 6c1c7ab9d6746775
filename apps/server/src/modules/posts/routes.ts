import { idParam, type Post, type PostDetail, type PostSection } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { notFound, parse } from "../../errors.js";
import { findPost, listPosts } from "./repository.js";

type PostRow = Awaited<ReturnType<typeof listPosts>>[number];

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

export async function postsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/posts", async (): Promise<Post[]> => (await listPosts(ctx.db)).map(toPost));

  app.get("/posts/:id", async (request): Promise<PostDetail> => {
    const { id } = parse(idParam, request.params);
    const row = await findPost(ctx.db, id);
    if (!row) throw notFound("Post not found.");
    return { ...toPost(row), sections: JSON.parse(row.sections) as PostSection[] };
  });
}
