import {
  addCartItemBody,
  type Cart,
  type CartCustomization,
  type CartItem,
  cartItemCustomizationBody,
  cartItemIdParam,
  type EnsureCartAnswer,
  idParam,
  type StockCheck,
  updateCartItemBody,
  userIdParam,
} from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { requireSelf, requireUser } from "../../plugins/auth.js";
import * as cart from "./service.js";

/** A cart is its owner's alone: admins included, anyone else's cart or line answers 404. */
export async function cartRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post("/cart/user/:userId/ensure", async (request): Promise<EnsureCartAnswer> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    return { cartId: await cart.ensureCart(ctx.db, userId) };
  });

  app.get("/cart/user/:userId/full", async (request): Promise<Cart> => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    return cart.getCart(ctx, userId);
  });

  app.post("/cart/user/:userId/items", async (request, reply) => {
    const { userId } = parse(userIdParam, request.params);
    requireSelf(request, userId);
    const input = parse(addCartItemBody, request.body);
    return reply.status(201).send(await cart.addItem(ctx, userId, input));
  });

  app.put("/cartitem/:id", async (request): Promise<CartItem> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    const { quantity } = parse(updateCartItemBody, request.body);
    return cart.updateItem(ctx, user.user_id, id, quantity);
  });

  app.delete("/cartitem/clear/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    await cart.clear(ctx, user.user_id, id);
    return reply.status(204).send();
  });

  app.delete("/cartitem/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    await cart.removeItem(ctx, user.user_id, id);
    return reply.status(204).send();
  });

  app.get("/cart/:id/check-stock", async (request): Promise<StockCheck> => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return cart.checkStock(ctx, user.user_id, id);
  });

  app.get("/cartItemCustomization/:cartItemId", async (request): Promise<CartCustomization[]> => {
    const user = requireUser(request);
    const { cartItemId } = parse(cartItemIdParam, request.params);
    return cart.listItemCustomizations(ctx, user.user_id, cartItemId);
  });

  app.post("/cartItemCustomization", async (request, reply) => {
    const user = requireUser(request);
    const input = parse(cartItemCustomizationBody, request.body);
    return reply.status(201).send(await cart.putItemCustomization(ctx, user.user_id, input));
  });
}
