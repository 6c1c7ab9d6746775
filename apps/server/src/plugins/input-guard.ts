import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors.js";
import { unsafeInput } from "../lib/unsafe-input.js";

/** Refuses what unsafeInput finds (NUL, Infinity, deep nesting) with a 400 before any route reads it, so every field of every route is covered. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = unsafeInput(part);
      if (problem) throw badRequest(problem, "INVALID_INPUT");
    }
  });
});
