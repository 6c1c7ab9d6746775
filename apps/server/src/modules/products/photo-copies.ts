import type { AppContext } from "../../context.js";
import { makeMissingCopies } from "../../lib/images.js";
import type { JobKind } from "../jobs/service.js";

/** The photos stored for the shop's pages: products' covers, their colours' photos and posts' pictures. */
async function storedPhotoUrls(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("products")
    .select("image_url")
    .where("image_url", "is not", null)
    .union(ctx.db.selectFrom("product_images").select("image_url"))
    .union(ctx.db.selectFrom("posts").select("image_url").where("image_url", "is not", null))
    .execute();
  return rows.flatMap((row) => (row.image_url ? [row.image_url] : []));
}

/**
 * Makes the copies of every stored photo that lacks one: photos stored before a width joined the
 * contract's PHOTO_COPIES get it. Queued once by the migration that added the width; running again
 * makes only what is still missing, so a runner that died half-way loses nothing.
 */
export const photoCopiesJob: JobKind<unknown> = {
  kind: "photo-copies",
  maxAttempts: 5,
  async run(ctx) {
    for (const url of await storedPhotoUrls(ctx)) await makeMissingCopies(ctx.files, url);
  },
};
