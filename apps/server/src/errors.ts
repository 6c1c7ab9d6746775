import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, type z } from "zod";

/** The one error type of the app: a status code the client should see and a readable message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = "Please log in first.") => new AppError(401, message, "UNAUTHORIZED");
export const forbidden = (message = "You are not allowed to do this.") => new AppError(403, message, "FORBIDDEN");
export const notFound = (message = "Not found.") => new AppError(404, message, "NOT_FOUND");
export const conflict = (message: string, code?: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, code, extra);

function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input.";
  // Messages written for people end with a full stop ("Price must be greater than 0.") and stand alone;
  // zod's own terse ones ("Too small: expected number to be >=0") get the field name in front.
  if (issue.message.endsWith(".") || issue.path.length === 0) return issue.message;
  return `${issue.path.join(".")}: ${issue.message}`;
}

/** Parses input with a contract schema; failures become a 400 with the first readable problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(400, describeZodError(result.error), "INVALID_INPUT");
  return result.data;
}

/**
 * The database refused a value as input: PostgreSQL's SQLSTATE class 22 ("data exception": a number
 * out of range, text holding NUL, text that is no number) and SQLite's "too big" and "datatype
 * mismatch". The edge's bounds keep such values out; this is the last line of defence, so that a
 * value they miss is still the client's 400 and not the shop's 500.
 */
export function isInputRejectedByDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return /^22[0-9A-Z]{3}$/.test(code) || code === "SQLITE_TOOBIG" || code === "SQLITE_MISMATCH";
}

export const DATABASE_REFUSED_MESSAGE = "The request holds a value the shop cannot store.";

const FORM_LIMITS = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** Maps every error to the contract's answer; a 5xx never carries a stack trace, SQL or driver text. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...error.extra });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: describeZodError(error), code: "INVALID_INPUT" });
    }
    if (isInputRejectedByDatabase(error)) {
      // Logged: the edge should have refused this value, so its bounds miss a case.
      request.log.warn({ err: error }, "the database refused an input value");
      return reply.status(400).send({ message: DATABASE_REFUSED_MESSAGE, code: "INVALID_INPUT" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (FORM_LIMITS.has(error.code)) {
      return reply.status(413).send({ message: "The form has too many fields or files.", code: "FORM_TOO_LARGE" });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ message: "The request body is too large.", code: "BODY_TOO_LARGE" });
    }
    if (error.code === "FST_REQ_FILE_TOO_LARGE" || status === 413) {
      return reply.status(413).send({ message: "Image maximum size is 5 MB.", code: "FILE_TOO_LARGE" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
      return reply.status(415).send({ message: "Unsupported content type.", code: "UNSUPPORTED_MEDIA_TYPE" });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : error.message || "Invalid request.";
      return reply.status(status).send({ message, code: error.code });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No such endpoint: ${request.method} ${request.url.split("?")[0]}`, code: "NOT_FOUND" });
  });
}
