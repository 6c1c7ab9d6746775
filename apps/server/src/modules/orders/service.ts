import {
  type AdminOverview,
  type CartCustomization,
  type CartOrderCustomizationAnswer,
  type createOrderBody,
  type DeliveriesAnswer,
  MAX_DB_INT,
  type moveDeliveryBody,
  type OrderDetail,
  type OrderItemDetail,
  type OrderSummary,
  type overviewQuery,
  type ProofAnswer,
  type Review,
  type statusBody,
  type UnavailableItem,
  type User,
} from "@florist/contract";
import {
  canChangeStatus,
  linePrice,
  normalizeStatus,
  orderStatusOf,
  REVIEWABLE_STATUSES,
  SLOT_RELEASING_STATUSES,
  sameStatus,
} from "@florist/contract/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { retryTransient } from "../../db/errors.js";
import { answered, type Sent } from "../../db/postgres-dialect.js";
import { badRequest, conflict, msg, notFound } from "../../errors.js";
import { groupBy } from "../../lib/group.js";
import type { MessageKey } from "../../lib/i18n.js";
import { deleteImage, storeImage } from "../../lib/images.js";
import { isoIn, MINUTE, nowIso, shopInstant, shopMonthRange, shopToday, shopYearMonth } from "../../lib/time.js";
import { refuseRetiredAddOns } from "../addons/service.js";
import { type Actor, recordChange } from "../audit/service.js";
import * as cartRepo from "../cart/repository.js";
import { customizationsByLine } from "../cart/service.js";
import {
  availableStock,
  chooseOptions,
  matchOptions,
  type SellableProduct,
  unitPrice,
} from "../catalog/product-options.js";
import {
  activeZone,
  checkNamedPlace,
  claimPlaceForMove,
  countPlaces,
  listAllSlots,
  type Place,
  type PlaceClaim,
  type PlaceCount,
  sendEarliestPlaceClaim,
  sendNamedPlaceClaim,
} from "../delivery/service.js";
import { type MailToQueue, mailsToWrite, queueMails } from "../mail/service.js";
import {
  newOrderMailing,
  newOrderMails,
  orderMailJobRow,
  type PlacedOrder,
  queueOrderMail,
  queueOrderMailJob,
  statusMailKind,
} from "../notifications/service.js";
import { getOrderSettings } from "../settings/service.js";
import * as repo from "./repository.js";

const ORDER_NOT_FOUND = "Order not found." satisfies MessageKey;
const ORDER_TOO_LARGE = "This order's total is too large." satisfies MessageKey;
const LATEST_REVIEWS = 10;

/** What a line of a new order is made of, before it is priced. */
interface OrderLine {
  productId: number;
  product: SellableProduct;
  quantity: number;
  unitPrice: number;
  size: string;
  color: string;
  customizations: CartCustomization[];
  cartItemId?: number;
}

type CreateOrderInput = z.output<typeof createOrderBody>;

/** The listed cart items of the user's own cart, with their quantities and customizations (the cart's, not the client's). */
async function cartLines(db: Executor, userId: number, input: CreateOrderInput): Promise<OrderLine[]> {
  const ids = input.items.flatMap((item) => (item.cart_item_id ? [item.cart_item_id] : []));
  if (new Set(ids).size !== ids.length) throw badRequest("The same cart item is listed twice.", "DUPLICATE_ITEM");
  if (input.cart_id) {
    const cart = await cartRepo.findCart(db, input.cart_id);
    if (!cart || cart.user_id !== userId) throw notFound("Cart not found.");
  }
  if (ids.length === 0) return [];
  const rows = (await cartRepo.listUserLines(db, userId, ids)).filter(
    (row) => !input.cart_id || row.cart_id === input.cart_id,
  );
  if (rows.length !== ids.length) throw notFound("Cart item not found.");
  const customizations = customizationsByLine(await cartRepo.listLineCustomizations(db, ids));
  return rows.map((row) => {
    // The admin may have dropped a size or colour since it was put in the cart; it can no longer be ordered.
    const { size, color } = matchOptions(row, row.size, row.color);
    if (!size || !color) {
      throw conflict(
        msg("{{product}} is no longer offered in {{options}}. Please remove it from your cart.", {
          product: row.name,
          options: [row.size, row.color].filter(Boolean).join(", "),
        }),
        "OPTION_NOT_OFFERED",
      );
    }
    return {
      productId: row.product_id,
      product: row,
      quantity: row.quantity,
      unitPrice: unitPrice(row, size),
      size: row.size,
      color: row.color,
      customizations: customizations.get(row.cart_item_id) ?? [],
      cartItemId: row.cart_item_id,
    };
  });
}

