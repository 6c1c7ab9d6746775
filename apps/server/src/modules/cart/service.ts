import {
  type addCartItemBody,
  type Cart,
  type CartCustomization,
  type CartItem,
  type cartItemCustomizationBody,
  MAX_DB_INT,
  type StockCheck,
  type UnavailableItem,
} from "@florist/contract";
import { customizationTotal, linePrice } from "@florist/contract/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { badRequest, conflict, msg, notFound } from "../../errors.js";
import { groupBy } from "../../lib/group.js";
import type { MessageKey } from "../../lib/i18n.js";
import { nowIso } from "../../lib/time.js";
import {
  availableStock,
  chooseOptions,
  findColor,
  findSize,
  parseColorOptions,
  parseSizeOptions,
  type SellableProduct,
  unitPrice,
} from "../catalog/product-options.js";
import { lockProducts } from "../orders/repository.js";
import * as repo from "./repository.js";

const CART_ITEM_NOT_FOUND = "Cart item not found." satisfies MessageKey;
const CART_NOT_FOUND = "Cart not found." satisfies MessageKey;
export const PRODUCT_UNAVAILABLE = "This product is currently unavailable." satisfies MessageKey;

/** The user's one cart, created on first use; it stays the same cart after checkout. */
export async function ensureCart(db: Executor, userId: number): Promise<number> {
  const existing = await repo.findCartByUser(db, userId);
  if (existing) return existing.cart_id;
  await repo.insertCartIfMissing(db, userId, nowIso());
  const cart = await repo.findCartByUser(db, userId);
  if (!cart) throw new Error(`The cart of user ${userId} was not created.`);
  return cart.cart_id;
}

/** One unit of a line in its chosen size; a size the admin has since removed is shown at the product's price (ordering it is refused). */
function lineUnitPrice(line: repo.CartLineRow): number {
  return unitPrice(line, findSize(parseSizeOptions(line.size_options), line.size));
}

function toCartItem(line: repo.CartLineRow, customizations: CartCustomization[]): CartItem {
  const sizes = parseSizeOptions(line.size_options);
  const colors = parseColorOptions(line.color_options);
  const price = lineUnitPrice(line);
  return {
    cartItemId: line.cart_item_id,
    productId: line.product_id,
    productName: line.name,
    imageUrl: line.color_image_url ?? line.image_url,
    quantity: line.quantity,
    unitPrice: price,
    linePrice: price * line.quantity,
    selectedSize: line.size,
    sizeAvailable: sizes.map((s) => s.label).join(","),
    selectedColor: line.color,
    selectedColorHex: findColor(colors, line.color)?.hex ?? line.color_hex,
    colorAvailable: colors.map((c) => c.raw).join(","),
    stockQuantity: availableStock(line),
    customizations,
    customizationTotal: customizationTotal(customizations),
  };
}

/** Customizations read for many lines in one query, per line, as a cart line shows them. */
export function customizationsByLine(rows: repo.LineCustomizationRow[]): Map<number, CartCustomization[]> {
  const byLine = groupBy(rows, (row) => row.cart_item_id);
  return new Map([...byLine].map(([line, group]) => [line, group.map(({ cart_item_id: _line, ...c }) => c)]));
}

/** Prices lines with two queries whatever their number: one for lines and products, one for customizations. */
async function priceLines(db: Executor, lines: repo.CartLineRow[]): Promise<CartItem[]> {
  const customizations = customizationsByLine(
    await repo.listLineCustomizations(
      db,
      lines.map((l) => l.cart_item_id),
    ),
  );
  return lines.map((line) => toCartItem(line, customizations.get(line.cart_item_id) ?? []));
}

export async function getCart(ctx: AppContext, userId: number): Promise<Cart> {
  const cartId = await ensureCart(ctx.db, userId);
  return { cartId, items: await priceLines(ctx.db, await repo.listLines(ctx.db, cartId)) };
}

const LINE_TOO_LARGE = "This cart line's total is too large." satisfies MessageKey;

/**
 * A cart line's price (units and customizations) must fit the integer column an order stores it in;
 * checked here so that both databases answer the same 400 rather than PostgreSQL refusing the order.
 */
function checkLineTotal(price: number, quantity: number, customizations: readonly CartCustomization[]) {
  if (linePrice(price, quantity, customizations) > MAX_DB_INT) {
    throw badRequest(LINE_TOO_LARGE, "TOTAL_TOO_LARGE");
  }
}

/** "Already holds" counts the product's other lines when one line's quantity is being set. */
function shortOfStock(name: string, available: number, inCart: number, elsewhere = false) {
  const values = { available, product: name, inCart };
  return conflict(
    inCart === 0
      ? msg("Only {{available}} of {{product}} in stock.", values)
      : elsewhere
        ? msg(
            "Only {{available}} of {{product}} in stock, and your cart already holds {{inCart}} in other sizes or colours.",
            values,
          )
        : msg("Only {{available}} of {{product}} in stock, and your cart already holds {{inCart}}.", values),
    "INSUFFICIENT_STOCK",
  );
}

/**
 * Adds to the cart with the product row locked (docs/stock-and-locking.md): every line of the product,
 * in any size or colour, counts against its one stock, and two adds at once cannot both pass the check.
 */
