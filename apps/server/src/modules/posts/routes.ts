import { idParam, type Post, type PostDetail, postDetailSchema, postSchema } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { getPost, listPosts } from "./service.js";

export async function postsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["posts"];

  const listSchema = {
    tags,
    summary: "Blog posts, newest first",
    response: { 200: postSchema.array(), ...errorAnswers },
  };
  app.get("/posts", { schema: listSchema }, async (): Promise<Post[]> => listPosts(ctx.db));

  const oneSchema = {
    tags,
    summary: "One blog post with its sections",
    params: idParam,
    response: { 200: postDetailSchema, ...errorAnswers },
  };
  app.get("/posts/:id", { schema: oneSchema }, async (request): Promise<PostDetail> => {
    const { id } = parse(idParam, request.params);
    return getPost(ctx.db, id);
  });
}
