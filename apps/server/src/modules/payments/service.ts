import type { OrderDetail, PaymentQueue, paymentDecisionBody } from "@florist/contract";
import { orderStatusOf, type PaymentStatus, SLOT_RELEASING_STATUSES } from "@florist/contract/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { conflict, msg, notFound } from "../../errors.js";
import type { MessageKey } from "../../lib/i18n.js";
import { deleteImage, storeImage } from "../../lib/images.js";
import { MINUTE, nowIso } from "../../lib/time.js";
import { type Actor, recordChange } from "../audit/service.js";
import type { JobKind } from "../jobs/service.js";
import { queueOrderMail } from "../notifications/service.js";
import * as ordersRepo from "../orders/repository.js";
import { itemDetailsByOrder, lockOrderProducts, orderDetail, toDetail, visibleOrder } from "../orders/service.js";

/*
 * Paying by bank transfer (contract §7.2, docs/rules.md "Payment"): the shopper sends a transfer
 * receipt, an admin approves or rejects it, or marks the order paid without one; the shopper may
 * cancel an order that is still Order Received and unpaid, and an order whose payment is still
 * Pending at its deadline lapses. Every change applies only from the status and payment it was read
 * with, so two of them racing cannot both apply.
 */

const CHANGED = "The order was changed at the same time. Please reload it." satisfies MessageKey;
const ORDER_RECEIVED = "Order Received";

type Viewer = { user_id: number; role: string };

/** Statuses in which the shop still waits for a receipt: from checkout until it is delivered. */
const RECEIPT_STATUSES = ["Order Received", "In Delivery"];
/** A receipt is sent while nothing is being checked or already paid: first, or again after a rejection. */
const RECEIPT_PAYMENTS: readonly string[] = ["Pending", "Rejected"] satisfies PaymentStatus[];

/**
 * PUT /api/order/{id}/payment-proof: stores the owner's receipt privately, sets the payment to
 * Awaiting Verification and deletes the receipt it replaces; no file is left behind on any failure.
 */
export async function uploadReceipt(ctx: AppContext, viewer: Viewer, orderId: number, image: Buffer) {
  const order = await visibleOrder(ctx.db, viewer, orderId, { adminAllowed: false });
  const status = orderStatusOf(order.order_status);
  if (!status || !RECEIPT_STATUSES.includes(status) || !RECEIPT_PAYMENTS.includes(order.payment_status)) {
    throw conflict(
      msg("An order that is {{status}} with payment {{payment}} takes no transfer receipt.", {
        status: order.order_status,
        payment: order.payment_status,
      }),
      "PAYMENT_NOT_ALLOWED",
    );
  }
  const stored = await storeImage(ctx.files, "receipts", image);
  let saved = false;
  try {
    saved = await ctx.db.transaction().execute(async (trx) => {
      const change = { payment_proof: stored, payment_status: "Awaiting Verification" };
      if (!(await ordersRepo.updateFromStatus(trx, orderId, order, change, nowIso()))) return false;
      // The shopper hears it arrived and the shop that it is to check, once the receipt is stored.
      await queueOrderMail(trx, ctx, orderId, "receipt");
      return true;
    });
  } finally {
    if (!saved) await deleteImage(ctx.files, stored);
  }
  if (!saved) throw conflict(CHANGED, "PAYMENT_CHANGED");
  await deleteImage(ctx.files, order.payment_proof);
  return orderDetail(ctx.db, orderId);
}

/** The order a transfer receipt file belongs to, if the viewer (its owner or an admin) may see it. */
export async function receiptOwner(ctx: AppContext, viewer: Viewer, receiptPath: string) {
  const order = await ordersRepo.findOrderByReceipt(ctx.db, receiptPath);
  if (!order || (order.user_id !== viewer.user_id && viewer.role !== "admin")) throw notFound("Not found.");
  return order;
}

type Decision = z.output<typeof paymentDecisionBody>;

/** Why a decision cannot apply to an order in this state, or null when it can (contract §7.2). */
function refusal(
  decision: Decision["decision"],
  order: { order_status: string; payment_status: string },
): MessageKey | null {
  const status = orderStatusOf(order.order_status);
  if (decision === "paid" && order.payment_status === "Paid") return "This order is already paid.";
  // A denied or cancelled order is over: a receipt it still holds is settled with the shopper directly.
  if (status === "Denied") return "A denied order takes no payment.";
  if (status === "Cancelled") return "A cancelled order takes no payment.";
  if (decision !== "paid" && order.payment_status !== "Awaiting Verification") {
    return "No transfer receipt of this order awaits verification.";
  }
  return null;
}

/**
 * PATCH /api/order/{id}/payment (admin): approve → Paid, reject → Rejected with the note, paid →
 * Paid with the note saying how the money came. A paid order has no deadline; the audit log names
 * the admin and the payment before → after, in the same transaction.
 */
