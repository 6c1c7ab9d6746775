import type { AppContext } from "../../context.js";
import { notFound } from "../../errors.js";
import { t } from "../../lib/i18n.js";
import { hashToken, newToken } from "../../lib/secrets.js";
import { DAY, HOUR, isoIn, MINUTE, now, nowIso, shopMinutesNow, shopToday } from "../../lib/time.js";
import type { JobKind } from "../jobs/service.js";
import { queueMail } from "../mail/service.js";
import * as repo from "./repository.js";
import { formatShopDay, orderView, queueOrderMail, renderMail, SHOP_NAME } from "./service.js";

/** A day (YYYY-MM-DD) moved by whole days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The same day a year later; 29 February, which next year lacks, becomes 28 February. */
export function sameDayNextYear(day: string): string {
  const [year, month, date] = day.split("-");
  const next = `${Number(year) + 1}-${month}-${date}`;
  return month === "02" && date === "29" ? `${Number(year) + 1}-02-28` : next;
}

/** The day the "remind me next year" mail goes out: seven days before the same day a year later (contract §7.3). */
export function yearReminderDay(day: string): string {
  return addDays(sameDayNextYear(day), -7);
}

/** The day an order is remembered by: its delivery day, or the shop's date it was placed on. */
function occasionDay(order: { delivery_day: string | null; order_date: string }): string {
  return order.delivery_day ?? shopToday(new Date(order.order_date));
}

/** Reminders go out from 09:00 in Bandung, not in the night. */
const SEND_FROM_MINUTES = 9 * 60;

/**
 * Sends each due reminder once: the order is marked in the same transaction that queues its mail,
 * guarded on not being marked yet, so two runners (or a run after a crash) cannot both send it.
 */
async function sendYearReminders(ctx: AppContext) {
  if (shopMinutesNow() < SEND_FROM_MINUTES) return;
  const today = shopToday();
  // A day of slack: an order without a delivery day is found by its UTC date, never after its shop date.
  const latest = addDays(today, 8).replace(/^\d{4}/, (year) => String(Number(year) - 1));
  for (const order of await repo.pendingYearReminders(ctx.db, latest)) {
    const day = occasionDay(order);
    if (yearReminderDay(day) > today) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const token = newToken();
      if (!(await repo.claimYearReminder(trx, order.order_id, nowIso(), hashToken(token)))) return;
      const view = await orderView(trx, order.order_id);
      if (!view) return;
      const products = await repo.orderedProducts(trx, order.order_id);
      const url = ctx.config.appUrl;
      const language = view.language;
      const subject = t(language, "A year since your order {{id}}", { id: view.displayId });
      await queueMail(trx, {
        to: view.email,
        subject,
        ...renderMail(
          "next-year",
          {
            ...view,
            subject,
            shop: { name: SHOP_NAME, url },
            links: { shop: `${url}/katalog` },
            reminder: {
              day: formatShopDay(day, language),
              products: products.map((p) => ({ name: p.name, url: `${url}/produk/${p.product_id}` })),
              optOut: `${url}/pengingat/berhenti/${token}`,
            },
          },
          language,
        ),
      });
    });
  }
}

/** Hourly: the "remind me next year" mails that are due. */
export const yearReminderJob: JobKind<unknown> = {
  kind: "reminders.next-year",
  maxAttempts: 3,
  everyMs: HOUR,
  run: sendYearReminders,
};

/** How long before the payment deadline the shopper is reminded (issue 12). */
export const PAYMENT_REMINDER_BEFORE_MS = 3 * HOUR;

async function sendPaymentReminders(ctx: AppContext) {
  const at = now();
  const due = await repo.duePaymentReminders(ctx.db, at.toISOString(), isoIn(PAYMENT_REMINDER_BEFORE_MS, at));
  for (const { order_id } of due) {
    await ctx.db.transaction().execute(async (trx) => {
      if (await repo.claimPaymentReminder(trx, order_id, nowIso())) {
        await queueOrderMail(trx, ctx, order_id, "payment-reminder");
      }
    });
  }
}

/** Every minute: one mail three hours before the deadline of an order still unpaid without a receipt. */
export const paymentReminderJob: JobKind<unknown> = {
  kind: "reminders.payment",
  maxAttempts: 3,
  everyMs: MINUTE,
  run: sendPaymentReminders,
};

/**
 * POST /api/reminders/opt-out: the link in a reminder turns off the shopper's reminders that have
 * not gone out yet. The token is the only credential, so an unknown one is a 404.
 */
export async function optOut(ctx: AppContext, token: string): Promise<void> {
  const owner = await repo.reminderOwner(ctx.db, hashToken(token));
  if (!owner) throw notFound("This link is not valid.");
  await repo.turnOffYearReminders(ctx.db, owner.user_id);
}