/**
 * Buy Now lines: the listed products (already locked) with the client's quantity, size, colour and
 * customizations, checked like the cart checks them.
 */
async function directLines(
  db: Executor,
  input: CreateOrderInput,
  products: Map<number, repo.LockedProduct>,
): Promise<OrderLine[]> {
  const items = input.items.filter((item) => !item.cart_item_id);
  if (items.length === 0) return [];
  const customizationIds = items.flatMap((i) => (i.customizations ?? []).map((c) => c.customization_id));
  const catalog = new Map(
    (await cartRepo.findCustomizations(db, customizationIds)).map((c) => [c.customization_id, c]),
  );
  return items.map((item) => {
    const product = products.get(item.product_id);
    if (!product) throw notFound("Product not found.");
    const { size, color } = chooseOptions(product, item.size ?? "", item.color ?? "");
    return {
      productId: item.product_id,
      product,
      quantity: item.quantity,
      unitPrice: unitPrice(product, size),
      size: size.label,
      color: color.label,
      customizations: (item.customizations ?? []).map((c) => {
        const known = catalog.get(c.customization_id);
        if (!known) throw notFound("Customization not found.");
        return { ...known, quantity: c.quantity };
      }),
    };
  });
}

function quantitiesByProduct(lines: { productId: number; quantity: number }[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return quantities;
}

/**
 * Prices every line. A total beyond the order's integer column (no line can pass it without the total
 * passing it too) is refused here, so both databases answer the same 400 before any stock moves.
 */
function priceLines(lines: OrderLine[], shippingCost: number) {
  const priced = lines.map((line) => ({
    ...line,
    linePrice: linePrice(line.unitPrice, line.quantity, line.customizations),
  }));
  const total = priced.reduce((sum, line) => sum + line.linePrice, 0) + shippingCost;
  if (total > MAX_DB_INT) throw badRequest(ORDER_TOO_LARGE, "TOTAL_TOO_LARGE");
  return { priced, total };
}

/**
 * The delivery place of a new order (contract §7.1): the date and slot it names, checked and locked,
 * or the earliest free one, or none when the window has no free slot.
 */
function sendPlaceClaim(
  trx: Executor,
  dialect: AppContext["dialect"],
  input: CreateOrderInput,
  counted: PlaceCount | undefined,
  windowDays: number,
): Promise<PlaceClaim> {
  if (input.delivery_date && input.delivery_slot_id) {
    return sendNamedPlaceClaim(trx, dialect, input.delivery_date, input.delivery_slot_id, windowDays);
  }
  return sendEarliestPlaceClaim(trx, dialect, counted, windowDays);
}

/** Where and when an order is delivered: the start of its slot, in the shop's time zone; no slot, no date (the florist calls to arrange it). */
function placeColumns(place: Place | null) {
  return {
    delivery_date: place ? shopInstant(place.date, place.slot.start) : null,
    delivery_day: place?.date ?? null,
    delivery_slot_id: place?.slot.slotId ?? null,
  };
}

/** Who places an order, as their session knows them: the answer names them. */
type Buyer = Pick<User, "user_id" | "username" | "email" | "language">;

/** A priced line as an order's answer shows it. */
function lineDetail(line: OrderLine & { linePrice: number }): OrderItemDetail {
  return {
    productId: line.productId,
    productName: line.product.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    linePrice: line.linePrice,
    size: line.size,
    color: line.color,
    customizations: line.customizations.map(({ name, price, quantity }) => ({ name, price, quantity })),
  };
}

/** Empty text is no text: the storefront sends "" for a field left blank. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Writes a new order, its lines and their add-ons, its mails (`mailsOf` renders them from the order
 * as written, or answers null, and then the job that writes them is queued instead) and empties the
 * ordered cart lines. PostgreSQL does it all in one statement, the order's id taken ahead
 * (`orderId`), sent ahead of the commit that follows it (db/postgres-dialect.ts), so the order's
 * write, its mails and the commit cost one round trip while its products stay locked; on SQLite,
 * where a statement costs no round trip, each is its own. Answers, once all of it is sent, the order
 * as written: on PostgreSQL it is read with the commit's answer.
 */
async function writeOrder(
  trx: Executor,
  orderId: number | undefined,
  order: repo.PlacedOrderValues,
  priced: (OrderLine & { linePrice: number })[],
  cartItemIds: number[],
  mailsOf: (row: repo.OrderRow) => MailToQueue[] | null,
): Promise<Sent<repo.OrderRow>> {
  const items = priced.map((line, index) => ({
    line_no: index + 1,
    product_id: line.productId,
    product_name: line.product.name,
    unit_price: line.unitPrice,
    quantity: line.quantity,
    line_price: line.linePrice,
    size: line.size,
    color: line.color,
  }));
  const addOns = priced.flatMap((line, index) =>
    line.customizations.map((c) => ({
      line_no: index + 1,
      customization_id: c.customization_id,
      name: c.name,
      price: c.price,
      quantity: c.quantity,
    })),
  );
  // PostgreSQL, which took the order's id ahead: the mails are rendered first, then all is one statement.
  if (orderId !== undefined) {
    const mails = mailsOf(repo.placedOrderRow(orderId, order));
    const mailing = mails ? { mails: mailsToWrite(mails) } : { job: orderMailJobRow(orderId, "placed") };
    return repo.insertPlacedOrder(trx, orderId, order, items, addOns, cartItemIds, mailing);
  }
  const written = await repo.insertOrder(trx, order);
  const rows = await repo.insertOrderItems(
    trx,
    items.map((item) => ({ ...item, order_id: written.order_id })),
  );
  const itemIdByLine = new Map(rows.map((row) => [row.line_no, row.order_item_id]));
  await repo.insertOrderItemCustomizations(
    trx,
    addOns.map(({ line_no, ...addOn }) => ({ ...addOn, order_item_id: itemIdByLine.get(line_no) as number })),
  );
  await cartRepo.deleteLines(trx, cartItemIds);
  const mails = mailsOf(written);
  if (mails) await queueMails(trx, mails);
  else await queueOrderMailJob(trx, written.order_id, "placed");
  return answered(written);
}

/**
 * Places an order in one transaction (docs/rules.md): the server prices every line, claims the
 * delivery slot, charges the district's fee (or the delivery fee without one), takes the stock with
 * a guarded update and empties the ordered cart lines. If any product is short, or the slot is closed,
 * full or past its cutoff, nothing is written and the answer is a 409 saying what is missing.
 *
 * Lock order (docs/stock-and-locking.md): the ordered products first, in product-id order, then the
 * delivery slot, then the order rows and the cart lines, so concurrent orders queue on their first
 * shared product or slot instead of deadlocking.
 */
export async function createOrder(ctx: AppContext, buyer: Buyer, input: CreateOrderInput): Promise<OrderDetail> {
  const userId = buyer.user_id;
  await refuseRetiredAddOns(
    ctx.db,
    input.items.flatMap((item) => (item.cart_item_id ? [item.cart_item_id] : [])),
  );
  // The slot is the one row every order wants, so it is claimed last, just before the order is
  // written with its place (docs/decisions/0035). An order that names a slot is refused now if it
  // cannot have it, and checked again under the slot's lock; on PostgreSQL one that names none counts
  // the places before it locks anything (docs/decisions/0020), or, while the window was full at the
  // last count, asks whether it still is in the round trip that locks its products (0042).
  // While shoppers keep the shop busy, the order's mails are written by the job runner once the rush
  // has passed, from the order as written: rendering and writing them is about a third of an order's
  // work on this thread (docs/decisions/0041). Otherwise they are rendered in its transaction.
  const mailsLater = ctx.load?.busy() ?? false;
  // Settings are read before the transaction, so it spends none of its time holding the stock on them.
  // So are what its mails show besides the order: they are rendered in it, from the order it writes.
  const [{ deliveryFee, paymentWindowMinutes: paymentWindow, deliveryWindowDays }, mailing] = await Promise.all([
    getOrderSettings(ctx.db),
    mailsLater ? null : newOrderMailing(ctx),
  ]);
  const named = Boolean(input.delivery_date && input.delivery_slot_id);
  if (input.delivery_date && input.delivery_slot_id) {
    await checkNamedPlace(ctx.db, input.delivery_date, input.delivery_slot_id, deliveryWindowDays);
  }
  const counted =
    ctx.dialect === "postgres" && !named
      ? await countPlaces(ctx.db, deliveryWindowDays, { fullAskedLater: true })
      : undefined;
  // The lock order rules deadlocks out; a retry stays for anything else PostgreSQL may abort as a conflict.
  return retryTransient(async () => {
    const placing = await ctx.db.transaction().execute(async (trx) => {
      const cartItemIds = input.items.flatMap((item) => (item.cart_item_id ? [item.cart_item_id] : []));
      const productIds = [
        ...(await cartRepo.lineProductIds(trx, cartItemIds)),
        ...input.items.filter((item) => !item.cart_item_id).map((item) => item.product_id),
      ];
      const locking = await repo.sendLockProducts(trx, ctx.dialect, productIds);
      const at = nowIso();
      // A Buy Now order knows its quantities before it reads anything, so its stock is taken right
      // behind the locks, in their round trip; whether the order stands is decided below as for any.
      const takingAhead =
        cartItemIds.length === 0
          ? await repo.sendTakeStock(
              trx,
              quantitiesByProduct(input.items.map((item) => ({ productId: item.product_id, quantity: item.quantity }))),
              at,
            )
          : undefined;
      // The place goes out behind them too: its slot is locked after the products, as every lock of
      // an order is taken, and its answer is waited for once the stock is known to be there.
      const claiming = await sendPlaceClaim(trx, ctx.dialect, input, counted, deliveryWindowDays);
      // PostgreSQL numbers the order now, so that its mails are rendered before it is written and
      // written in the same statement; SQLite gives the number as it writes it.
      const numbering = ctx.dialect === "postgres" ? await repo.sendNextOrderId(trx) : undefined;
      // Cart lines are read only now, under the product locks, so their quantities are the latest; their
      // first read goes out right behind the locks.
      const fromCart = await cartLines(trx, userId, input);
      const products = new Map((await locking.answer).map((p) => [p.product_id, p]));
      const lines = [...fromCart, ...(await directLines(trx, input, products))];
      const zone = input.delivery_zone_id ? await activeZone(trx, input.delivery_zone_id, "delivery_zone_id") : null;
      const shippingCost = zone ? zone.fee : deliveryFee;
      const { priced, total } = priceLines(lines, shippingCost);
      const quantities = quantitiesByProduct(lines);
      const taken = new Set(takingAhead ? await takingAhead.answer : await repo.takeStock(trx, quantities, at));
      if (taken.size !== quantities.size) {
        // The locked rows are the stock as it is now: nothing can have changed it since they were read.
        const unavailableItems: UnavailableItem[] = [...quantities]
          .filter(([productId]) => !taken.has(productId))
          .map(([productId, requested]) => {
            const product = products.get(productId) as SellableProduct;
            return { name: product.name, availableStock: availableStock(product), requestedStock: requested };
          });
        throw conflict("Some items are not available in the quantity ordered.", "INSUFFICIENT_STOCK", {
          unavailableItems,
        });
      }
      const place = await claiming();
      const placedOf = (row: repo.OrderRow) => placedOrder(row, buyer, place, zone, priced);

      const writing = await writeOrder(
        trx,
        await numbering?.answer,
        {
          user_id: userId,
          shipping_address: input.shipping_address,
          shipping_cost: shippingCost,
          total_price: total,
          order_status: "Order Received",
          payment_status: "Pending",
          order_date: at,
          updated_at: at,
          ...placeColumns(place),
          delivery_zone_id: zone?.zone_id ?? null,
          recipient_name: textOrNull(input.recipient_name),
          recipient_phone: textOrNull(input.recipient_phone),
          card_message: textOrNull(input.card_message),
          sender_anonymous: input.sender_anonymous ? 1 : 0,
          remind_next_year: input.remind_next_year ? 1 : 0,
          // Fixed now: a later change of the window moves no deadline (contract §7.2).
          payment_due_at: paymentWindow === 0 ? null : isoIn(paymentWindow * MINUTE, new Date(at)),
        },
        priced,
        lines.flatMap((line) => (line.cartItemId ? [line.cartItemId] : [])),
        (row) => {
          if (!mailing) return null;
          try {
            return newOrderMails(ctx, placedOf(row), mailing);
          } catch {
            // A mail that cannot be rendered must not cost the sale: the job queued instead renders
            // it again, and records what went wrong if it still fails.
            return null;
          }
        },
      );
      return { writing, placedOf, priced };
    });
    // Answered with the commit: a write that failed has failed the commit already. The answer is
    // the order as this transaction wrote it, the same as reading it back gives.
    const written = await placing.writing.answer;
    return toDetail(placing.placedOf(written).order, placing.priced.map(lineDetail));
  });
}

/** A new order as its answer and its mails show it: its row with its buyer's, slot's and district's names, and its lines. */
function placedOrder(
  row: repo.OrderRow,
  buyer: Buyer,
  place: Place | null,
  zone: { name: string } | null,
  priced: (OrderLine & { linePrice: number })[],
): PlacedOrder {
  return {
    order: {
      ...row,
      username: buyer.username,
      email: buyer.email,
      language: buyer.language,
      slot_label: place?.slot.label ?? null,
      slot_start: place?.slot.start ?? null,
      slot_end: place?.slot.end ?? null,
      zone_name: zone?.name ?? null,
    },
    lines: priced.map((line) => ({
      product_name: line.product.name,
      quantity: line.quantity,
      size: line.size,
      color: line.color,
      line_price: line.linePrice,
      addOns: line.customizations.map(({ name, price, quantity }) => ({ name, price, quantity })),
    })),
  };
}

export async function orderDetail(db: Executor, orderId: number): Promise<OrderDetail> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return toDetail(order, await itemDetails(db, orderId));
}

