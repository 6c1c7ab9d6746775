import { sql } from "kysely";
import type { Executor } from "../../db/database.js";
import { prepared } from "../../db/prepared.js";

const languageByEmailKey = prepared((db, emailKey: string) =>
  db.selectFrom("users").select("language").where("email_key", "=", emailKey),
);

/** The language of the account that reads mail at this address (the shop's NOTIFY_EMAIL); null for none. */
export async function languageOfAddress(db: Executor, email: string) {
  const row = await languageByEmailKey.first(db, email.trim().toLowerCase());
  return row?.language ?? null;
}

/** Statuses after which an order is no occasion to remember: it never reached anyone. */
const UNDELIVERED = ["denied", "cancelled"];

/**
 * Orders whose shopper asked for a reminder a year later and has not had it, whose delivery day
 * (or, without one, the UTC date of ordering, which is never after the shop's date) is on or
 * before `latestDay`; the caller works out each one's exact day.
 */
export function pendingYearReminders(db: Executor, latestDay: string) {
  return db
    .selectFrom("orders")
    .select(["order_id", "delivery_day", "order_date"])
    .where("remind_next_year", "=", 1)
    .where("reminder_sent_at", "is", null)
    .where(sql<string>`lower(trim(order_status))`, "not in", UNDELIVERED)
    .where(sql<string>`coalesce(delivery_day, substr(order_date, 1, 10))`, "<=", latestDay)
    .orderBy("order_id")
    .execute();
}

/** Marks the reminder sent unless another runner or an opt-out came first; true when this call did. */
export async function claimYearReminder(db: Executor, orderId: number, at: string, tokenHash: string) {
  const result = await db
    .updateTable("orders")
    .set({ reminder_sent_at: at, reminder_token_hash: tokenHash })
    .where("order_id", "=", orderId)
    .where("remind_next_year", "=", 1)
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The products of an order that are still in the catalogue, in line order, each once. */
export function orderedProducts(db: Executor, orderId: number) {
  return db
    .selectFrom("order_items")
    .innerJoin("products", "products.product_id", "order_items.product_id")
    .select(["products.product_id", "products.name"])
    .where("order_items.order_id", "=", orderId)
    .where("products.archived_at", "is", null)
    .groupBy(["products.product_id", "products.name"])
    .orderBy(sql`min(order_items.line_no)`)
    .execute();
}

/** The shopper of the reminder that carried this token, if any. */
export function reminderOwner(db: Executor, tokenHash: string) {
  return db.selectFrom("orders").select("user_id").where("reminder_token_hash", "=", tokenHash).executeTakeFirst();
}

/** Turns off every reminder of the shopper that has not gone out yet. */
export async function turnOffYearReminders(db: Executor, userId: number) {
  await db
    .updateTable("orders")
    .set({ remind_next_year: 0 })
    .where("user_id", "=", userId)
    .where("reminder_sent_at", "is", null)
    .execute();
}

/**
 * Open orders still waiting for their money, with no receipt sent, whose deadline falls after
 * `now` and no later than `until`, and which have not had their payment reminder.
 */
export function duePaymentReminders(db: Executor, now: string, until: string) {
  return db
    .selectFrom("orders")
    .select("order_id")
    .where("order_status", "=", "Order Received")
    .where("payment_status", "=", "Pending")
    .where("payment_proof", "is", null)
    .where("payment_due_at", ">", now)
    .where("payment_due_at", "<=", until)
    .where("payment_reminder_sent_at", "is", null)
    .orderBy("order_id")
    .execute();
}

/** Marks the payment reminder sent while the order is still unpaid and without one; true when this call did. */
export async function claimPaymentReminder(db: Executor, orderId: number, at: string) {
  const result = await db
    .updateTable("orders")
    .set({ payment_reminder_sent_at: at })
    .where("order_id", "=", orderId)
    .where("payment_status", "=", "Pending")
    .where("payment_proof", "is", null)
    .where("payment_reminder_sent_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