export async function decidePayment(ctx: AppContext, actor: Actor, orderId: number, input: Decision) {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await ordersRepo.findOrder(trx, orderId);
    if (!order) throw notFound("Order not found.");
    const refused = refusal(input.decision, order);
    if (refused) throw conflict(refused, "PAYMENT_NOT_ALLOWED");
    const payment_status = input.decision === "reject" ? "Rejected" : "Paid";
    const change =
      payment_status === "Paid"
        ? { payment_status, payment_note: input.note ?? null, payment_due_at: null }
        : { payment_status, payment_note: input.note ?? null };
    if (!(await ordersRepo.updateFromStatus(trx, orderId, order, change, nowIso()))) {
      throw conflict(CHANGED, "PAYMENT_CHANGED");
    }
    await recordChange(trx, actor, {
      action: `payment.${input.decision}`,
      target: `order:${orderId}`,
      details: { before: order.payment_status, after: payment_status, note: input.note ?? null },
    });
    await queueOrderMail(trx, ctx, orderId, payment_status === "Paid" ? "approved" : "rejected", {
      note: input.note ?? null,
    });
  });
  return orderDetail(ctx.db, orderId);
}

/** GET /api/order/admin/payments: transfer receipts awaiting verification of open orders, oldest order first. */
export async function paymentQueue(ctx: AppContext): Promise<PaymentQueue> {
  const orders = await ordersRepo.listByPayment(ctx.db, "Awaiting Verification", SLOT_RELEASING_STATUSES);
  const items = await itemDetailsByOrder(
    ctx.db,
    orders.map((o) => o.order_id),
  );
  return { orders: orders.map((o) => toDetail(o, items.get(o.order_id) ?? [])) };
}

/**
 * Cancels an order read as `from` in the shop's lock order: its products, then the order row (a
 * guarded update from the status and payment read), then the stock back. Its slot is freed by the
 * status itself (Cancelled is one of SLOT_RELEASING_STATUSES). Answers whether it was cancelled.
 */
async function cancelFrom(
  trx: Executor,
  ctx: AppContext,
  orderId: number,
  from: ordersRepo.OrderGuard,
): Promise<boolean> {
  const returned = await lockOrderProducts(trx, ctx.dialect, orderId);
  const at = nowIso();
  if (!(await ordersRepo.updateFromStatus(trx, orderId, from, { order_status: "Cancelled" }, at))) return false;
  await ordersRepo.restoreStock(trx, returned, at);
  return true;
}

/** POST /api/order/{id}/cancel: the owner cancels an order that is still Order Received and not paid. */
export async function cancelOrder(ctx: AppContext, viewer: Viewer, orderId: number): Promise<OrderDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await visibleOrder(trx, viewer, orderId, { adminAllowed: false });
    if (orderStatusOf(order.order_status) !== ORDER_RECEIVED) {
      throw conflict(
        msg("An order that is {{status}} can no longer be cancelled.", { status: order.order_status }),
        "STATUS_NOT_ALLOWED",
      );
    }
    if (order.payment_status === "Paid") {
      throw conflict("A paid order can no longer be cancelled. Please contact the shop.", "STATUS_NOT_ALLOWED");
    }
    if (!(await cancelFrom(trx, ctx, orderId, order))) throw conflict(CHANGED, "STATUS_CHANGED");
    await queueOrderMail(trx, ctx, orderId, "cancelled");
  });
  return orderDetail(ctx.db, orderId);
}

/** How many lapsed orders one run cancels; a longer backlog is finished by the next minute's run. */
const EXPIRY_BATCH = 100;
const LAPSING = { status: ORDER_RECEIVED, payment: "Pending" };

/**
 * Cancels every order still Order Received whose payment is still Pending (no receipt sent) and whose
 * deadline has passed, each in its own transaction. The guarded update makes a second run, or a
 * receipt or cancel arriving meanwhile, leave the order as it is. Answers the ids it cancelled.
 */
export async function expireUnpaidOrders(ctx: AppContext): Promise<number[]> {
  const due = await ordersRepo.listLapsed(ctx.db, LAPSING, nowIso(), EXPIRY_BATCH);
  const cancelled: number[] = [];
  for (const order of due) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (!(await cancelFrom(trx, ctx, order.order_id, order))) return false;
      // Only the run that cancelled it writes, so the shopper hears it once.
      await queueOrderMail(trx, ctx, order.order_id, "lapsed");
      return true;
    });
    if (done) cancelled.push(order.order_id);
  }
  return cancelled;
}

/** Every minute: unpaid orders lapse within a minute of their deadline (contract §7.2). */
export const expireUnpaidJob: JobKind<unknown> = {
  kind: "expire-unpaid-orders",
  maxAttempts: 3,
  everyMs: MINUTE,
  async run(ctx) {
    await expireUnpaidOrders(ctx);
  },
};