async function itemDetails(db: Executor, orderId: number): Promise<OrderItemDetail[]> {
  return (await itemDetailsByOrder(db, [orderId])).get(orderId) ?? [];
}

/** The items of many orders in two queries, by order. */
export async function itemDetailsByOrder(db: Executor, orderIds: number[]): Promise<Map<number, OrderItemDetail[]>> {
  const [items, customizations] = await Promise.all([
    repo.listOrderItems(db, orderIds),
    repo.listOrderItemCustomizations(db, orderIds).then((rows) => groupBy(rows, (c) => c.order_item_id)),
  ]);
  const details = items.map((item) => ({
    orderId: item.order_id,
    detail: {
      productId: item.product_id,
      productName: item.product_name,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      linePrice: item.line_price,
      size: item.size,
      color: item.color,
      customizations: (customizations.get(item.order_item_id) ?? []).map(({ name, price, quantity }) => ({
        name,
        price,
        quantity,
      })),
    },
  }));
  const byOrder = groupBy(details, (d) => d.orderId);
  return new Map([...byOrder].map(([orderId, rows]) => [orderId, rows.map((r) => r.detail)]));
}

/** The columns of an order row that say where, when and to whom it goes, with its slot's and district's names. */
interface GiftRow {
  delivery_day: string | null;
  delivery_slot_id: number | null;
  delivery_zone_id: number | null;
  slot_label: string | null;
  slot_start: string | null;
  slot_end: string | null;
  zone_name: string | null;
  recipient_name: string | null;
  recipient_phone: string | null;
  card_message: string | null;
  sender_anonymous: number;
}

