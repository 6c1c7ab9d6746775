import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../context.js";
import { PUBLIC_IMAGE_CACHE } from "../lib/images.js";

/** A public file's path under /uploads/: one folder, one plain name. Anything else is no stored file. */
const PUBLIC_FILE = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.(webp|png|jpe?g)$/;

/**
 * Serves the public uploads (product and post images) under /uploads/. Proofs and receipts are not
 * among them: they are kept outside uploads/ and answered by their guarded routes, registered before.
 * - PUBLIC_UPLOADS_URL set: a redirect (302) to the same path there, a CDN in front of the files.
 * - Files on disk: @fastify/static from DATA_DIR/uploads, with its ETag and Last-Modified.
 * - Files in a bucket: read through the shop with the same caching headers.
 */
export async function uploadsPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config, files } = ctx;
  const publicPath = (request: { params: unknown }) => {
    const rest = (request.params as { "*"?: string })["*"] ?? "";
    return PUBLIC_FILE.test(rest) ? rest : null;
  };
  const notFound = (reply: FastifyReply) => reply.callNotFound();

  if (config.publicUploadsUrl) {
    const base = config.publicUploadsUrl;
    app.get("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
      const rest = publicPath(request);
      return rest ? reply.redirect(`${base}/${rest}`, 302) : notFound(reply);
    });
    return;
  }

  if (files.kind === "disk") {
    const root = path.join(config.dataDir, "uploads");
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: "/uploads/",
      decorateReply: false,
      index: false,
      // Upload names are random and never reused (a changed picture gets a new name): cached for a year.
      maxAge: "365d",
      immutable: true,
    });
    return;
  }

  app.get("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
    const rest = publicPath(request);
    const file = rest ? await files.get(`uploads/${rest}`) : null;
    if (!file) return notFound(reply);
    return reply.header("content-type", file.contentType).header("cache-control", PUBLIC_IMAGE_CACHE).send(file.body);
  });
}