export async function addItem(ctx: AppContext, userId: number, input: z.output<typeof addCartItemBody>): Promise<Cart> {
  const cartId = await ctx.db.transaction().execute(async (trx) => {
    const [product] = await lockProducts(trx, ctx.dialect, [input.productId]);
    if (!product || product.archived_at !== null) throw notFound("Product not found.");
    const { size, color } = chooseOptions(product, input.size, input.color);
    const available = availableStock(product);
    if (available === 0) throw conflict(PRODUCT_UNAVAILABLE, "OUT_OF_STOCK");
    const cartId = await ensureCart(trx, userId);
    const inCart = await repo.productQuantityInCart(trx, cartId, product.product_id);
    if (inCart + input.quantity > available) throw shortOfStock(product.name, available, inCart);
    const line = await repo.findLineByOptions(trx, cartId, product.product_id, size.label, color.label);
    const customizations = line
      ? (customizationsByLine(await repo.listLineCustomizations(trx, [line.cart_item_id])).get(line.cart_item_id) ?? [])
      : [];
    checkLineTotal(unitPrice(product, size), (line?.quantity ?? 0) + input.quantity, customizations);
    await repo.addToLine(
      trx,
      {
        cart_id: cartId,
        product_id: product.product_id,
        quantity: input.quantity,
        size: size.label,
        color: color.label,
        color_hex: color.hex ?? "",
      },
      nowIso(),
    );
    return cartId;
  });
  return { cartId, items: await priceLines(ctx.db, await repo.listLines(ctx.db, cartId)) };
}

/** A line of the user's own cart; another user's line answers 404 like a missing one. */
async function ownLine(db: Executor, userId: number, cartItemId: number) {
  const line = await repo.findLine(db, cartItemId);
  if (!line || line.user_id !== userId) throw notFound(CART_ITEM_NOT_FOUND);
  return line;
}

async function ownCart(db: Executor, userId: number, cartId: number) {
  const cart = await repo.findCart(db, cartId);
  if (!cart || cart.user_id !== userId) throw notFound(CART_NOT_FOUND);
  return cart;
}

/** Sets a line's quantity under the same product lock as adding, counting the product's other lines too. */
export async function updateItem(ctx: AppContext, userId: number, cartItemId: number, quantity: number) {
  const { product_id } = await ownLine(ctx.db, userId, cartItemId);
  return ctx.db.transaction().execute(async (trx) => {
    await lockProducts(trx, ctx.dialect, [product_id]);
    // Read again under the lock: the line or its product may have changed while this waited.
    const line = await ownLine(trx, userId, cartItemId);
    const available = availableStock(line);
    if (available === 0) throw conflict(PRODUCT_UNAVAILABLE, "OUT_OF_STOCK");
    const otherLines = await repo.productQuantityInCart(trx, line.cart_id, line.product_id, cartItemId);
    if (otherLines + quantity > available) {
      throw shortOfStock(line.name, available, otherLines, true);
    }
    const customizations =
      customizationsByLine(await repo.listLineCustomizations(trx, [cartItemId])).get(cartItemId) ?? [];
    checkLineTotal(lineUnitPrice(line), quantity, customizations);
    await repo.setLineQuantity(trx, cartItemId, quantity);
    return toCartItem({ ...line, quantity }, customizations);
  });
}

export async function removeItem(ctx: AppContext, userId: number, cartItemId: number) {
  await ownLine(ctx.db, userId, cartItemId);
  await repo.deleteLine(ctx.db, cartItemId);
}

export async function clear(ctx: AppContext, userId: number, cartId: number) {
  await ownCart(ctx.db, userId, cartId);
  await repo.clearCart(ctx.db, cartId);
}

/**
 * Lines the shop cannot deliver as asked, one entry per product: lines of the same product in
 * different sizes or colours draw on one stock, so their quantities count together.
 */
export function shortages(lines: { product_id: number; quantity: number; product: SellableProduct }[]) {
  const wanted = new Map<number, { product: SellableProduct; requested: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.product_id) ?? { product: line.product, requested: 0 };
    entry.requested += line.quantity;
    wanted.set(line.product_id, entry);
  }
  const unavailable: UnavailableItem[] = [];
  for (const { product, requested } of wanted.values()) {
    const available = availableStock(product);
    if (requested > available) {
      unavailable.push({ name: product.name, availableStock: available, requestedStock: requested });
    }
  }
  return unavailable;
}

export async function checkStock(ctx: AppContext, userId: number, cartId: number): Promise<StockCheck> {
  await ownCart(ctx.db, userId, cartId);
  const lines = await repo.listLines(ctx.db, cartId);
  return { unavailableItems: shortages(lines.map((line) => ({ ...line, product: line }))) };
}

export async function listItemCustomizations(ctx: AppContext, userId: number, cartItemId: number) {
  await ownLine(ctx.db, userId, cartItemId);
  return customizationsByLine(await repo.listLineCustomizations(ctx.db, [cartItemId])).get(cartItemId) ?? [];
}

export async function putItemCustomization(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof cartItemCustomizationBody>,
) {
  const line = await ownLine(ctx.db, userId, input.cart_item_id);
  const customization = await repo.findCustomization(ctx.db, input.customization_id);
  if (!customization) throw notFound("Customization not found.");
  const others = (
    customizationsByLine(await repo.listLineCustomizations(ctx.db, [line.cart_item_id])).get(line.cart_item_id) ?? []
  ).filter((c) => c.customization_id !== input.customization_id);
  checkLineTotal(lineUnitPrice(line), line.quantity, [...others, { ...customization, quantity: input.quantity }]);
  await repo.putLineCustomization(ctx.db, input.cart_item_id, input.customization_id, input.quantity);
  return { cart_item_id: input.cart_item_id, ...customization, quantity: input.quantity };
}
