import {
  type CatalogCategory,
  type Category,
  type Customization,
  catalogCategorySchema,
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
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
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

  app.get(
    "/catalog",
    { schema: list("Categories that have products, with their products", catalogCategorySchema) },
    async (): Promise<CatalogCategory[]> => catalog.getCatalog(ctx.db),
  );

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
    params: idParam,
    response: { 200: productSchema, ...errorAnswers },
  };
  app.get("/products/:id", { schema: productSchemas }, async (request): Promise<Product> => {
    const { id } = parse(idParam, request.params);
    return catalog.getProduct(ctx.db, id);
  });

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
