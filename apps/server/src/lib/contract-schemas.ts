import { isDeepStrictEqual } from "node:util";
import { errorBodySchema } from "@florist/contract";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler, FastifyTypeProvider } from "fastify";
import { z } from "zod";

/**
 * Routes declare the contract's zod schemas. Requests are parsed by the handler itself (after its
 * access check, so a stranger gets 401 before any 400), hence `unknown` here; what a handler sends is
 * typed by the answer schema of its status code.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/** Every route may answer an error body: the error handler's 4xx and 5xx. */
export const errorAnswers = { "4xx": errorBodySchema, "5xx": errorBodySchema } as const;

/** A 204 answer: no body (the OpenAPI document shows it as "null"). */
export const noContent = z.undefined().describe("No content");

/** The JSON Schema of an answer, as fast-json-stringify reads it. */
export function answerJsonSchema(schema: z.ZodType) {
  return withNullableTypes(z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" }));
}

const PRIMITIVES = new Set(["string", "integer", "number", "boolean"]);

/**
 * zod writes "text or null" as `anyOf: [{type: "string"}, {type: "null"}]`, which fast-json-stringify
 * serialises by trying each branch in turn; `type: ["string", "null"]` says the same and is written
 * directly. Only primitive branches are merged.
 */
function withNullableTypes<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullableTypes) as T;
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)] as const);
  const result: Record<string, unknown> = Object.fromEntries(entries);
  const branches = result.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => b?.type === "null" && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex];
    if (nullIndex !== -1 && typeof other?.type === "string" && PRIMITIVES.has(other.type)) {
      const { anyOf: _, ...rest } = result;
      return { ...rest, ...other, type: [other.type, "null"] } as T;
    }
  }
  return result as T;
}

/** An answer the server was about to send that its declared schema does not describe. */
export class AnswerSchemaError extends Error {
  constructor(where: string, problem: string) {
    super(`The answer of ${where} breaks its schema: ${problem}`);
    this.name = "AnswerSchemaError";
  }
}

/** Answers are checked everywhere but in production, where they are only serialised. */
export const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

/** A 304 answer to a conditional GET: no body, the client's copy is current. */
export const notModified = z.undefined().describe("Not modified: the copy whose ETag was sent is current");

/**
 * The serializer of one answer schema: fast-json-stringify (what production sends). With `checked`,
 * as in tests and development, every answer is first parsed by its zod schema, and what the fast
 * serializer writes must equal plain JSON.stringify: a field the schema lacks would silently vanish
 * in production, so it fails here instead (as a 500, which every test notices).
 */
export function answerSerializer(schema: z.ZodType, where: string, checked = CHECK_ANSWERS): (data: unknown) => string {
  // Compiled on the first answer rather than for every route at start (about a second of a start).
  let compiled: ((data: unknown) => string) | undefined;
  const stringify = (data: unknown) => {
    compiled ??= fastJson(answerJsonSchema(schema) as Parameters<typeof fastJson>[0]);
    return compiled(data);
  };
  if (!checked) return stringify;
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AnswerSchemaError(where, `${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
    }
    const fast = stringify(data);
    const plain = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(fast), plain === undefined ? undefined : JSON.parse(plain))) {
      throw new AnswerSchemaError(
        where,
        `a field is missing from the schema or changed by it: ${plain?.slice(0, 300)}`,
      );
    }
    return fast;
  };
}

/** Compiles each route's answer schemas with answerSerializer; answers without a body write nothing. */
export function answerSerializerCompiler(checked: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: answer schemas must be zod schemas.`);
    if (schema === noContent || schema === notModified) return () => "";
    return answerSerializer(schema, `${method} ${url} (${httpStatus})`, checked);
  };
}
