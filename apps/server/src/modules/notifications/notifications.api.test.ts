import path from "node:path";
import { inflateSync } from "node:zlib";
import type { OrderDetail, User } from "@florist/contract";
import { formatRupiah, orderDisplayId } from "@florist/contract/rules";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createZone } from "../../../test/delivery-fixtures.js";
import {
  createProduct,
  customizationIds,
  imageFile,
  multipartForm,
  placeOrder as postOrder,
} from "../../../test/fixtures.js";
import { callerOf, createTestShop, lastMail, signedIn, type TestShop } from "../../../test/harness.js";
import { openDatabase } from "../../db/connection.js";
import { readPrivateImage } from "../../lib/images.js";
import { createMailer, type Mail } from "../../lib/mailer.js";
import { HOUR, MINUTE, setClock } from "../../lib/time.js";
import { runDueJobs } from "../jobs/runner.js";
import { yearReminderJob } from "./reminders.js";
import { queueOrderMailJob } from "./service.js";

/** 10:00 on Tuesday 1 December 2026 in Bandung. */
let at = Date.parse("2026-12-01T03:00:00.000Z");
let shop: TestShop;
let customer: { user: User; cookie: string };
let admin: { user: User; cookie: string };
const call = callerOf(() => shop);

/** Every mail the shop's mailer was given, and a switch that makes it refuse like a mail server that is down. */
const outbox: { sent: Mail[]; refusing: boolean } = { sent: [], refusing: false };

beforeAll(async () => {
  setClock(() => at);
  shop = await createTestShop({ notifyEmail: "florist@shop.test" });
  shop.ctx.mailer = {
    async send(mail) {
      if (outbox.refusing) throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
      outbox.sent.push(mail);
    },
  };
  await shop.ctx.db
    .insertInto("bank_accounts")
    .values({ position: 1, bank: "BCA", account_number: "1234567890", account_name: "Toko Bunga Bandung" })
    .execute();
});
afterAll(async () => {
  setClock(null);
  await shop.close();
});
beforeEach(async () => {
  // Fresh sessions, as the tests move the clock by years.
  customer = await signedIn(shop, "customer");
  admin = await signedIn(shop, "admin");
  // Whatever earlier tests left queued goes out first, so each test sees only its own mails.
  await runDueJobs(shop.ctx);
  outbox.sent = [];
  outbox.refusing = false;
});

/** Mails sent since the last call, after the job runner has run, by recipient and subject (runners take them in any order). */
async function sentMails(): Promise<Mail[]> {
  await runDueJobs(shop.ctx);
  const sent = outbox.sent;
  outbox.sent = [];
  return sent.sort((a, b) => a.to.localeCompare(b.to) || a.subject.localeCompare(b.subject));
}

