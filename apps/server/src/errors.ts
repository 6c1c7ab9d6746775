import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, z } from "zod";
import { type Language, type MessageKey, type MessageValues, requestLanguage, t, translateText } from "./lib/i18n.js";

/**
 * What an error says, in English with `{{placeholders}}` and their values, so the error handler can
 * say it in the request's language (lib/i18n.ts). `field` is the path a validation problem is about:
 * it stays as it is ("slots.0.capacity: must be 0 or more" becomes "slots.0.capacity: harus 0 atau lebih").
 */
export interface Message {
  text: string;
  values?: MessageValues;
  field?: string;
  /** A problem zod wrote itself (no message in the schema): zod's own Indonesian says it. */
  zodIssue?: z.core.$ZodIssue;
  /** Sentences said one after another ("X was removed. Please check your cart."). */
  parts?: Message[];
}

/** A text with values: `msg("A product has at most {{max}} sizes.", { max: 12 })`. */
export const msg = (text: MessageKey, values?: MessageValues): Message => ({ text, ...(values && { values }) });

/** A problem with one field of the input, worded like the contract's: `fieldProblem("date", "is in the past")`. */
export const fieldProblem = (field: string, problem: MessageKey, values?: MessageValues): Message => ({
  ...msg(problem, values),
  field,
});

/** Several messages said as one, in order. */
export const sentences = (...parts: Message[]): Message => ({ text: "", parts });

type Said = MessageKey | Message;
const toMessage = (said: string | Message): Message => (typeof said === "string" ? { text: said } : said);

const zodLocales: Record<Language, (issue: z.core.$ZodIssue) => string> = {
  en: z.locales.en().localeError as (issue: z.core.$ZodIssue) => string,
  id: z.locales.id().localeError as (issue: z.core.$ZodIssue) => string,
};

/** A message in `language`; the field path of a validation problem stays as it is. */
export function say(language: Language, message: Message): string {
  if (message.parts) return message.parts.map((part) => say(language, part)).join(" ");
  const problem = message.zodIssue
    ? zodLocales[language](message.zodIssue)
    : translateText(language, message.text, message.values);
  return message.field ? `${message.field}: ${problem}` : problem;
}

/** The one error type of the app: a status code the client should see and a readable message. */
export class AppError extends Error {
  readonly said: Message;
  constructor(
    readonly statusCode: number,
    message: string | Message,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    const said = toMessage(message);
    super(say("en", said));
    this.name = "AppError";
    this.said = said;
  }
}

export const badRequest = (message: Said, code?: string) => new AppError(400, message, code);
export const unauthorized = (message: Said = "Please log in first.") => new AppError(401, message, "UNAUTHORIZED");
export const forbidden = (message: Said = "You are not allowed to do this.") => new AppError(403, message, "FORBIDDEN");
export const notFound = (message: Said = "Not found.") => new AppError(404, message, "NOT_FOUND");
export const conflict = (message: Said, code?: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, code, extra);

/** The first problem of a failed parse, as a message: a schema's own words, or zod's in either language. */
function zodProblem(error: ZodError): Message {
  const issue = error.issues[0];
  if (!issue) return { text: "Invalid input." };
  // Messages written for people end with a full stop ("Price must be greater than 0.") and stand alone;
  // zod's own terse ones ("Too small: expected number to be >=0") get the field name in front.
  const field = issue.message.endsWith(".") || issue.path.length === 0 ? undefined : issue.path.join(".");
  // The input is kept (reportInput) only to word zod's own message again; it is never answered.
  const byZod = zodLocales.en(issue) === issue.message;
  return { text: issue.message, ...(field !== undefined && { field }), ...(byZod && { zodIssue: issue }) };
}

/** Parses input with a contract schema; failures become a 400 with the first readable problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput: zod's own messages name the type received, which needs the input.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw new AppError(400, zodProblem(result.error), "INVALID_INPUT");
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

export const DATABASE_REFUSED_MESSAGE = "The request holds a value the shop cannot store." satisfies MessageKey;

const FORM_LIMITS = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** Maps every error to the contract's answer; a 5xx never carries a stack trace, SQL or driver text. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    // Every message in the request's language: the lang cookie, the account's, Accept-Language, English.
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: say(language, error.said), code: error.code, ...error.extra });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: say(language, zodProblem(error)), code: "INVALID_INPUT" });
    }
    if (isInputRejectedByDatabase(error)) {
      // Logged: the edge should have refused this value, so its bounds miss a case.
      request.log.warn({ err: error }, "the database refused an input value");
      return reply.status(400).send({ message: t(language, DATABASE_REFUSED_MESSAGE), code: "INVALID_INPUT" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (FORM_LIMITS.has(error.code)) {
      const message = t(language, "The form has too many fields or files.");
      return reply.status(413).send({ message, code: "FORM_TOO_LARGE" });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ message: t(language, "The request body is too large."), code: "BODY_TOO_LARGE" });
    }
    if (error.code === "FST_REQ_FILE_TOO_LARGE" || status === 413) {
      return reply.status(413).send({ message: t(language, "Image maximum size is 5 MB."), code: "FILE_TOO_LARGE" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
      const message = t(language, "Unsupported content type.");
      return reply.status(415).send({ message, code: "UNSUPPORTED_MEDIA_TYPE" });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own words for other refusals are English only; they name what a developer got wrong.
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? t(language, "The request body is not valid JSON.")
          : error.message || t(language, "Invalid request.");
      return reply.status(status).send({ message, code: error.code });
    }
    request.log.error({ err: error }, "request failed");
    const message = t(language, "Something went wrong on our side. Please try again.");
    return reply.status(500).send({ message, code: "INTERNAL" });
  });

  app.setNotFoundHandler((request, reply) => {
    const values = { method: request.method, path: request.url.split("?")[0] ?? "" };
    reply.status(404).send({
      message: t(requestLanguage(request), "No such endpoint: {{method}} {{path}}", values),
      code: "NOT_FOUND",
    });
  });
}
