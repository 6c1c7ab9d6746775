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
  productImageSchema,
  productSchema,
} from "@florist/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { badRequest, parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
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
export async function productsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["products (admin)"];
  const form = ["multipart/form-data", "application/json"];
  const product = { 200: productSchema, ...errorAnswers };
  const image = { 200: productImageSchema, ...errorAnswers };
  const deleted = { 204: noContent, ...errorAnswers };

  const createSchema = {
    tags,
    summary: "Add a product: multipart with an optional `image` file, or JSON",
    consumes: form,
    body: productFields,
    response: { 201: productSchema, ...errorAnswers },
  };
  app.post("/products", { schema: createSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { fields, image } = await readForm(request);
    const product: Product = await products.createProduct(ctx, admin, parse(productFields, fields), image);
    return reply.status(201).send(product);
  });

  const updateSchema = {
    tags,
    summary: "Replace a product's fields (and cover image)",
    consumes: form,
    params: idParam,
    body: productFields,
    response: product,
  };
  app.put("/products/:id", { schema: updateSchema }, async (request): Promise<Product> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const { fields, image } = await readForm(request);
    return products.updateProduct(ctx, admin, id, parse(productFields, fields), image);
  });

  const patchSchema = {
    tags,
    summary: "Set availability (JSON) or replace the cover image (multipart with only `image`)",
    consumes: form,
    params: idParam,
    body: availabilityBody,
    response: product,
  };
  app.patch("/products/:id", { schema: patchSchema }, async (request): Promise<Product> => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    if (!request.isMultipart()) {
      const { availabilityStatus } = parse(availabilityBody, request.body);
      return products.setAvailability(ctx, admin, id, availabilityStatus);
    }
    const { image } = await readForm(request);
    if (!image) throw badRequest("Please choose an image file.");
    return products.replaceCover(ctx, admin, id, image);
  });

  const deleteSchema = { tags, summary: "Take a product off sale", params: idParam, response: deleted };
  app.delete("/products/:id", { schema: deleteSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    await products.removeProduct(ctx, admin, id);
    return reply.status(204).send();
  });

  const addImageSchema = {
    tags,
    summary: "Add a colour image: multipart `image`, `color_name`, `stock_quantity`",
    consumes: form,
    params: idParam,
    body: imageFields,
    response: { 201: productImageSchema, ...errorAnswers },
  };
  app.post("/products/:id/images", { schema: addImageSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id } = parse(idParam, request.params);
    const { fields, image } = await readForm(request);
    const created: ProductImage = await products.addImage(ctx, admin, id, parse(imageFields, fields), image);
    return reply.status(201).send(created);
  });

  const updateImageSchema = {
    tags,
    summary: "Replace a colour image, its name or its stock; a field left out keeps its value",
    consumes: form,
    params: productImageParams,
    body: imageUpdateFields,
    response: image,
  };
  app.put("/products/:id/images/:imageId", { schema: updateImageSchema }, async (request): Promise<ProductImage> => {
    const admin = requireAdmin(request);
    const { id, imageId } = parse(productImageParams, request.params);
    const { fields, image } = await readForm(request);
    return products.updateImage(ctx, admin, id, imageId, parse(imageUpdateFields, fields), image);
  });

  const imageStockSchema = {
    tags,
    summary: "Set a colour image's stock",
    params: productImageParams,
    body: imageStockBody,
    response: image,
  };
  app.patch(
    "/products/:id/images/:imageId/stock",
    { schema: imageStockSchema },
    async (request): Promise<ProductImage> => {
      const admin = requireAdmin(request);
      const { id, imageId } = parse(productImageParams, request.params);
      const { stockQuantity } = parse(imageStockBody, request.body);
      return products.setImageStock(ctx, admin, id, imageId, stockQuantity);
    },
  );

  const deleteImageSchema = { tags, summary: "Remove a colour image", params: productImageParams, response: deleted };
  app.delete("/products/:id/images/:imageId", { schema: deleteImageSchema }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { id, imageId } = parse(productImageParams, request.params);
    await products.removeImage(ctx, admin, id, imageId);
    return reply.status(204).send();
  });
}
