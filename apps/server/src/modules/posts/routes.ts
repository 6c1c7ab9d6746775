import { idParam, type Post, type PostDetail, postDetailSchema, postFields, postSchema } from "@florist/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { readMultipart } from "../../lib/multipart.js";
import { requireAdmin } from "../../plugins/auth.js";
import * as posts from "./service.js";

const isAdmin = (request: FastifyRequest) => request.user?.role === "admin";

/** The editor's form: multipart with the cover in `image`, or JSON without a new cover. */
async function readPostForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: parse(postFields, request.body), cover: undefined };
  const form = await readMultipart(request);
  return { fields: parse(postFields, form.fields), cover: form.files.image };
}

/** The blog: anyone reads the live posts; admins read every post and write them (contract §7.4). */
export async function postsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["posts"];
  const consumes = ["multipart/form-data", "application/json"];

  const listSchema = {
    tags,
    summary: "Blog posts, newest first: published ones whose date has come; admins get every post",
    response: { 200: postSchema.array(), ...errorAnswers },
  };
  app.get(
    "/posts",
    { schema: listSchema },
    async (request): Promise<Post[]> => posts.listPosts(ctx.db, isAdmin(request)),
  );

  const oneSchema = {
    tags,
    summary: "One blog post with its Markdown body and sections; a draft or scheduled post is 404 but for admins",
    params: idParam,
    response: { 200: postDetailSchema, ...errorAnswers },
  };
  app.get("/posts/:id", { schema: oneSchema }, async (request): Promise<PostDetail> => {
    const { id } = parse(idParam, request.params);
    return posts.getPost(ctx.db, id, isAdmin(request));
  });

  const createSchema = {
    tags,
    summary: "Write a post: multipart with an optional cover `image`; a fourth featured post is 409",
    consumes,
    body: postFields,
    response: { 201: postDetailSchema, ...errorAnswers },
  };
  app.post("/posts", { schema: createSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { fields, cover } = await readPostForm(request);
    const created: PostDetail = await posts.createPost(ctx, admin, fields, cover);
    return reply.status(201).send(created);
  });

  const updateSchema = {
    tags,
    summary: "Replace a post's fields; a new `image` replaces the cover, none keeps it; a fourth featured post is 409",
    consumes,
    params: idParam,
    body: postFields,
    response: { 200: postDetailSchema, ...errorAnswers },
  };
  app.put("/posts/:id", { schema: updateSchema }, async (request): Promise<PostDetail> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const { fields, cover } = await readPostForm(request);
    return posts.updatePost(ctx, admin, id, fields, cover);
  });

  const deleteSchema = {
    tags,
    summary: "Delete a post and its cover",
    params: idParam,
    response: { 204: noContent, ...errorAnswers },
  };
  app.delete("/posts/:id", { schema: deleteSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await posts.deletePost(ctx, admin, id);
    return reply.status(204).send();
  });
}
