import type { FastifyReply } from "fastify";
import { z } from "zod";
import { notFound } from "../errors.js";
import { PRIVATE_IMAGE_CACHE, type PrivateArea, privateImageKey, readPrivateImage } from "./images.js";
import type { FileStore } from "./storage/index.js";

/** The file name of a private image in its route's path. */
export const privateImageParams = z.object({ name: z.string().max(100) });

/**
 * Answers a private image (a delivery proof or a transfer receipt) once `checkViewer` has accepted
 * the caller for its path. A name that is no stored image, a viewer who may not see it and a file
 * that is gone all get the same 404, so names cannot be probed. The file comes through the shop
 * from wherever it is stored (docs/decisions/0019), never by a link to the bucket.
 */
export async function sendPrivateImage(
  reply: FastifyReply,
  files: FileStore,
  area: PrivateArea,
  name: string,
  checkViewer: (path: string) => Promise<unknown>,
) {
  if (!privateImageKey(area, name)) throw notFound("Not found.");
  await checkViewer(`/uploads/${area}/${name}`);
  const image = await readPrivateImage(files, area, name);
  if (!image) throw notFound("Not found.");
  return reply
    .header("content-type", "image/webp")
    .header("cache-control", PRIVATE_IMAGE_CACHE)
    .header("x-content-type-options", "nosniff")
    .send(image);
}