async function placeOrder(fields: Record<string, unknown> = {}, cookie = customer.cookie): Promise<OrderDetail> {
  const product = await createProduct(shop, { name: "Sunrise Roses", price: 250000 });
  const { Ribbon } = await customizationIds(shop);
  const res = await postOrder(
    shop,
    cookie,
    [{ product_id: product.product_id, customizations: [{ customization_id: Ribbon?.customization_id, quantity: 2 }] }],
    fields,
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

function displayId(order: OrderDetail) {
  return orderDisplayId(order.orderId);
}

function setStatus(orderId: number, status: string) {
  return call("PATCH", `/api/order/${orderId}/status`, admin.cookie, { status });
}

describe("order mails", () => {
  it("tells the shopper how to pay and the shop of the new order, once each, the display id in both subjects", async () => {
    const order = await placeOrder();
    const id = displayId(order);

    const mails = await sentMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Your order ${id}: how to pay`],
      ["florist@shop.test", `New order ${id}`],
    ]);
    const [shopper] = mails as [Mail];
    expect(shopper.text).toContain("1 × Sunrise Roses (Small, Red)");
    expect(shopper.text).toContain("+ 2 × Ribbon");
    expect(shopper.text).toContain("BCA 1234567890 (a.n. Toko Bunga Bandung)");
    expect(shopper.text).toContain(`write ${id} as the transfer note`);
    expect(shopper.text).toContain(`Total: ${formatRupiah(order.totalPrice)}`);
    expect(shopper.html).toContain("Bandung Florist");
    expect(shopper.html).toContain(`http://shop.test/pesanan/${order.orderId}/bayar`);
    expect(await sentMails()).toEqual([]);
  });

  it("shows the bank accounts as the admin last saved them, read again for the next order", async () => {
    const saved = [{ bank: "BCA", accountNumber: "1234567890", accountName: "Toko Bunga Bandung" }];
    await placeOrder();
    expect((await sentMails())[0]?.text).toContain("BCA 1234567890 (a.n. Toko Bunga Bandung)");
    const mandiri = { bank: "Mandiri", accountNumber: "1300011112222", accountName: "Toko Bunga Bandung" };
    const put = (bankAccounts: typeof saved) =>
      call("PUT", "/api/settings/payment", admin.cookie, { bankAccounts, paymentWindowMinutes: 1440 });
    try {
      expect((await put([mandiri])).statusCode).toBe(200);
      await placeOrder();
      const [shopper] = (await sentMails()) as [Mail];
      expect(shopper.text).toContain("Mandiri 1300011112222 (a.n. Toko Bunga Bandung)");
      expect(shopper.text).not.toContain("BCA 1234567890");
    } finally {
      expect((await put(saved)).statusCode).toBe(200);
    }
  });

  it("lists every line in order with its own add-ons under it, a line without any with none", async () => {
    const [roses, lilies, tulips] = [
      await createProduct(shop, { name: "Mail Roses", price: 100000 }),
      await createProduct(shop, { name: "Mail Lilies", price: 120000 }),
      await createProduct(shop, { name: "Mail Tulips", price: 130000 }),
    ];
    const { Ribbon, Chocolate, "Greeting Card": card } = await customizationIds(shop);
    const res = await postOrder(shop, customer.cookie, [
      {
        product_id: roses.product_id,
        customizations: [
          { customization_id: Ribbon?.customization_id, quantity: 2 },
          { customization_id: Chocolate?.customization_id, quantity: 1 },
        ],
      },
      { product_id: lilies.product_id, quantity: 3 },
      { product_id: tulips.product_id, customizations: [{ customization_id: card?.customization_id, quantity: 1 }] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [shopper, florist] = (await sentMails()) as [Mail, Mail];
    for (const mail of [shopper, florist]) {
      const lines = mail.text.split("\n").filter((line) => /× Mail (Roses|Lilies|Tulips)|^\s*\+ \d/.test(line));
      // Prices are written with a no-break space after "Rp".
      expect(lines.map((line) => line.trim().replace(/\s+/g, " "))).toEqual([
        "- 1 × Mail Roses (Small, Red): Rp 165.000",
        "+ 2 × Ribbon (Rp 10.000 each)",
        "+ 1 × Chocolate (Rp 45.000 each)",
        "- 3 × Mail Lilies (Small, Red): Rp 360.000",
        "- 1 × Mail Tulips (Small, Red): Rp 145.000",
        "+ 1 × Greeting Card (Rp 15.000 each)",
      ]);
    }
  });

  it("writes a new order's two mails once, in its own transaction, and leaves the runner no job to write them again", async () => {
    const mailCount = async () => (await shop.ctx.db.selectFrom("mails").select("mail_id").execute()).length;
    const before = await mailCount();
    const order = await placeOrder();

    expect(await mailCount()).toBe(before + 2);
    // Both about the order: each reader's mails about it are sent in the order written.
    const threads = await shop.ctx.db
      .selectFrom("mails")
      .select("thread")
      .orderBy("mail_id", "desc")
      .limit(2)
      .execute();
    expect(threads).toEqual([{ thread: `order:${order.orderId}` }, { thread: `order:${order.orderId}` }]);
    const jobs = await shop.ctx.db
      .selectFrom("jobs")
      .select(["payload", "state"])
      .where("kind", "=", "order.mail")
      .where("payload", "=", JSON.stringify({ orderId: order.orderId, kind: "placed" }))
      .execute();
    expect(jobs).toEqual([]);
    expect((await sentMails()).map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Your order ${displayId(order)}: how to pay`],
      ["florist@shop.test", `New order ${displayId(order)}`],
    ]);
    expect(await sentMails()).toEqual([]);
    expect(await mailCount()).toBe(before + 2);
  });

  it("writes a new order's mails from the order as placed, the same as the job runner writes them from the database", async () => {
    const zoneId = await createZone(shop, { name: "Coblong", fee: 20000 });
    const order = await placeOrder({
      delivery_zone_id: zoneId,
      recipient_name: "Ibu Sari",
      recipient_phone: "081234567890",
      card_message: "Selamat Hari Ibu <3 & terima kasih",
    });
    const atOnce = await sentMails();
    expect(atOnce.map((m) => m.to)).toEqual([customer.user.email, "florist@shop.test"]);
    expect(atOnce[1]?.text).toContain("Coblong");
    // The same order's mails as the runner writes them, reading the order back: the job queued
    // instead when they cannot be rendered with the order (order-mails-fallback.api.test.ts).
    await shop.ctx.db.transaction().execute((trx) => queueOrderMailJob(trx, order.orderId, "placed"));
    expect(await sentMails()).toEqual(atOnce);
  });

  it("writes when the order is in delivery, finished with the delivery photo, and denied", async () => {
    const order = await placeOrder();
    const id = displayId(order);
    await sentMails();

    expect((await setStatus(order.orderId, "In Delivery")).statusCode).toBe(200);
    const photo = await imageFile({ color: "#f4a6b8" });
    const form = multipartForm({}, { order_proof: photo });
    const upload = await shop.app.inject({
      method: "PUT",
      url: `/api/order/${order.orderId}/proof`,
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    expect((await setStatus(order.orderId, "Finished")).statusCode).toBe(200);

    const mails = await sentMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Your flowers ${id} are on their way`],
      [customer.user.email, `Your flowers ${id} have been delivered`],
    ]);
    const finished = mails[1] as Mail;
    expect(finished.html).toContain('src="cid:delivery-photo"');
    expect(finished.attachments).toHaveLength(1);
    expect(finished.attachments?.[0]).toMatchObject({ cid: "delivery-photo", contentType: "image/jpeg" });
    // The stored photo, as a JPEG of the same size.
    const stored = await readPrivateImage(shop.ctx.files, "proofs", path.basename(upload.json().orderProof));
    const mailed = await sharp(finished.attachments?.[0]?.content).metadata();
    const original = await sharp(stored as Buffer).metadata();
    expect(mailed).toMatchObject({ format: "jpeg", width: original.width, height: original.height });

    const other = await placeOrder();
    await sentMails();
    expect((await setStatus(other.orderId, "Denied")).statusCode).toBe(200);
    expect((await sentMails()).map((m) => m.subject)).toEqual([`We cannot take your order ${displayId(other)}`]);
  });

  it("leaves the delivered mail in the outbox with its plain text, its HTML and the photo inline", async () => {
    const order = await placeOrder();
    await sentMails();
    const form = multipartForm({}, { order_proof: await imageFile() });
    await shop.app.inject({
      method: "PUT",
      url: `/api/order/${order.orderId}/proof`,
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect((await setStatus(order.orderId, "In Delivery")).statusCode).toBe(200);
    await sentMails();
    expect((await setStatus(order.orderId, "Finished")).statusCode).toBe(200);
    const recording = shop.ctx.mailer;
    shop.ctx.mailer = createMailer(shop.ctx.config);
    try {
      await runDueJobs(shop.ctx);
    } finally {
      shop.ctx.mailer = recording;
    }
    const eml = await lastMail(shop);
    expect(eml).toContain(`Subject: Your flowers ${displayId(order)} have been delivered`);
    expect(eml).toContain(`To: ${customer.user.email}`);
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toContain("Content-Type: image/jpeg");
    expect(eml).toContain("Content-ID: <delivery-photo>");
  });

  it("keeps an order mail the mail server refused and sends it on a later try", async () => {
    outbox.refusing = true;
    const order = await placeOrder();
    expect(await sentMails()).toEqual([]);

    outbox.refusing = false;
    at += 5 * MINUTE;
    const mails = await sentMails();
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${displayId(order)}: how to pay`,
      `New order ${displayId(order)}`,
    ]);
  });
});

describe("payment mails", () => {
  async function sendReceipt(orderId: number) {
    const form = multipartForm({}, { payment_proof: await imageFile() });
    const res = await shop.app.inject({
      method: "PUT",
      url: `/api/order/${orderId}/payment-proof`,
      headers: { cookie: customer.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
  }

  function decide(orderId: number, decision: string, note?: string) {
    return call("PATCH", `/api/order/${orderId}/payment`, admin.cookie, { decision, note });
  }

  it("confirms a receipt to the shopper and tells the shop, then says whether the payment was confirmed", async () => {
    const order = await placeOrder();
    const id = displayId(order);
    await sentMails();

    await sendReceipt(order.orderId);
    expect((await sentMails()).map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `We have your transfer receipt for ${id}`],
      ["florist@shop.test", `Transfer receipt to check for ${id}`],
    ]);

    expect((await decide(order.orderId, "reject", "The amount is Rp 10.000 short.")).statusCode).toBe(200);
    const [rejected] = await sentMails();
    expect(rejected?.subject).toBe(`We could not confirm the payment for ${id}`);
    expect(rejected?.text).toContain("The florist's note: The amount is Rp 10.000 short.");

    await sendReceipt(order.orderId);
    await sentMails();
    expect((await decide(order.orderId, "approve")).statusCode).toBe(200);
    expect((await sentMails()).map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Payment confirmed for ${id}`],
    ]);
  });

  it("says an order is cancelled when the shopper cancels it or when its deadline passes unpaid", async () => {
    const cancelled = await placeOrder();
    const lapsing = await placeOrder();
    await sentMails();

    expect((await call("POST", `/api/order/${cancelled.orderId}/cancel`, customer.cookie)).statusCode).toBe(200);
    expect((await sentMails()).map((m) => m.subject)).toEqual([`Your order ${displayId(cancelled)} is cancelled`]);

    at += 25 * HOUR;
    const mails = await sentMails();
    const lapsed = mails.find((m) => m.subject === `Your order ${displayId(lapsing)} is cancelled`);
    expect(lapsed?.text).toContain("because no payment arrived by its deadline");
  });
});

describe("the payment reminder", () => {
  it("goes out once three hours before the deadline of an order still unpaid without a receipt", async () => {
    const unpaid = await placeOrder();
    const withReceipt = await placeOrder();
    await sentMails();
    const due = new Date(at + 10 * HOUR).toISOString();
    await shop.ctx.db
      .updateTable("orders")
      .set({ payment_due_at: due })
      .where("order_id", "in", [unpaid.orderId, withReceipt.orderId])
      .execute();
    await shop.ctx.db
      .updateTable("orders")
      .set({ payment_status: "Awaiting Verification", payment_proof: "/uploads/receipts/test.webp" })
      .where("order_id", "=", withReceipt.orderId)
      .execute();

    at += 6 * HOUR;
    expect(await sentMails()).toEqual([]);
    at += 1 * HOUR + MINUTE;
    const mails = await sentMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Reminder: order ${displayId(unpaid)} is waiting for payment`],
    ]);
    expect(mails[0]?.text).toContain("BCA 1234567890");
    at += HOUR;
    expect(await sentMails()).toEqual([]);
  });
});

describe("remind me next year", () => {
  /** An order placed on the current day, asking for the reminder, delivered on `deliveryDay`. */
  async function reminderOrder(deliveryDay: string | null) {
    customer = await signedIn(shop, "customer");
    const order = await placeOrder({ remind_next_year: true });
    await shop.ctx.db
      .updateTable("orders")
      .set({ delivery_day: deliveryDay, delivery_slot_id: null, order_status: "Finished" })
      .where("order_id", "=", order.orderId)
      .execute();
    await sentMails();
    return order;
  }

  /** 10:00 in Bandung on a shop date. */
  function moveTo(day: string) {
    at = Date.parse(`${day}T03:00:00.000Z`);
  }

  it("goes out once, seven days before the same day a year later, linking to the order's products", async () => {
    moveTo("2027-01-10");
    const order = await reminderOrder("2027-01-20");
    const product = order.items[0]?.productId;

    moveTo("2028-01-12");
    expect(await sentMails()).toEqual([]);
    moveTo("2028-01-13");
    const mails = await sentMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `A year since your order ${displayId(order)}`],
    ]);
    expect(mails[0]?.text).toContain(`http://shop.test/produk/${product}`);
    expect(mails[0]?.text).toMatch(/http:\/\/shop\.test\/pengingat\/berhenti\/[A-Za-z0-9_-]{40,}/);
    moveTo("2028-01-14");
    expect(await sentMails()).toEqual([]);
  });

  it("goes out once when two processes look for due reminders at the same time", async () => {
    moveTo("2027-03-01");
    const first = await reminderOrder("2027-03-10");
    const second = await reminderOrder("2027-03-11");
    moveTo("2028-03-05");
    const other = { ...shop.ctx, db: openDatabase(shop.ctx.config.databaseUrl).db };
    try {
      if (shop.ctx.dialect === "postgres") {
        await Promise.all([yearReminderJob.run(shop.ctx, {}), yearReminderJob.run(other, {})]);
      } else {
        // better-sqlite3 waits for a lock synchronously, so two connections in one test process
        // would block each other; on SQLite the second process runs after the first.
        await yearReminderJob.run(shop.ctx, {});
        await yearReminderJob.run(other, {});
      }
    } finally {
      await other.db.destroy();
    }
    expect((await sentMails()).map((m) => m.subject).sort()).toEqual(
      [`A year since your order ${displayId(first)}`, `A year since your order ${displayId(second)}`].sort(),
    );
  });

  it("takes 28 February for an order delivered on 29 February", async () => {
    moveTo("2028-02-20");
    const order = await reminderOrder("2028-02-29");
    moveTo("2029-02-20");
    expect(await sentMails()).toEqual([]);
    moveTo("2029-02-21");
    expect((await sentMails()).map((m) => m.subject)).toEqual([`A year since your order ${displayId(order)}`]);
  });

  it("is remembered by the order's date when the order has no delivery day", async () => {
    moveTo("2029-03-10");
    const order = await reminderOrder(null);
    moveTo("2030-03-03");
    expect((await sentMails()).map((m) => m.subject)).toEqual([`A year since your order ${displayId(order)}`]);
  });

  it("stops, with the link's token, the reminders that have not gone out yet", async () => {
    moveTo("2030-04-01");
    await reminderOrder("2030-04-10");
    const later = await placeOrder({ remind_next_year: true });
    await shop.ctx.db
      .updateTable("orders")
      .set({ delivery_day: "2030-05-10", order_status: "Finished" })
      .where("order_id", "=", later.orderId)
      .execute();
    moveTo("2031-04-03");
    const [first] = await sentMails();
    const token = /\/pengingat\/berhenti\/([A-Za-z0-9_-]+)/.exec(first?.text ?? "")?.[1] as string;

    const res = await call("POST", "/api/reminders/opt-out", undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Reminders are off/);
    moveTo("2031-05-03");
    expect(await sentMails()).toEqual([]);

    const unknown = await call("POST", "/api/reminders/opt-out", undefined, { token: "x".repeat(43) });
    expect(unknown.statusCode).toBe(404);
  });

  it("is not sent for an order placed without asking", async () => {
    moveTo("2031-06-01");
    customer = await signedIn(shop, "customer");
    const order = await placeOrder();
    await shop.ctx.db
      .updateTable("orders")
      .set({ delivery_day: "2031-06-10", order_status: "Finished" })
      .where("order_id", "=", order.orderId)
      .execute();
    await sentMails();
    moveTo("2032-06-05");
    expect(await sentMails()).toEqual([]);
  });
});

/**
 * The text a PDF shows: its content streams inflated, the hex strings of every TJ/Tj read as Latin-1.
 * Each stream is read by its /Length: compressed bytes may themselves end in a carriage return or
 * hold "endstream", so looking for the end marker cut some streams short.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams = [...raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)].map((m) => {
    const start = (m.index ?? 0) + m[0].length;
    const bytes = pdf.subarray(start, start + Number(m[1]));
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return "";
    }
  });
  return streams
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map((m) =>
      [...(m[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((h) => Buffer.from(h[1] as string, "hex").toString("latin1"))
        .join(""),
    )
    .join("\n");
}

describe("the invoice", () => {
  it("is a PDF with the shop, the display id, the items, the total and the bank accounts, for the owner and admins", async () => {
    const order = await placeOrder();
    const res = await call("GET", `/api/order/${order.orderId}/invoice`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Bandung Florist");
    expect(text).toContain(displayId(order));
    expect(text).toContain("Sunrise Roses");
    expect(text).toContain(formatRupiah(order.totalPrice));
    expect(text).toContain("BCA  1234567890");
    expect(text).toContain("Pending");

    expect((await call("GET", `/api/order/${order.orderId}/invoice`, admin.cookie)).statusCode).toBe(200);
  });

  it("is written in the reader's language: English by default, Indonesian with the lang cookie", async () => {
    const order = await placeOrder();
    const english = pdfText((await call("GET", `/api/order/${order.orderId}/invoice`, customer.cookie)).rawPayload);
    expect(english).toContain("Invoice");
    expect(english).toContain("Delivery fee");
    expect(english).toContain(`Please write ${displayId(order)} as the transfer note.`);

    const res = await call("GET", `/api/order/${order.orderId}/invoice`, `${customer.cookie}; lang=id`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Faktur");
    expect(text).toContain("PELANGGAN");
    expect(text).toContain("Ongkos kirim");
    expect(text).toContain("Bayar dengan transfer bank");
    expect(text).toContain(`Mohon tulis ${displayId(order)} sebagai berita transfer.`);
    expect(text).toContain(formatRupiah(order.totalPrice));
    expect(text).not.toContain("Delivery fee");
  });

  it("does not exist for another customer or without a session", async () => {
    const order = await placeOrder();
    const stranger = await signedIn(shop, "customer");
    const res = await call("GET", `/api/order/${order.orderId}/invoice`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect((await call("GET", `/api/order/${order.orderId}/invoice`)).statusCode).toBe(401);
  });
});

describe("mails in the shopper's language", () => {
  it("writes an Indonesian account's mails in Indonesian, subject, HTML and text, dates in Indonesian and prices as Rp", async () => {
    const switched = await call("PATCH", `/api/users/${customer.user.user_id}/language`, customer.cookie, {
      language: "id",
    });
    expect(switched.statusCode).toBe(200);
    const order = await placeOrder();
    const id = displayId(order);
    const mails = await sentMails();
    // The shop's reader has no account here: its mail stays English.
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Pesanan Anda ${id}: cara membayar`],
      ["florist@shop.test", `New order ${id}`],
    ]);
    const shopper = mails[0] as Mail;
    expect(shopper.text).toContain(`Terima kasih atas pesanan Anda, ${customer.user.username}.`);
    expect(shopper.text).toContain(`tulis ${id} sebagai berita transfer`);
    expect(shopper.text).toContain(`Total: ${formatRupiah(order.totalPrice)}`);
    // The payment deadline, in Indonesian words ("2 Desember 2026 pukul 10.00 WIB"), whatever day earlier tests left the clock on.
    expect(shopper.text).toMatch(
      /\d+ (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}.* WIB/,
    );
    expect(shopper.text).not.toMatch(/January|February|March|May|June|July|August|October|December|Thank you/);
    expect(shopper.html).toContain('<html lang="id">');
    expect(shopper.html).toContain(`Pesanan <strong>${id}</strong> sudah kami terima`);
    expect(shopper.html).toContain("Kirim bukti transfer");
    expect(formatRupiah(order.totalPrice)).toMatch(/^Rp\s\d{1,3}(\.\d{3})+$/);

    expect((await setStatus(order.orderId, "Denied")).statusCode).toBe(200);
    const [denied] = await sentMails();
    expect(denied?.subject).toBe(`Maaf, pesanan Anda ${id} tidak dapat kami terima`);
    expect(denied?.text).toContain(
      `Mohon maaf, ${customer.user.username}: florist kami tidak dapat menerima pesanan ${id}.`,
    );
  });

  it("writes the shop's mails in the language of the admin account that reads NOTIFY_EMAIL", async () => {
    await shop.ctx.db
      .updateTable("users")
      .set({ email: "florist@shop.test", email_key: "florist@shop.test", language: "id" })
      .where("user_id", "=", admin.user.user_id)
      .execute();
    const order = await placeOrder();
    const mails = await sentMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [customer.user.email, `Your order ${displayId(order)}: how to pay`],
      ["florist@shop.test", `Pesanan baru ${displayId(order)}`],
    ]);
    await shop.ctx.db
      .updateTable("users")
      .set({ email: admin.user.email, email_key: admin.user.email.toLowerCase(), language: "en" })
      .where("user_id", "=", admin.user.user_id)
      .execute();
  });
});
