import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { AppContext } from "../context.js";
import { MAX_IMAGE_PIXELS, PUBLIC_IMAGE_CACHE } from "../lib/images.js";
import type { FileStore } from "../lib/storage/index.js";

/** A picture the shop stored (a product's or a post's), by its random name. */
const STORED_PICTURE = /^\/uploads\/products\/([a-f0-9]{32})\.webp$/;
const SHARE_NAME = /^([a-f0-9]{32})\.jpg$/;
/** Wide enough for a large preview card, small enough for WhatsApp's limit on a preview's image. */
const SHARE_WIDTH = 1200;

/** Where the JPEG copy of a stored picture is kept, beside the picture; deleteImage removes it with it. */
export const shareImageKey = (name: string) => `uploads/products/${name}-share.jpg`;

/**
 * The absolute address of a picture for a link preview (og:image, JSON-LD): a picture the shop
 * stored is offered as JPEG, which every messenger previews (WhatsApp does not show WebP
 * everywhere); an outside address an admin typed is given as it is; anything else has none.
 */
export function shareImageUrl(appUrl: string, imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  const stored = STORED_PICTURE.exec(imageUrl);
  if (stored) return `${appUrl}/share/${stored[1]}.jpg`;
  if (/^https?:\/\//.test(imageUrl)) return imageUrl;
  if (/^\/uploads\/[A-Za-z0-9_\-/]+\.(png|jpe?g)$/.test(imageUrl)) return `${appUrl}${imageUrl}`;
  return null;
}

/** The JPEG copy of a stored picture, made from its WebP the first time it is asked for and kept in the store. */
async function shareImage(files: FileStore, name: string): Promise<Buffer | null> {
  const kept = await files.get(shareImageKey(name));
  if (kept) return kept.body;
  const picture = await files.get(`uploads/products/${name}.webp`);
  if (!picture) return null;
  const jpeg = await sharp(picture.body, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: SHARE_WIDTH, height: SHARE_WIDTH, fit: "inside", withoutEnlargement: true })
    // Transparent parts would turn black in a JPEG: the shop's pictures sit on white.
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await files.put(shareImageKey(name), jpeg, { contentType: "image/jpeg", cacheControl: PUBLIC_IMAGE_CACHE });
  return jpeg;
}

/**
 * GET /share/{name}.jpg: a stored product or post picture as JPEG, for link previews. Made once per
 * picture (requests arriving together share the one conversion), then read from the store; cached
 * like the picture itself, whose name is never reused.
 */
export async function shareImagePlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const making = new Map<string, Promise<Buffer | null>>();
  app.get("/share/:file", { schema: { hide: true } }, async (request, reply) => {
    const name = SHARE_NAME.exec((request.params as { file: string }).file)?.[1];
    if (!name) return reply.callNotFound();
    let jpeg = making.get(name);
    if (!jpeg) {
      jpeg = shareImage(ctx.files, name).finally(() => making.delete(name));
      making.set(name, jpeg);
    }
    const body = await jpeg;
    if (!body) return reply.callNotFound();
    return reply.header("content-type", "image/jpeg").header("cache-control", PUBLIC_IMAGE_CACHE).send(body);
  });
}
