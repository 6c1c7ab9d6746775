import path from "node:path";
import type { BankAccount } from "@florist/contract";
import { formatRupiah, orderDisplayId } from "@florist/contract/rules";
import { Eta } from "eta";
import sharp from "sharp";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { readPrivateImage } from "../../lib/images.js";
import type { Mail, MailAttachment } from "../../lib/mailer.js";
import { shopToday } from "../../lib/time.js";
import { type QueuedMail, queueMail } from "../mail/service.js";
import * as orders from "../orders/repository.js";
import { listBankAccounts } from "../settings/repository.js";

/** The shop's name in every mail, as in the reset mail and the page titles. */
export const SHOP_NAME = "Bandung Florist";

const TEMPLATES = path.join(import.meta.dirname, "templates");
// Two engines: HTML escapes every value, the plain-text part must not turn "&" into "&amp;".
const html = new Eta({ views: TEMPLATES, autoEscape: true, cache: true });
const text = new Eta({ views: TEMPLATES, autoEscape: false, autoTrim: false, cache: true });

/**
 * The mails of an order (contract §7.3). Each kind is a template pair in templates/ (HTML in a
 * layout, and its plain-text part), and goes to the shopper, the shop, or both.
 */
export type OrderMailKind =
  | "placed"
  | "receipt"
  | "approved"
  | "rejected"
  | "in-delivery"
  | "finished"
  | "denied"
  | "cancelled"
  | "lapsed"
  | "payment-reminder";

interface MailPart {
  template: string;
  to: "shopper" | "shop";
  subject: (displayId: string) => string;
}

const PARTS: Record<OrderMailKind, MailPart[]> = {
  placed: [
    { template: "order-placed", to: "shopper", subject: (id) => `Your order ${id}: how to pay` },
    { template: "shop-order-placed", to: "shop", subject: (id) => `New order ${id}` },
  ],
  receipt: [
    { template: "receipt-received", to: "shopper", subject: (id) => `We have your transfer receipt for ${id}` },
    { template: "shop-receipt", to: "shop", subject: (id) => `Transfer receipt to check for ${id}` },
  ],
  approved: [{ template: "payment-approved", to: "shopper", subject: (id) => `Payment confirmed for ${id}` }],
  rejected: [
    { template: "payment-rejected", to: "shopper", subject: (id) => `We could not confirm the payment for ${id}` },
  ],
  "in-delivery": [{ template: "in-delivery", to: "shopper", subject: (id) => `Your flowers ${id} are on their way` }],
  finished: [{ template: "finished", to: "shopper", subject: (id) => `Your flowers ${id} have been delivered` }],
  denied: [{ template: "denied", to: "shopper", subject: (id) => `We cannot take your order ${id}` }],
  cancelled: [{ template: "cancelled", to: "shopper", subject: (id) => `Your order ${id} is cancelled` }],
  lapsed: [{ template: "cancelled", to: "shopper", subject: (id) => `Your order ${id} is cancelled` }],
  "payment-reminder": [
    { template: "payment-reminder", to: "shopper", subject: (id) => `Reminder: order ${id} is waiting for payment` },
  ],
};

/** The mail for an order status an admin sets, if that status has one. */
export function statusMailKind(status: string): OrderMailKind | null {
  const kinds: Record<string, OrderMailKind> = {
    "In Delivery": "in-delivery",
    Finished: "finished",
    Denied: "denied",
    Cancelled: "cancelled",
  };
  return kinds[status] ?? null;
}

/** Dates and times as the shop says them, in Bandung's time zone. */
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "Monday, 30 November 2026" for a shop date (YYYY-MM-DD). */
export function formatShopDay(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00+07:00`));
}

/** "30 November 2026, 14:00 WIB" for an instant. */
export function formatShopTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} WIB`;
}

/** What the templates show of an order, already written out. */
export interface OrderView {
  displayId: string;
  name: string;
  email: string;
  order: {
    placedOn: string;
    status: string;
    paymentStatus: string;
    address: string;
    items: {
      name: string;
      quantity: number;
      options: string;
      linePrice: string;
      addOns: { name: string; quantity: number; price: string }[];
    }[];
    shipping: string;
    total: string;
    delivery: string;
    district: string | null;
    recipient: string | null;
    card: string | null;
  };
  payment: { accounts: BankAccount[]; deadline: string | null };
}

