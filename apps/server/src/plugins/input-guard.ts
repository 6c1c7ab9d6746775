import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors.js";
import { unsafeInput } from "../lib/unsafe-input.js";

/** Refuses what unsafeInput finds (NUL, Infinity, deep nesting) with a 400 before any route reads it, so every field of every route is covered. */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async hook: a request with nothing to refuse costs no promise.
    app.addHook("preValidation", (request, _reply, done) => {
      const problem = unsafeInput(request.params) ?? unsafeInput(request.query) ?? unsafeInput(request.body);
      done(problem ? badRequest(problem, "INVALID_INPUT") : undefined);
    });
  },
  { name: "input-guard" },
);
