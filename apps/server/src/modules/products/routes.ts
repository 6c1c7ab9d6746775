import {
  availabilityBody,
  idParam,
  imageFields,
  imageStockBody,
  imageUpdateFields,
  type Product,
  type ProductImage,
  productFields,
  productImageParams,
} from "@florist/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { badRequest, parse } from "../../errors.js";
import { readMultipart } from "../../lib/multipart.js";
import { requireAdmin } from "../../plugins/auth.js";
import * as products from "./service.js";

/** A product form arrives as multipart (with an optional `image` file) or as JSON. */
async function readForm(request: FastifyRequest): Promise<{ fields: unknown; image: Buffer | undefined }> {
  if (!request.isMultipart()) return { fields: request.body, image: undefined };
  const { fields, files } = await readMultipart(request);
  return { fields, image: files.image };
}

/** Product management; every route is for the shop's administrators only. */
export async function productsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post("/products", async (request, reply) => {
    requireAdmin(request);
    const { fields, image } = await readForm(request);
    const product: Product = await products.createProduct(ctx, parse(productFields, fields), image);
    return reply.status(201).send(product);
  });

  app.put("/products/:id", async (request): Promise<Product> => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const { fields, image } = await readForm(request);
    return products.updateProduct(ctx, id, parse(productFields, fields), image);
  });

  app.patch("/products/:id", async (request): Promise<Product> => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    if (!request.isMultipart()) {
      const { availabilityStatus } = parse(availabilityBody, request.body);
      return products.setAvailability(ctx, id, availabilityStatus);
    }
    const { image } = await readForm(request);
    if (!image) throw badRequest("Please choose an image file.");
    return products.replaceCover(ctx, id, image);
  });

  app.delete("/products/:id", async (request, reply) => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await products.removeProduct(ctx, id);
    return reply.status(204).send();
  });

  app.post("/products/:id/images", async (request, reply) => {
    requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const { fields, image } = await readForm(request);
    const created: ProductImage = await products.addImage(ctx, id, parse(imageFields, fields), image);
    return reply.status(201).send(created);
  });

  app.put("/products/:id/images/:imageId", async (request): Promise<ProductImage> => {
    requireAdmin(request);
    const { id, imageId } = parse(productImageParams, request.params);
    const { fields, image } = await readForm(request);
    return products.updateImage(ctx, id, imageId, parse(imageUpdateFields, fields), image);
  });

  app.patch("/products/:id/images/:imageId/stock", async (request): Promise<ProductImage> => {
    requireAdmin(request);
    const { id, imageId } = parse(productImageParams, request.params);
    const { stockQuantity } = parse(imageStockBody, request.body);
    return products.setImageStock(ctx, id, imageId, stockQuantity);
  });

  app.delete("/products/:id/images/:imageId", async (request, reply) => {
    requireAdmin(request);
    const { id, imageId } = parse(productImageParams, request.params);
    await products.removeImage(ctx, id, imageId);
    return reply.status(204).send();
  });
}
