import { makeMissingCopies } from "../../lib/images.js";
import type { JobKind } from "../jobs/service.js";
import { photoUrls } from "./repository.js";

/**
 * Makes the copies of every stored photo that lacks one: photos stored before a width joined the
 * contract's PHOTO_COPIES get it. Queued once by the migration that added the width; running again
 * makes only what is still missing, so a runner that died half-way loses nothing.
 */
export const photoCopiesJob: JobKind<unknown> = {
  kind: "photo-copies",
  maxAttempts: 5,
  async run(ctx) {
    for (const url of await photoUrls(ctx.db)) await makeMissingCopies(ctx.files, url);
  },
};