/** The delivery and gift fields every order answer carries (contract §7.1); null where the order has none. */
function giftFields(
  row: GiftRow,
): Pick<
  OrderDetail,
  "delivery" | "deliveryZone" | "recipientName" | "recipientPhone" | "cardMessage" | "senderAnonymous"
> {
  const deliveryZone =
    row.delivery_zone_id === null ? null : { zoneId: row.delivery_zone_id, name: row.zone_name ?? "" };
  const delivery =
    row.delivery_day === null || row.delivery_slot_id === null
      ? null
      : {
          date: row.delivery_day,
          slotId: row.delivery_slot_id,
          label: row.slot_label ?? "",
          start: row.slot_start ?? "",
          end: row.slot_end ?? "",
          zoneId: deliveryZone?.zoneId ?? null,
          zoneName: deliveryZone?.name ?? null,
        };
  return {
    delivery,
    deliveryZone,
    recipientName: row.recipient_name,
    recipientPhone: row.recipient_phone,
    cardMessage: row.card_message,
    senderAnonymous: row.sender_anonymous === 1,
  };
}

/** The columns of an order row that say how it is paid (contract §7.2). */
interface PaymentRow {
  payment_due_at: string | null;
  payment_proof: string | null;
  payment_note: string | null;
}

function paymentFields(row: PaymentRow): Pick<OrderDetail, "paymentDueAt" | "paymentProof" | "paymentNote"> {
  return { paymentDueAt: row.payment_due_at, paymentProof: row.payment_proof, paymentNote: row.payment_note };
}

