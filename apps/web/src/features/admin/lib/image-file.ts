import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { i18n } from "../../../lib/i18n";

/**
 * Product, colour and proof images are image files of at most 5 MB, the limit the server enforces.
 * Checked when a file is picked, so a wrong one is never sent. The message, or null when the file is fine.
 */
export function imageFileProblem(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return i18n.t("Image maximum size is 5 MB.");
  if (file.type && !file.type.startsWith("image/")) return i18n.t("Only image files can be uploaded.");
  return null;
}