/** Reads an order and writes it out for a mail or the invoice; null when it does not exist. */
export async function orderView(db: Executor, orderId: number): Promise<OrderView | null> {
  const order = await orders.findOrder(db, orderId);
  if (!order) return null;
  const [items, addOns, accounts] = await Promise.all([
    orders.listOrderItems(db, [orderId]),
    orders.listOrderItemCustomizations(db, [orderId]),
    listBankAccounts(db),
  ]);
  const delivery =
    order.delivery_day === null
      ? "the florist will call you to arrange the day"
      : [formatShopDay(order.delivery_day), order.slot_start && `${order.slot_start}–${order.slot_end}`]
          .filter(Boolean)
          .join(", ");
  return {
    displayId: orderDisplayId(order.order_id),
    name: order.username,
    email: order.email,
    order: {
      placedOn: formatShopDay(shopToday(new Date(order.order_date))),
      status: order.order_status,
      paymentStatus: order.payment_status,
      address: order.shipping_address,
      items: items.map((item) => ({
        name: item.product_name,
        quantity: item.quantity,
        options: [item.size, item.color].filter(Boolean).join(", "),
        linePrice: formatRupiah(item.line_price),
        addOns: addOns
          .filter((a) => a.order_item_id === item.order_item_id)
          .map((a) => ({ name: a.name, quantity: a.quantity, price: formatRupiah(a.price) })),
      })),
      shipping: formatRupiah(order.shipping_cost),
      total: formatRupiah(order.total_price),
      delivery,
      district: order.zone_name,
      recipient: order.recipient_name,
      card: order.card_message,
    },
    payment: {
      accounts: accounts.map((a) => ({ bank: a.bank, accountNumber: a.account_number, accountName: a.account_name })),
      deadline: order.payment_due_at ? formatShopTime(order.payment_due_at) : null,
    },
  };
}

/** Renders one mail from its template pair; `data` is what the template reads as `it`. */
export function renderMail(template: string, data: object): { html: string; text: string } {
  return {
    html: html.render(`./${template}`, data),
    text: `${text
      .render(`./${template}.txt.eta`, data)
      .replace(/\n{3,}/g, "\n\n")
      .trim()}\n`,
  };
}

/** The shop's links an order's mails may use, from APP_URL. */
function links(ctx: AppContext, orderId: number) {
  const url = ctx.config.appUrl;
  return {
    shop: `${url}/katalog`,
    orders: `${url}/pesanan`,
    pay: `${url}/pesanan/${orderId}/bayar`,
    review: `${url}/review/${orderId}`,
    admin: `${url}/admin`,
    payments: `${url}/admin/payments`,
  };
}

/** The delivery photo of a Finished mail, shown inline; none when the order has no readable photo. */
/** The width of the photo in the mail's column, in CSS pixels (templates/finished.eta). */
const PHOTO_WIDTH = 536;

async function deliveryPhoto(ctx: AppContext, proof: string | null): Promise<MailAttachment | null> {
  // A photo deleted meanwhile, or a store that does not answer, leaves the mail without it rather
  // than the status change undone.
  const stored = proof ? await readPrivateImage(ctx.files, "proofs", path.basename(proof)).catch(() => null) : null;
  if (!stored) return null;
  // Stored as WebP, which some desktop mail clients still cannot show: mailed as a JPEG, no wider
  // than the mail's column shown at twice its size.
  const content = await sharp(stored)
    .resize({ width: PHOTO_WIDTH * 2, withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer();
  return { filename: "delivery-photo.jpg", contentType: "image/jpeg", cid: "delivery-photo", content };
}

/**
 * Queues the mails of `kind` for an order inside the caller's transaction (docs: the mail queue),
 * so they go out exactly when the change that caused them commits; nothing waits for them.
 * `note` is the florist's note of a rejected payment.
 */
export async function queueOrderMail(
  trx: Executor,
  ctx: AppContext,
  orderId: number,
  kind: OrderMailKind,
  options: { note?: string | null } = {},
): Promise<QueuedMail[]> {
  const view = await orderView(trx, orderId);
  if (!view) return [];
  let attachments: MailAttachment[] = [];
  if (kind === "finished") {
    const order = await orders.findOrder(trx, orderId);
    const photo = await deliveryPhoto(ctx, order?.order_proof ?? null);
    attachments = photo ? [photo] : [];
  }
  const data = {
    ...view,
    shop: { name: SHOP_NAME, url: ctx.config.appUrl },
    links: links(ctx, orderId),
    note: options.note ?? null,
    lapsed: kind === "lapsed",
    photoCid: attachments[0]?.cid ?? null,
  };
  const queued: QueuedMail[] = [];
  for (const part of PARTS[kind]) {
    const subject = part.subject(view.displayId);
    const mail: Mail = {
      to: part.to === "shop" ? ctx.config.notifyEmail : view.email,
      subject,
      ...renderMail(part.template, { ...data, subject }),
      ...(part.to === "shopper" && attachments.length > 0 ? { attachments } : {}),
    };
    queued.push(await queueMail(trx, mail));
  }
  return queued;
}
