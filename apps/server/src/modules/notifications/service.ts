import path from "node:path";
import type { BankAccount } from "@florist/contract";
import { formatRupiah, orderDisplayId } from "@florist/contract/rules";
import { Eta } from "eta";
import sharp from "sharp";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/database.js";
import { keptRead } from "../../db/kept-reads.js";
import { DEFAULT_LANGUAGE, dateLocale, LANGUAGES, type Language, type MessageKey, t } from "../../lib/i18n.js";
import { readPrivateImage } from "../../lib/images.js";
import type { MailAttachment } from "../../lib/mailer.js";
import { shopToday } from "../../lib/time.js";
import type { NewJob } from "../jobs/repository.js";
import { enqueueJob, type JobKind, newJob } from "../jobs/service.js";
import { type MailToQueue, type QueuedMail, queueMails } from "../mail/service.js";
import * as orders from "../orders/repository.js";
import { type BankAccountRow, listBankAccounts } from "../settings/repository.js";
import { keptBankAccounts } from "../settings/service.js";
import { languageOfAddress } from "./repository.js";

/** The shop's name in every mail, as in the reset mail and the page titles. */
export const SHOP_NAME = "Bandung Florist";

const TEMPLATES = path.join(import.meta.dirname, "templates");

/**
 * Eta, finding each template's file once. Its own lookup (a JSON key, path joins and a check that the
 * file is in the views folder, on every render and include) cost 25 µs of every new order's mails;
 * the templates are the shop's own files and do not move while it runs.
 */
function findingEachTemplateOnce(eta: Eta): Eta {
  const find = eta.resolvePath;
  if (!find) return eta;
  const found = new Map<string, Map<string, string>>();
  eta.resolvePath = function (template, options) {
    const from = options?.filepath ?? "";
    let fromHere = found.get(from);
    if (!fromHere) {
      fromHere = new Map();
      found.set(from, fromHere);
    }
    let file = fromHere.get(template);
    if (file === undefined) {
      file = find.call(this, template, options);
      fromHere.set(template, file);
    }
    return file;
  };
  return eta;
}

// Two engines: HTML escapes every value, the plain-text part must not turn "&" into "&amp;".
const html = findingEachTemplateOnce(new Eta({ views: TEMPLATES, autoEscape: true, cache: true }));
const text = findingEachTemplateOnce(new Eta({ views: TEMPLATES, autoEscape: false, autoTrim: false, cache: true }));

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
  /** The subject in English, `{{id}}` the order's display id. */
  subject: MessageKey;
}