export function toDetail(order: repo.OrderWithUser, items: OrderItemDetail[]): OrderDetail {
  return {
    orderId: order.order_id,
    userId: order.user_id,
    username: order.username,
    email: order.email,
    shippingAddress: order.shipping_address,
    orderDate: order.order_date,
    deliveryDate: order.delivery_date,
    orderStatus: order.order_status,
    paymentStatus: order.payment_status,
    totalPrice: order.total_price,
    shippingCost: order.shipping_cost,
    orderProof: order.order_proof,
    items,
    ...giftFields(order),
    ...paymentFields(order),
  };
}

/** An order its owner or an admin may see; to anyone else it does not exist. */
export async function visibleOrder(
  db: Executor,
  viewer: { user_id: number; role: string },
  orderId: number,
  options: { adminAllowed: boolean } = { adminAllowed: true },
) {
  const order = await repo.findOrder(db, orderId);
  const allowed = order && (order.user_id === viewer.user_id || (options.adminAllowed && viewer.role === "admin"));
  if (!allowed) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function getOrder(ctx: AppContext, viewer: { user_id: number; role: string }, orderId: number) {
  const order = await visibleOrder(ctx.db, viewer, orderId);
  return toDetail(order, await itemDetails(ctx.db, orderId));
}

/** Order creation already copies the cart's customizations, so this only answers what the order holds. */
export async function orderCustomizations(
  ctx: AppContext,
  viewer: { user_id: number; role: string },
  orderId: number,
): Promise<CartOrderCustomizationAnswer> {
  await visibleOrder(ctx.db, viewer, orderId, { adminAllowed: false });
  return { orderId, items: await itemDetails(ctx.db, orderId) };
}

type ReviewRow = {
  review_id: number | null;
  order_id: number | null;
  user_id: number | null;
  rating: number | null;
  comment: string | null;
  review_date: string | null;
  customer_name: string | null;
};

export function toReview(row: ReviewRow): Review | null {
  if (row.review_id === null) return null;
  return {
    review_id: row.review_id,
    order_id: row.order_id as number,
    user_id: row.user_id as number,
    customer_name: row.customer_name ?? "",
    rating: row.rating as number,
    comment: row.comment ?? "",
    review_date: row.review_date as string,
  };
}

export async function listUserOrders(ctx: AppContext, userId: number): Promise<OrderSummary[]> {
  const rows = await repo.listUserOrders(ctx.db, userId);
  return rows.map((row) => ({
    orderId: row.order_id,
    orderDate: row.order_date,
    orderStatus: row.order_status,
    paymentStatus: row.payment_status,
    totalPrice: row.total_price,
    shippingCost: row.shipping_cost,
    review: toReview(row),
    orderProof: row.order_proof,
    ...giftFields(row),
    ...paymentFields(row),
  }));
}

export async function overview(ctx: AppContext, query: z.output<typeof overviewQuery>): Promise<AdminOverview> {
  const { page, limit } = query;
  const search = query.search || undefined;
  const current = shopYearMonth();
  const [start, end] = shopMonthRange(query.year ?? current.year, query.month ?? current.month);
  const [total, transactions, monthlyIncome, reviews] = await Promise.all([
    repo.countOrders(ctx.db, ctx.dialect, search),
    repo.pageOrders(ctx.db, ctx.dialect, search, query, limit, (page - 1) * limit),
    repo.income(ctx.db, start, end),
    repo.latestReviews(ctx.db, LATEST_REVIEWS),
  ]);
  return {
    transactions,
    monthlyIncome,
    reviews: reviews.map((r) => toReview(r) as Review),
    pagination: { page, limit, total, hasNext: page * limit < total },
  };
}

/**
 * The first step of putting an order's stock back (denied, cancelled, lapsed): its products locked
 * in the shop's lock order (docs/stock-and-locking.md). Answers the quantities to return.
 */
export async function lockOrderProducts(
  trx: Executor,
  dialect: AppContext["dialect"],
  orderId: number,
): Promise<Map<number, number>> {
  const returned = quantitiesByProduct(
    (await repo.listOrderItems(trx, [orderId])).flatMap((i) =>
      i.product_id === null ? [] : [{ productId: i.product_id, quantity: i.quantity }],
    ),
  );
  await repo.lockProducts(trx, dialect, returned.keys());
  return returned;
}

export async function changeStatus(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  input: z.output<typeof statusBody>,
): Promise<OrderDetail> {
  const target = orderStatusOf(input.status);
  if (!target) throw badRequest(msg("Unknown order status: {{status}}.", { status: input.status }), "UNKNOWN_STATUS");
  const paid = input.paymentStatus !== undefined && input.paymentStatus !== "";
  if (paid && (!sameStatus(input.paymentStatus, "Paid") || target !== "Finished")) {
    throw badRequest("The payment status can only be set to Paid when an order is finished.", "BAD_PAYMENT_STATUS");
  }
  await ctx.db.transaction().execute(async (trx) => {
    const order = await repo.findOrder(trx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!canChangeStatus(order.order_status, target)) {
      throw conflict(
        msg("An order that is {{status}} cannot be changed to {{target}}.", { status: order.order_status, target }),
        "STATUS_NOT_ALLOWED",
      );
    }
    // Denying returns stock, so it follows the lock order: the products first, then the order row.
    const returned =
      target === "Denied" ? await lockOrderProducts(trx, ctx.dialect, orderId) : new Map<number, number>();
    const at = nowIso();
    // A paid order has no deadline left to lapse by.
    const change = paid
      ? { order_status: target, payment_status: "Paid", payment_due_at: null }
      : { order_status: target };
    if (!(await repo.updateFromStatus(trx, orderId, order.order_status, change, at))) {
      throw conflict("The order was changed at the same time. Please reload it.", "STATUS_CHANGED");
    }
    await repo.restoreStock(trx, returned, at);
    await recordChange(trx, actor, {
      action: "order.status",
      target: `order:${orderId}`,
      details: {
        before: { status: order.order_status, payment: order.payment_status },
        after: { status: target, payment: paid ? "Paid" : order.payment_status },
      },
    });
    const mail = statusMailKind(target);
    if (mail) await queueOrderMail(trx, ctx, orderId, mail);
  });
  return orderDetail(ctx.db, orderId);
}

/** Stores a new delivery proof and deletes the one it replaces; no file is left behind on any failure. */
export async function uploadProof(ctx: AppContext, actor: Actor, orderId: number, image: Buffer): Promise<ProofAnswer> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const status = orderStatusOf(order.order_status);
  if (status === "Denied" || status === "Cancelled") {
    throw conflict(
      status === "Denied" ? "A denied order takes no delivery proof." : "A cancelled order takes no delivery proof.",
      "STATUS_NOT_ALLOWED",
    );
  }
  const stored = await storeImage(ctx.files, "proofs", image);
  let saved = false;
  try {
    saved = await ctx.db.transaction().execute(async (trx) => {
      const changed = await repo.setProof(trx, orderId, order.order_proof, stored, nowIso());
      if (changed) {
        await recordChange(trx, actor, {
          action: "order.proof",
          target: `order:${orderId}`,
          details: { before: { proof: order.order_proof }, after: { proof: stored } },
        });
      }
      return changed;
    });
  } finally {
    if (!saved) await deleteImage(ctx.files, stored);
  }
  if (!saved) throw conflict("Another proof was uploaded at the same time. Please try again.", "PROOF_CHANGED");
  await deleteImage(ctx.files, order.order_proof);
  return { orderProof: stored };
}

