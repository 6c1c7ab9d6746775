import {
  addCartItemBody,
  type Cart,
  type CartCustomization,
  type CartItem,
  cartCustomizationSchema,
  cartItemCustomizationAnswerSchema,
  cartItemCustomizationBody,
  cartItemIdParam,
  cartItemSchema,
  cartSchema,
  type EnsureCartAnswer,
  ensureCartAnswerSchema,
  idParam,
  type StockCheck,
  stockCheckSchema,
  updateCartItemBody,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers, noContent } from "../../lib/contract-schemas.js";
import { requireSelf, requireUser } from "../../plugins/auth.js";
import * as cart from "./service.js";

/** A cart is its owner's alone: admins included, anyone else's cart or line answers 404. */
export async function cartRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const tags = ["cart"];
  const deleted = { 204: noContent, ...errorAnswers };

  const ensureSchema = {
    tags,
    summary: "The shopper's open cart, created when there is none",
    params: userIdParam,
    response: { 200: ensureCartAnswerSchema, ...errorAnswers },
  };
  app.post("/cart/user/:userId/ensure", { schema: ensureSchema }, async (request): Promise<EnsureCartAnswer> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    return { cartId: await cart.ensureCart(ctx.db, userId) };
  });

  const fullSchema = {
    tags,
    summary: "The shopper's cart, priced by the server",
    params: userIdParam,
    response: { 200: cartSchema, ...errorAnswers },
  };
  app.get("/cart/user/:userId/full", { schema: fullSchema }, async (request): Promise<Cart> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    return cart.getCart(ctx, userId);
  });

  const addSchema = {
    tags,
    summary: "Put a product in the cart (the same product, size and colour adds to its line)",
    params: userIdParam,
    body: addCartItemBody,
    response: { 201: cartSchema, ...errorAnswers },
  };
  app.post("/cart/user/:userId/items", { schema: addSchema }, async (request, reply) => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    const input = parse(addCartItemBody, request.body);
    return reply.status(201).send(await cart.addItem(ctx, userId, input));
  });

  const quantitySchema = {
    tags,
    summary: "Set a cart line's quantity",
    params: idParam,
    body: updateCartItemBody,
    response: { 200: cartItemSchema, ...errorAnswers },
  };
  app.put("/cartitem/:id", { schema: quantitySchema }, async (request): Promise<CartItem> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    const { quantity } = parse(updateCartItemBody, request.body);
    return cart.updateItem(ctx, user.user_id, id, quantity);
  });

  const clearSchema = { tags, summary: "Empty a cart (its id)", params: idParam, response: deleted };
  app.delete("/cartitem/clear/:id", { schema: clearSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    await cart.clear(ctx, user.user_id, id);
    return reply.status(204).send();
  });

  const removeSchema = { tags, summary: "Remove a cart line", params: idParam, response: deleted };
  app.delete("/cartitem/:id", { schema: removeSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    await cart.removeItem(ctx, user.user_id, id);
    return reply.status(204).send();
  });

  const stockSchema = {
    tags,
    summary: "The cart's lines that stock cannot fill",
    params: idParam,
    response: { 200: stockCheckSchema, ...errorAnswers },
  };
  app.get("/cart/:id/check-stock", { schema: stockSchema }, async (request): Promise<StockCheck> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return cart.checkStock(ctx, user.user_id, id);
  });

  const listCustomizationsSchema = {
    tags,
    summary: "A cart line's customizations",
    params: cartItemIdParam,
    response: { 200: cartCustomizationSchema.array(), ...errorAnswers },
  };
  app.get(
    "/cartItemCustomization/:cartItemId",
    { schema: listCustomizationsSchema },
    async (request): Promise<CartCustomization[]> => {
      const user = requireUser(request);
      const { cartItemId } = parse(cartItemIdParam, request.params);
      return cart.listItemCustomizations(ctx, user.user_id, cartItemId);
    },
  );

  const putCustomizationSchema = {
    tags,
    summary: "Add a customization to a cart line, or set its quantity",
    body: cartItemCustomizationBody,
    response: { 201: cartItemCustomizationAnswerSchema, ...errorAnswers },
  };
  app.post("/cartItemCustomization", { schema: putCustomizationSchema }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(cartItemCustomizationBody, request.body);
    return reply.status(201).send(await cart.putItemCustomization(ctx, user.user_id, input));
  });
}