const PARTS: Record<OrderMailKind, MailPart[]> = {
  placed: [
    { template: "order-placed", to: "shopper", subject: "Your order {{id}}: how to pay" },
    { template: "shop-order-placed", to: "shop", subject: "New order {{id}}" },
  ],
  receipt: [
    { template: "receipt-received", to: "shopper", subject: "We have your transfer receipt for {{id}}" },
    { template: "shop-receipt", to: "shop", subject: "Transfer receipt to check for {{id}}" },
  ],
  approved: [{ template: "payment-approved", to: "shopper", subject: "Payment confirmed for {{id}}" }],
  rejected: [{ template: "payment-rejected", to: "shopper", subject: "We could not confirm the payment for {{id}}" }],
  "in-delivery": [{ template: "in-delivery", to: "shopper", subject: "Your flowers {{id}} are on their way" }],
  finished: [{ template: "finished", to: "shopper", subject: "Your flowers {{id}} have been delivered" }],
  denied: [{ template: "denied", to: "shopper", subject: "We cannot take your order {{id}}" }],
  cancelled: [{ template: "cancelled", to: "shopper", subject: "Your order {{id}} is cancelled" }],
  lapsed: [{ template: "cancelled", to: "shopper", subject: "Your order {{id}} is cancelled" }],
  "payment-reminder": [
    { template: "payment-reminder", to: "shopper", subject: "Reminder: order {{id}} is waiting for payment" },
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

/** Dates and times as the shop says them, in Bandung's time zone, in each language's words. */
const dayFormats = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new Intl.DateTimeFormat(dateLocale(language), {
      timeZone: "Asia/Jakarta",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;
const timeFormats = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new Intl.DateTimeFormat(dateLocale(language), {
      timeZone: "Asia/Jakarta",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

/** "Monday, 30 November 2026" (id: "Senin, 30 November 2026") for a shop date (YYYY-MM-DD). */
export function formatShopDay(day: string, language: Language = DEFAULT_LANGUAGE): string {
  return dayFormats[language].format(new Date(`${day}T12:00:00+07:00`));
}

/** "30 November 2026, 14:00 WIB" (id: "30 November 2026 pukul 14.00 WIB") for an instant. */
export function formatShopTime(iso: string, language: Language = DEFAULT_LANGUAGE): string {
  return `${timeFormats[language].format(new Date(iso))} WIB`;
}

/** What the templates show of an order, already written out. */
export interface OrderView {
  displayId: string;
  /** The language of the shopper's account, which their mails are written in. */
  language: Language;
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

/**
 * Reads an order and writes it out for a mail or the invoice, its dates in `language` (by default
 * the shopper's); null when it does not exist.
 */
export async function orderView(db: Executor, orderId: number, language?: Language): Promise<OrderView | null> {
  const read = await readOrder(db, orderId);
  return read ? viewOf(read, language) : null;
}

/** What an order's mails and invoice show, read in two statements. */
interface OrderRead {
  order: orders.OrderWithUser;
  lines: orders.OrderLineWithAddOns[];
  accounts: BankAccountRow[];
}

/** The order and its lines, with the bank accounts as `known` gives them or else as read now. */
async function readOrder(db: Executor, orderId: number, known?: BankAccountRow[]): Promise<OrderRead | null> {
  const [found, accounts] = await Promise.all([orders.findOrderWithLines(db, orderId), known ?? listBankAccounts(db)]);
  return found ? { ...found, accounts } : null;
}

/** An order read once, written out with its dates in `language` (by default the shopper's). */
function viewOf({ order, lines, accounts }: OrderRead, language?: Language): OrderView {
  const words = language ?? order.language;
  const delivery =
    order.delivery_day === null
      ? t(words, "the florist will call you to arrange the day")
      : [formatShopDay(order.delivery_day, words), order.slot_start && `${order.slot_start}–${order.slot_end}`]
          .filter(Boolean)
          .join(", ");
  return {
    displayId: orderDisplayId(order.order_id),
    language: order.language,
    name: order.username,
    email: order.email,
    order: {
      placedOn: formatShopDay(shopToday(new Date(order.order_date)), words),
      status: order.order_status,
      paymentStatus: order.payment_status,
      address: order.shipping_address,
      items: lines.map((line) => ({
        name: line.product_name,
        quantity: line.quantity,
        options: [line.size, line.color].filter(Boolean).join(", "),
        linePrice: formatRupiah(line.line_price),
        addOns: line.addOns.map((a) => ({ name: a.name, quantity: a.quantity, price: formatRupiah(a.price) })),
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
      deadline: order.payment_due_at ? formatShopTime(order.payment_due_at, words) : null,
    },
  };
}

/** A value a mail's sentence shows in bold (`it.b(value)`); the plain-text part shows it as it is. */
class Bold {
  constructor(readonly text: string) {}
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * What a template writes its words with: `it.t(english, values)` in the mail's language,
 * and `it.b(value)` for a value in bold. In the HTML part every value is escaped (the sentence is
 * the shop's own and written out with <%~), in the plain-text part nothing is.
 */
function mailWords(language: Language, asHtml: boolean) {
  const show = (value: unknown) => {
    if (value instanceof Bold) return asHtml ? `<strong>${escapeHtml(value.text)}</strong>` : value.text;
    return asHtml ? escapeHtml(String(value)) : String(value);
  };
  return {
    lang: language,
    t: (key: MessageKey, values: Record<string, unknown> = {}) => {
      const shown: Record<string, string> = {};
      for (const name in values) shown[name] = show(values[name]);
      return t(language, key, shown);
    },
    b: (value: unknown) => new Bold(String(value)),
  };
}

/**
 * Renders one mail from its template pair in `language`; `data` is what the template reads as `it`,
 * with `it.t`, `it.b` and `it.lang` added.
 */
export function renderMail(template: string, data: object, language: Language): { html: string; text: string } {
  return {
    html: html.render(`./${template}`, { ...data, ...mailWords(language, true) }),
    text: `${text
      .render(`./${template}.txt.eta`, { ...data, ...mailWords(language, false) })
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
  options: { note?: string | null; accounts?: BankAccountRow[]; dueSincePlaced?: boolean } = {},
): Promise<QueuedMail[]> {
  const read = await readOrder(trx, orderId, options.accounts);
  if (!read) return [];
  const mails = await orderMails(ctx, trx, read, kind, options.note ?? null);
  return queueMails(trx, mails, options.dueSincePlaced ? new Date(read.order.order_date) : undefined);
}

/**
 * The language of the shop's own mails: that of the account reading NOTIFY_EMAIL, or the default
 * without one. Kept in memory like the settings (db/kept-reads.ts): every new order mails the shop.
 */
export function shopMailLanguage(ctx: AppContext, db: Executor): Promise<Language> {
  const address = ctx.config.notifyEmail;
  return keptRead(
    db,
    `shop-mail-language ${address}`,
    async () => (await languageOfAddress(db, address)) ?? DEFAULT_LANGUAGE,
  );
}

/** The mails of `kind` for an order read once, each in its reader's language; `db` reads the shop's language. */
async function orderMails(
  ctx: AppContext,
  db: Executor,
  read: OrderRead,
  kind: OrderMailKind,
  note: string | null,
): Promise<MailToQueue[]> {
  // The shop's mails are read by whoever has NOTIFY_EMAIL: in the language of an account at that
  // address (the florist's admin account), else in English.
  const shopLanguage = PARTS[kind].some((part) => part.to === "shop")
    ? await shopMailLanguage(ctx, db)
    : DEFAULT_LANGUAGE;
  const photo = kind === "finished" ? await deliveryPhoto(ctx, read.order.order_proof) : null;
  return renderOrderMails(ctx, read, kind, { note, shopLanguage, attachments: photo ? [photo] : [] });
}

/** What an order's mails show besides the order: the florist's note, the shop's language, the photo. */
interface MailExtras {
  note: string | null;
  shopLanguage: Language;
  attachments: MailAttachment[];
}

/** Renders the mails of `kind` for an order read once: no reads, so it may run inside any transaction. */
function renderOrderMails(
  ctx: AppContext,
  read: OrderRead,
  kind: OrderMailKind,
  { note, shopLanguage, attachments }: MailExtras,
): MailToQueue[] {
  const view = viewOf(read);
  const orderId = read.order.order_id;
  const data = {
    ...view,
    shop: { name: SHOP_NAME, url: ctx.config.appUrl },
    links: links(ctx, orderId),
    note,
    lapsed: kind === "lapsed",
    photoCid: attachments[0]?.cid ?? null,
  };
  return PARTS[kind].map((part) => {
    const language = part.to === "shop" ? shopLanguage : view.language;
    // Dates in the reader's language: the shop's reader may read another than the shopper.
    const words = language === view.language ? view : viewOf(read, language);
    const subject = t(language, part.subject, { id: view.displayId });
    return {
      to: part.to === "shop" ? ctx.config.notifyEmail : view.email,
      thread: `order:${orderId}`,
      subject,
      ...renderMail(part.template, { ...data, ...words, subject }, language),
      ...(part.to === "shopper" && attachments.length > 0 ? { attachments } : {}),
    };
  });
}

/** What the job that writes an order's mails is given. */
interface OrderMailPayload {
  orderId: number;
  kind: OrderMailKind;
}

/**
 * Writes an order's mails of one kind into the mail queue, in the transaction that finishes the job
 * (so exactly once), from the order as it is when the job runs: moments after the change that queued it.
 */
export const orderMailJob: JobKind<OrderMailPayload, BankAccountRow[]> = {
  kind: "order.mail",
  maxAttempts: 10,
  transactional: true,
  // One order's mails at a time, different orders' side by side: after a rush its new orders' mails
  // are written by these jobs (docs/decisions/0041), each in its own transaction.
  laneOf: ({ orderId }) => `order:${orderId}`,
  // The bank accounts every order's mail shows, kept in memory rather than read in each transaction.
  prepare: (ctx) => keptBankAccounts(ctx.db),
  async run(ctx, { orderId, kind }, accounts) {
    // A new order's mails are due from when it was placed, as they are when written with it: a rush
    // that put this job off (docs/decisions/0041) does not put them off once more, and they are
    // claimed ahead of any mail about the order still waiting, such as its payment proof's. One
    // already claimed with this job may go out first (decision 0041, Consequences).
    await queueOrderMail(ctx.db, ctx, orderId, kind, { accounts, dueSincePlaced: kind === "placed" });
  },
};

/**
 * Queues an order's mails as one job row inside the caller's transaction: the runner writes them,
 * reading the order back, once it has committed. For a new order whose mails wait for a rush to pass,
 * or could not be rendered with it (newOrderMails threw); none are queued if the transaction rolls back.
 */
export function queueOrderMailJob(trx: Executor, orderId: number, kind: OrderMailKind): Promise<number> {
  return enqueueJob(trx, orderMailJob, { orderId, kind });
}

/** The row queueOrderMailJob writes, for the statement that writes a new order on PostgreSQL. */
export function orderMailJobRow(orderId: number, kind: OrderMailKind): NewJob {
  return newJob(orderMailJob, { orderId, kind });
}

/** A new order as the transaction that places it writes it: what its mails show, but the bank accounts. */
export type PlacedOrder = Omit<OrderRead, "accounts">;

/** What a new order's mails show besides the order, kept in memory: read before its transaction. */
export interface NewOrderMailing {
  accounts: BankAccountRow[];
  shopLanguage: Language;
}

export async function newOrderMailing(ctx: AppContext): Promise<NewOrderMailing> {
  const [accounts, shopLanguage] = await Promise.all([keptBankAccounts(ctx.db), shopMailLanguage(ctx, ctx.db)]);
  return { accounts, shopLanguage };
}

/**
 * A new order's mails, rendered from the order as its transaction writes it, so that they are written
 * in that transaction: with the order or not at all, and in the queue before any later mail of it.
 * Rendering reads nothing (about 0.15 ms an order under a rush), so the order's locks wait on no
 * round trip for it. If it throws, the order is written with queueOrderMailJob's job instead.
 */
export function newOrderMails(ctx: AppContext, placed: PlacedOrder, mailing: NewOrderMailing): MailToQueue[] {
  return renderOrderMails(ctx, { ...placed, accounts: mailing.accounts }, "placed", {
    note: null,
    shopLanguage: mailing.shopLanguage,
    attachments: [],
  });
}
