import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import { MAX_IMAGE_BYTES } from "./images.js";

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/** Reads a multipart form into text fields and file buffers; a file over 5 MB is a 413 before it is kept in memory. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 5, fields: 50 } })) {
    if (part.type === "file") {
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, "Image maximum size is 5 MB.", "FILE_TOO_LARGE");
      if (buffer.length > 0) files[part.fieldname] = buffer;
    } else if (typeof part.value === "string") {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
