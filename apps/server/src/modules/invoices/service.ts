import type { AppContext } from "../../context.js";
import { notFound } from "../../errors.js";
import { type Language, type MessageKey, t } from "../../lib/i18n.js";
import { now } from "../../lib/time.js";
import { type OrderView, orderView, SHOP_NAME } from "../notifications/service.js";
import { visibleOrder } from "../orders/service.js";

const ROSE = "#a8535f";
const INK = "#2d2420";
const MUTED = "#6b5d55";
const LINE = "#e8ddd2";
const LEFT = 50;
const RIGHT = 545;
const PRICE_COLUMN = 420;

/** A label and its value on one line, the label muted. */
function field(doc: PDFKit.PDFDocument, label: string, value: string, x: number, width: number) {
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label.toUpperCase(), x, doc.y, { width });
  doc.font("Helvetica").fontSize(11).fillColor(INK).text(value, x, doc.y, { width });
  doc.moveDown(0.6);
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.8);
  doc.font("Helvetica-Bold").fontSize(12).fillColor(ROSE).text(text, LEFT, doc.y);
  doc
    .moveTo(LEFT, doc.y + 3)
    .lineTo(RIGHT, doc.y + 3)
    .strokeColor(LINE)
    .lineWidth(1)
    .stroke();
  doc.moveDown(0.6);
}

/** One row of the items table: a description on the left, an amount right-aligned in the price column. */
function row(doc: PDFKit.PDFDocument, text: string, amount: string, style: { bold?: boolean; muted?: boolean } = {}) {
  const top = doc.y;
  doc
    .font(style.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(style.muted ? 9.5 : 11)
    .fillColor(style.muted ? MUTED : INK);
  doc.text(text, style.muted ? LEFT + 14 : LEFT, top, { width: PRICE_COLUMN - LEFT - 20 });
  const bottom = doc.y;
  doc.text(amount, PRICE_COLUMN, top, { width: RIGHT - PRICE_COLUMN, align: "right" });
  doc.y = Math.max(bottom, doc.y) + 3;
}

function drawInvoice(doc: PDFKit.PDFDocument, view: OrderView, appUrl: string, language: Language) {
  const { order } = view;
  const say = (key: MessageKey, values?: Record<string, string | number>) => t(language, key, values);
  doc.font("Helvetica-Bold").fontSize(22).fillColor(ROSE).text(SHOP_NAME, LEFT, 50);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(appUrl, LEFT, doc.y);
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor(INK)
    .text(say("Invoice"), LEFT, 50, { width: RIGHT - LEFT, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor(INK)
    .text(view.displayId, LEFT, doc.y, { width: RIGHT - LEFT, align: "right" });
  doc.y = 110;

  const top = doc.y;
  const half = (RIGHT - LEFT) / 2 - 10;
  field(doc, say("Date"), order.placedOn, LEFT, half);
  field(doc, say("Customer"), `${view.name} (${view.email})`, LEFT, half);
  const leftBottom = doc.y;
  doc.y = top;
  field(doc, say("Order status"), order.status, LEFT + half + 20, half);
  field(doc, say("Payment"), order.paymentStatus, LEFT + half + 20, half);
  doc.y = Math.max(leftBottom, doc.y);

  heading(doc, say("Delivery details"));
  field(doc, say("When"), order.delivery, LEFT, RIGHT - LEFT);
  if (order.district) field(doc, say("District"), order.district, LEFT, RIGHT - LEFT);
  if (order.recipient) field(doc, say("Recipient"), order.recipient, LEFT, RIGHT - LEFT);
  field(doc, say("Address"), order.address, LEFT, RIGHT - LEFT);

  heading(doc, say("Items"));
  for (const item of order.items) {
    const options = item.options ? ` (${item.options})` : "";
    row(doc, `${item.quantity} × ${item.name}${options}`, item.linePrice);
    // The line's price already holds its add-ons: each is listed with its own price, not added again.
    for (const addOn of item.addOns)
      row(doc, `+ ${addOn.quantity} × ${addOn.name}, ${say("{{price}} each", { price: addOn.price })}`, "", {
        muted: true,
      });
  }
  row(doc, say("Delivery fee"), order.shipping);
  doc.moveTo(PRICE_COLUMN, doc.y).lineTo(RIGHT, doc.y).strokeColor(INK).lineWidth(0.5).stroke();
  doc.y += 4;
  row(doc, say("Total"), order.total, { bold: true });

  heading(doc, say("Pay by bank transfer"));
  if (view.payment.accounts.length === 0) {
    doc
      .font("Helvetica")
      .fontSize(11)
      .fillColor(INK)
      .text(say("The shop will send you its bank account by chat."), LEFT, doc.y);
  }
  for (const account of view.payment.accounts) {
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text(`${account.bank}  ${account.accountNumber}`, LEFT, doc.y);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(`a.n. ${account.accountName}`, LEFT, doc.y);
    doc.moveDown(0.4);
  }
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(say("Please write {{id}} as the transfer note.", { id: view.displayId }), LEFT, doc.y);

  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(say("Thank you for ordering from {{shop}}.", { shop: SHOP_NAME }), LEFT, 780, {
      width: RIGHT - LEFT,
      align: "center",
    });
}

/** Ends a drawn document and collects it into one buffer. */
function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/**
 * GET /api/order/{id}/invoice (contract §7.2): the order as a one-page A4 PDF, for its owner and
 * admins; to anyone else the order does not exist. Written in the request's language, as the screen
 * the invoice was downloaded from.
 */
export async function invoicePdf(
  ctx: AppContext,
  viewer: { user_id: number; role: string },
  orderId: number,
  language: Language,
): Promise<{ displayId: string; pdf: Buffer }> {
  await visibleOrder(ctx.db, viewer, orderId);
  const view = await orderView(ctx.db, orderId, language);
  if (!view) throw notFound("Order not found.");
  // Loaded with the first invoice, not at start: PDFKit and its fonts take a while to load.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: t(language, "{{shop}} invoice {{id}}", { shop: SHOP_NAME, id: view.displayId }),
      Author: SHOP_NAME,
      CreationDate: now(),
    },
  });
  drawInvoice(doc, view, ctx.config.appUrl, language);
  return { displayId: view.displayId, pdf: await toBuffer(doc) };
}