/** The order a proof file belongs to, if the viewer may see it. */
export async function proofOwner(ctx: AppContext, viewer: { user_id: number; role: string }, proofPath: string) {
  const order = await repo.findOrderByProof(ctx.db, proofPath);
  if (!order || (order.user_id !== viewer.user_id && viewer.role !== "admin")) throw notFound("Not found.");
  return order;
}

/** Orders in these statuses are done with: they are neither delivered nor moved. */
const FINAL_STATUSES = [...SLOT_RELEASING_STATUSES, ...REVIEWABLE_STATUSES];

/**
 * GET /api/order/admin/deliveries: a day's run, slot by slot in the order of the day, each with its
 * capacity to count against; a switched-off slot appears only while it still holds orders that day.
 * Orders of the day without a slot are `unscheduled`; today's list also carries the open orders that
 * have no day at all (placed while no slot was free), which the florist has to call about.
 */
export async function deliveries(ctx: AppContext, date: string | undefined): Promise<DeliveriesAnswer> {
  const today = shopToday();
  const day = date ?? today;
  const [slots, orders] = await Promise.all([
    listAllSlots(ctx.db),
    repo.listDayOrders(ctx.db, day, {
      releasing: SLOT_RELEASING_STATUSES,
      final: day === today ? FINAL_STATUSES : null,
    }),
  ]);
  const items = await itemDetailsByOrder(
    ctx.db,
    orders.map((o) => o.order_id),
  );
  const details = orders.map((o) => toDetail(o, items.get(o.order_id) ?? []));
  const bySlot = groupBy(
    details.filter((d) => d.delivery !== null),
    (d) => d.delivery?.slotId,
  );
  return {
    date: day,
    slots: slots
      .filter((slot) => slot.active || bySlot.has(slot.slotId))
      .map((slot) => ({
        slotId: slot.slotId,
        label: slot.label,
        start: slot.start,
        end: slot.end,
        capacity: slot.capacity,
        orders: bySlot.get(slot.slotId) ?? [],
      })),
    unscheduled: details.filter((d) => d.delivery === null),
  };
}

