import fs from "node:fs/promises";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { notFound } from "../errors.js";
import { type PrivateArea, proofFile } from "./images.js";

/** The file name of a private image in its route's path. */
export const privateImageParams = z.object({ name: z.string().max(100) });

/**
 * Answers a private image (a delivery proof or a transfer receipt) once `checkViewer` has accepted
 * the caller for its path. A name that is no stored image, a viewer who may not see it and a file
 * that is gone all get the same 404, so names cannot be probed.
 */
export async function sendPrivateImage(
  reply: FastifyReply,
  dataDir: string,
  area: PrivateArea,
  name: string,
  checkViewer: (path: string) => Promise<unknown>,
) {
  const file = proofFile(dataDir, name, area);
  if (!file) throw notFound("Not found.");
  await checkViewer(`/uploads/${area}/${name}`);
  const image = await fs.readFile(file).catch(() => null);
  if (!image) throw notFound("Not found.");
  return reply
    .header("content-type", "image/webp")
    .header("cache-control", "private, max-age=3600")
    .header("x-content-type-options", "nosniff")
    .send(image);
}
