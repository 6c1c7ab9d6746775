import {
  type Category,
  type Customization,
  catalogCategorySchema,
  catalogQuery,
  categorySchema,
  customizationSchema,
  idParam,
  type Product,
  type ProductImage,
  productImageSchema,
  productListQuery,
  productSchema,
  type SizePrice,
  sizePriceParams,
  sizePriceQuery,
  sizePriceSchema,
} from "@florist/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { changeWatchOf } from "../../db/changes.js";
import { parse } from "../../errors.js";
import { AnswerCache, CachedAnswer, sendCachedAnswer } from "../../lib/cached-answer.js";
import { answerSerializer, type ContractTypeProvider, errorAnswers, notModified } from "../../lib/contract-schemas.js";
import * as catalog from "./service.js";

/** The public, read-only side of the shop: anyone may browse. */
export async function catalogRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["catalogue"];
  const list = <T extends z.ZodType>(summary: string, item: T) => ({
    tags,
    summary,
    response: { 200: item.array(), ...errorAnswers },
  });

  // The catalogue and the product pages come from this process's cache while the catalogue's
  // version stays (docs/decisions/0022), written by the same serialisers as every answer.
  const cache = new AnswerCache(() => catalog.catalogVersion(ctx.db), changeWatchOf(ctx.db));
  const catalogAnswer = catalogCategorySchema.array();
  const writeCatalog = answerSerializer(catalogAnswer, "GET /api/catalog");
  const writeProduct = answerSerializer(productSchema, "GET /api/products/:id");
  const cachedAnswers = <T extends z.ZodType>(answer: T) => ({ 200: answer, 304: notModified, ...errorAnswers });

  const catalogSchemas = {
    tags,
    summary: "Categories that have products, with their products; with `occasion`, only that occasion's products",
    description: "With an ETag; If-None-Match with it answers 304 while the catalogue is unchanged.",
    querystring: catalogQuery,
    response: cachedAnswers(catalogAnswer),
  };
  // These two answers carry their own encoding (sendCachedAnswer) and their errors are a few bytes:
  // @fastify/compress's hooks would only look at each answer and let it pass.
  app.get("/catalog", { schema: catalogSchemas, compress: false }, (request, reply) => {
    // The whole catalogue while nothing changed: from memory, without a query or an await.
    const kept = (request.query as { occasion?: unknown }).occasion === undefined && cache.peek("catalog");
    return kept ? sendCachedAnswer(request, reply, kept) : sendCatalog(request, reply);
  });
  const sendCatalog = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parse(catalogQuery, request.query);
    const build = async () => writeCatalog(await catalog.getCatalog(ctx.db, query));
    // One occasion's catalogue is built for each request: kept, any id asked would hold memory.
    const answer = query.occasion === undefined ? await cache.get("catalog", build) : new CachedAnswer(await build());
    return sendCachedAnswer(request, reply, answer);
  };

  app.get(
    "/category",
    { schema: list("Every category", categorySchema) },
    async (): Promise<Category[]> => catalog.listCategories(ctx.db),
  );

  app.get(
    "/customization",
    { schema: list("Customizations a line may carry (cards, ribbons)", customizationSchema) },
    async (): Promise<Customization[]> => catalog.listCustomizations(ctx.db),
  );

  const productsSchemas = {
    ...list(
      "Products on sale: every one, or those matching `q`, `categoryId` and `availability`, sorted by `sort` and `dir`, one page with `page` or `limit`; the X-Total-Count header says how many match",
      productSchema,
    ),
    querystring: productListQuery,
  };
  app.get("/products", { schema: productsSchemas }, async (request, reply): Promise<Product[]> => {
    const { products, total } = await catalog.listProducts(ctx.db, parse(productListQuery, request.query));
    reply.header("x-total-count", String(total));
    return products;
  });

  const sizePriceSchemas = {
    tags,
    summary: "The price of one size of a product",
    params: sizePriceParams,
    querystring: sizePriceQuery,
    response: { 200: sizePriceSchema, ...errorAnswers },
  };
  app.get("/products/price/:size", { schema: sizePriceSchemas }, async (request): Promise<SizePrice> => {
    const { size } = parse(sizePriceParams, request.params);
    const { productId } = parse(sizePriceQuery, request.query);
    return catalog.getSizePrice(ctx.db, productId, size);
  });

  const productSchemas = {
    tags,
    summary: "One product",
    description: "With an ETag; If-None-Match with it answers 304 while the product is unchanged.",
    params: idParam,
    response: cachedAnswers(productSchema),
  };
  const productKey = (id: number | string) => `product ${id}`;
  app.get("/products/:id", { schema: productSchemas, compress: false }, (request, reply) => {
    // A page kept under the id as written: only a valid id in its plain form was ever kept.
    const kept = cache.peek(productKey((request.params as { id: string }).id));
    return kept ? sendCachedAnswer(request, reply, kept) : sendProduct(request, reply);
  });
  const sendProduct = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = parse(idParam, request.params);
    const answer = await cache.get(productKey(id), async () => writeProduct(await catalog.getProduct(ctx.db, id)));
    return sendCachedAnswer(request, reply, answer);
  };

  const imagesSchemas = {
    tags,
    summary: "A product's colour images",
    params: idParam,
    response: { 200: productImageSchema.array(), ...errorAnswers },
  };
  app.get("/products/:id/images", { schema: imagesSchemas }, async (request): Promise<ProductImage[]> => {
    const { id } = parse(idParam, request.params);
    return catalog.listProductImages(ctx.db, id);
  });
}
