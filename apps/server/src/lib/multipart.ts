import type { FastifyRequest } from "fastify";
import { AppError, badRequest, msg, sentences } from "../errors.js";
import type { MessageKey } from "./i18n.js";
import { MAX_IMAGE_BYTES } from "./images.js";
import { unsafeInput } from "./unsafe-input.js";

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export const UNREADABLE_FORM_MESSAGE =
  "The form could not be read. Send it as multipart/form-data with its boundary." satisfies MessageKey;

/** Errors that already carry the answer: ours, and the multipart plugin's own limits (413). */
function hasStatus(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status < 500;
}

/**
 * Reads a multipart form into text fields and file buffers; a file over 5 MB is a 413 before it is kept
 * in memory. A form the parser cannot read (no boundary, cut off, malformed headers) is the client's
 * mistake, a 400; its fields pass the same check as JSON bodies (no NUL).
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 5, fields: 50 } })) {
      if (part.type === "file") {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, "Image maximum size is 5 MB.", "FILE_TOO_LARGE");
        if (buffer.length > 0) files[part.fieldname] = buffer;
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (hasStatus(error)) throw error;
    throw badRequest(UNREADABLE_FORM_MESSAGE, "INVALID_MULTIPART");
  }
  const problem = unsafeInput(fields);
  if (problem) throw badRequest(problem, "INVALID_INPUT");
  return { fields, files };
}

/**
 * The one image a form sends in `field` (a delivery proof, a transfer receipt): 415 unless the
 * request is multipart, 400 with `missing` and `code` when the form holds no such file.
 */
export async function readImageField(
  request: FastifyRequest,
  field: string,
  image: { name: string; missing: MessageKey; code: string },
): Promise<Buffer> {
  if (!request.isMultipart()) {
    const message = msg("Send {{image}} as multipart/form-data in the field {{field}}.", { image: image.name, field });
    throw new AppError(415, message, "NOT_MULTIPART");
  }
  const { files } = await readMultipart(request);
  const file = files[field];
  if (!file) throw badRequest(sentences(msg(image.missing), msg("(field {{field}}).", { field })), image.code);
  return file;
}
