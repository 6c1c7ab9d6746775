import {
  type CatalogCategory,
  type Category,
  type Customization,
  idParam,
  type Product,
  type ProductImage,
  type SizePrice,
  sizePriceParams,
  sizePriceQuery,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import * as catalog from "./service.js";

/** The public, read-only side of the shop: anyone may browse. */
export async function catalogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/catalog", async (): Promise<CatalogCategory[]> => catalog.getCatalog(ctx.db));

  app.get("/category", async (): Promise<Category[]> => catalog.listCategories(ctx.db));

  app.get("/customization", async (): Promise<Customization[]> => catalog.listCustomizations(ctx.db));

  app.get("/products", async (): Promise<Product[]> => catalog.listProducts(ctx.db));

  app.get("/products/price/:size", async (request): Promise<SizePrice> => {
    const { size } = parse(sizePriceParams, request.params);
    const { productId } = parse(sizePriceQuery, request.query);
    return catalog.getSizePrice(ctx.db, productId, size);
  });

  app.get("/products/:id", async (request): Promise<Product> => {
    const { id } = parse(idParam, request.params);
    return catalog.getProduct(ctx.db, id);
  });

  app.get("/products/:id/images", async (request): Promise<ProductImage[]> => {
    const { id } = parse(idParam, request.params);
    return catalog.listProductImages(ctx.db, id);
  });
}
