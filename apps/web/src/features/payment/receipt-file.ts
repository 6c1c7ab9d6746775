import { MAX_IMAGE_BYTES } from "@florist/contract/rules";
import { i18n } from "../../lib/i18n";

/** The image types the server keeps (it checks the content too): a phone's photo or screenshot. */
const ACCEPTED = ["image/jpeg", "image/png", "image/webp"];
export const RECEIPT_ACCEPT = ACCEPTED.join(",");

/** Why a picked file cannot be the transfer receipt, or null: checked before anything is sent. */
export function receiptProblem(file: File): string | null {
  if (file.type && !ACCEPTED.includes(file.type))
    return i18n.t("The transfer receipt must be a JPG, PNG or WebP image.");
  if (file.size > MAX_IMAGE_BYTES) return i18n.t("The transfer receipt is too large: at most 5 MB.");
  return null;
}
