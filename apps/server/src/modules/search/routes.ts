import { type SearchAnswer, searchAnswerSchema, searchQuery } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { search } from "./service.js";

/** Finding a gift by words, occasion and category (contract §7.7); anyone may search. */
export async function searchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const schema = {
    tags: ["catalogue"],
    summary:
      "Products on sale whose name, description or category hold every word as a word's start, in any case and with or without accents; `q` may be left out when an occasion or a category is given",
    querystring: searchQuery,
    response: { 200: searchAnswerSchema, ...errorAnswers },
  };
  app.get(
    "/search",
    { schema },
    async (request): Promise<SearchAnswer> => search(ctx.db, parse(searchQuery, request.query)),
  );
}