/**
 * PATCH /api/order/{id}/delivery: an admin moves an order to another date and slot (and district; the
 * fee paid is kept), past a full slot's capacity only when asked, never into a closed slot, with an
 * audit entry naming the admin, before → after, in the same transaction. An order that is finished,
 * denied or cancelled stays where it was.
 */
export async function moveDelivery(
  ctx: AppContext,
  actor: Actor,
  orderId: number,
  input: z.output<typeof moveDeliveryBody>,
): Promise<OrderDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await repo.findOrder(trx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (FINAL_STATUSES.includes(normalizeStatus(order.order_status))) {
      throw conflict(
        msg("An order that is {{status}} cannot be moved.", { status: order.order_status }),
        "STATUS_NOT_ALLOWED",
      );
    }
    const zone = input.zoneId ? await activeZone(trx, input.zoneId, "zoneId") : null;
    const place = await claimPlaceForMove(trx, ctx.dialect, { ...input, orderId });
    const after = { date: place.date, slotId: place.slot.slotId, zoneId: zone?.zone_id ?? order.delivery_zone_id };
    const change = {
      delivery_day: after.date,
      delivery_slot_id: after.slotId,
      delivery_zone_id: after.zoneId,
      delivery_date: shopInstant(place.date, place.slot.start),
    };
    if (!(await repo.updateFromStatus(trx, orderId, order.order_status, change, nowIso()))) {
      throw conflict("The order was changed at the same time. Please reload it.", "STATUS_CHANGED");
    }
    await recordChange(trx, actor, {
      action: "order.move",
      target: `order:${orderId}`,
      details: {
        before: { date: order.delivery_day, slotId: order.delivery_slot_id, zoneId: order.delivery_zone_id },
        after,
        overCapacity: input.overCapacity,
      },
    });
  });
  return orderDetail(ctx.db, orderId);
}
