import fs from "node:fs";
import path from "node:path";
import type { OrderDetail, PaymentQueue, PaymentSettings } from "@florist/contract";
import { addDays, orderDisplayId } from "@florist/contract/rules";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSlot } from "../../../test/delivery-fixtures.js";
import {
  createProduct,
  imageFile,
  multipartForm,
  SHIPPING_ADDRESS,
  setOrder,
  stockOf,
} from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import type { AppContext } from "../../context.js";
import { openDatabase } from "../../db/connection.js";
import { HOUR, MINUTE, setClock, shopToday } from "../../lib/time.js";
import { runJobs } from "../jobs/service.js";
import { expireUnpaidJob, expireUnpaidOrders } from "./service.js";

let shop: TestShop;
let admin: { cookie: string };
/** The shop's clock: 08:00 in Bandung on a Monday, moved by the tests instead of waiting. */
let at = Date.parse("2026-12-07T01:00:00.000Z");
const call = callerOf(() => shop);

beforeAll(async () => {
  setClock(() => at);
  shop = await createTestShop();
  admin = await signedIn(shop, "admin");
});
afterAll(async () => {
  setClock(null);
  await shop.close();
});

async function setWindow(minutes: number, bankAccounts: PaymentSettings["bankAccounts"] = []) {
  const res = await call("PUT", "/api/settings/payment", admin.cookie, { bankAccounts, paymentWindowMinutes: minutes });
  expect(res.statusCode).toBe(200);
}

beforeEach(() => setWindow(60));

/** An order of a product without sizes or colours, for delivery on the date in the slot. */
function orderInSlot(cookie: string, productId: number, quantity: number, date: string, slotId: number) {
  return call("POST", "/api/order", cookie, {
    shipping_address: SHIPPING_ADDRESS,
    items: [{ product_id: productId, quantity }],
    delivery_date: date,
    delivery_slot_id: slotId,
  });
}

/** A shopper, a product with 5 in stock, and the shopper's order of 2 of it in a slot of its own. */
async function orderOfTwo(options: { capacity?: number } = {}) {
  const shopper = await signedIn(shop);
  const product = await createProduct(shop, { name: "Mawar merah", stock: 5, sizes: [], colors: [] });
  const slotId = await createSlot(shop, { label: "Evening", capacity: options.capacity ?? 1 });
  const date = addDays(shopToday(), 1);
  const res = await orderInSlot(shopper.cookie, product.product_id, 2, date, slotId);
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as OrderDetail;
  return { shopper, product, slotId, date, order, orderId: order.orderId };
}

async function sendReceipt(orderId: number, cookie: string, color = "#2e86c1") {
  const form = multipartForm({}, { payment_proof: await imageFile({ color }) });
  return shop.app.inject({
    method: "PUT",
    url: `/api/order/${orderId}/payment-proof`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}

const decide = (orderId: number, body: object) => call("PATCH", `/api/order/${orderId}/payment`, admin.cookie, body);

/** The subjects of the mails queued for an address, oldest first. */
async function mailsTo(address: string): Promise<string[]> {
  const rows = await shop.ctx.db
    .selectFrom("mails")
    .select("subject")
    .where("to_address", "=", address)
    .orderBy("mail_id")
    .execute();
  return rows.map((r) => r.subject);
}

const receiptDisk = (receipt: string) => path.join(shop.dataDir, "receipts", path.basename(receipt));

/** Whether another shopper can still book the slot the order held. */
async function slotIsFree(slotId: number, date: string) {
  const other = await signedIn(shop);
  const product = await createProduct(shop, { name: "Lily putih", stock: 1, sizes: [], colors: [] });
  const res = await orderInSlot(other.cookie, product.product_id, 1, date, slotId);
  return res.statusCode === 201;
}

describe("payment settings", () => {
  it("are public to read and the admin's to replace, bank accounts as a list in the order given", async () => {
    const accounts = [
      { bank: "BCA", accountNumber: "437 081 2265", accountName: "Bandung Florist" },
      { bank: "Mandiri", accountNumber: "130-00-1876", accountName: "Bandung Florist" },
    ];
    await setWindow(90, accounts);
    const read = await call("GET", "/api/settings/payment");
    expect(read.json()).toEqual({ bankAccounts: accounts, paymentWindowMinutes: 90 });
    await setWindow(90, [accounts[1] as (typeof accounts)[number]]);
    expect((await call("GET", "/api/settings/payment")).json<PaymentSettings>().bankAccounts).toEqual([accounts[1]]);
  });

  it("refuse a customer (403) and anyone signed out (401)", async () => {
    const body = { bankAccounts: [], paymentWindowMinutes: 10 };
    const customer = await signedIn(shop);
    expect((await call("PUT", "/api/settings/payment", customer.cookie, body)).statusCode).toBe(403);
    expect((await call("PUT", "/api/settings/payment", undefined, body)).statusCode).toBe(401);
  });

  it("answer a 400 naming the field for an empty bank, a number with letters or a negative window", async () => {
    const account = { bank: "BCA", accountNumber: "4370812265", accountName: "Bandung Florist" };
    const cases: [object, RegExp][] = [
      [{ bankAccounts: [{ ...account, bank: " " }], paymentWindowMinutes: 60 }, /bankAccounts\.0\.bank: is required/],
      [
        { bankAccounts: [{ ...account, accountNumber: "abc" }], paymentWindowMinutes: 60 },
        /accountNumber: must be digits/,
      ],
      [{ bankAccounts: [], paymentWindowMinutes: -1 }, /paymentWindowMinutes: must be at least 1 minute/],
      [{ bankAccounts: [], paymentWindowMinutes: 1.5 }, /paymentWindowMinutes: must be a whole number/],
      [{ paymentWindowMinutes: 60 }, /bankAccounts/],
    ];
    for (const [body, message] of cases) {
      const res = await call("PUT", "/api/settings/payment", admin.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call("GET", "/api/settings/payment")).json<PaymentSettings>().paymentWindowMinutes).toBe(60);
  });
});

describe("an order's payment deadline", () => {
  it("is fixed when the order is placed: a later change of the window moves no deadline", async () => {
    const { order, orderId, shopper } = await orderOfTwo();
    expect(order.paymentStatus).toBe("Pending");
    expect(order.paymentDueAt).toBe(new Date(at + HOUR).toISOString());
    await setWindow(10);
    const again = await call("GET", `/api/order/${orderId}`, shopper.cookie);
    expect(again.json<OrderDetail>().paymentDueAt).toBe(new Date(at + HOUR).toISOString());
  });

  it("is none while the window is 0: such an order never lapses", async () => {
    await setWindow(0);
    const { order, orderId } = await orderOfTwo();
    expect(order.paymentDueAt).toBeNull();
    const placedAt = at;
    at += 40 * 24 * HOUR;
    await expireUnpaidOrders(shop.ctx);
    // Back to the day the other tests' sessions were opened on.
    at = placedAt;
    const row = await shop.ctx.db
      .selectFrom("orders")
      .select("order_status")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(row.order_status).toBe("Order Received");
  });
});

describe("the transfer receipt and the admin's decision", () => {
  it("goes upload → Awaiting Verification → approve → Paid, with no deadline left and an audit entry", async () => {
    const { orderId, shopper } = await orderOfTwo();
    const sent = await sendReceipt(orderId, shopper.cookie);
    expect(sent.statusCode).toBe(200);
    const detail = sent.json<OrderDetail>();
    expect(detail.paymentStatus).toBe("Awaiting Verification");
    expect(detail.paymentProof).toMatch(/^\/uploads\/receipts\/[a-f0-9]{32}\.webp$/);
    expect(detail.paymentProof).not.toBe(detail.orderProof);

    const approved = await decide(orderId, { decision: "approve" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ paymentStatus: "Paid", paymentDueAt: null, orderStatus: "Order Received" });

    const audit = await shop.ctx.db
      .selectFrom("audit_log")
      .select(["action", "details", "username"])
      .where("target", "=", `order:${orderId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("payment.approve");
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ before: "Awaiting Verification", after: "Paid" });

    // Paid is final for the receipt, for every decision, and for cancelling.
    expect((await sendReceipt(orderId, shopper.cookie)).statusCode).toBe(409);
    expect((await decide(orderId, { decision: "approve" })).statusCode).toBe(409);
    expect((await decide(orderId, { decision: "reject", note: "x" })).statusCode).toBe(409);
    expect((await decide(orderId, { decision: "paid", note: "Cash" })).statusCode).toBe(409);
    expect((await call("POST", `/api/order/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
    const id = orderDisplayId(orderId);
    expect(await mailsTo(shopper.user.email)).toEqual([
      `Your order ${id}: how to pay`,
      `We have your transfer receipt for ${id}`,
      `Payment confirmed for ${id}`,
    ]);
  });

  it("goes reject with a note → Rejected → upload again, which deletes the rejected receipt's file", async () => {
    const { orderId, shopper } = await orderOfTwo();
    const first = (await sendReceipt(orderId, shopper.cookie)).json<OrderDetail>().paymentProof as string;
    const rejected = await decide(orderId, { decision: "reject", note: "The amount is Rp 10.000 short." });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ paymentStatus: "Rejected", paymentNote: "The amount is Rp 10.000 short." });
    expect((await decide(orderId, { decision: "reject", note: "again" })).statusCode).toBe(409);

    const resent = await sendReceipt(orderId, shopper.cookie, "#27ae60");
    expect(resent.statusCode).toBe(200);
    const second = resent.json<OrderDetail>().paymentProof as string;
    expect(resent.json<OrderDetail>().paymentStatus).toBe("Awaiting Verification");
    expect(second).not.toBe(first);
    expect(fs.existsSync(receiptDisk(first))).toBe(false);
    expect(fs.existsSync(receiptDisk(second))).toBe(true);
    // While one receipt is being checked, no other is taken.
    expect((await sendReceipt(orderId, shopper.cookie)).statusCode).toBe(409);
    expect(await mailsTo(shopper.user.email)).toContain(
      `We could not confirm the payment for ${orderDisplayId(orderId)}`,
    );
  });

  it("marks an order paid without a receipt only with a note, never a denied or cancelled one", async () => {
    const { orderId } = await orderOfTwo();
    const noNote = await decide(orderId, { decision: "paid" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toMatch(/note: is required/);
    expect((await decide(orderId, { decision: "approve" })).statusCode).toBe(409);
    const paid = await decide(orderId, { decision: "paid", note: "Seen in the BCA statement" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      paymentStatus: "Paid",
      paymentNote: "Seen in the BCA statement",
      paymentDueAt: null,
    });

    const cancelled = await orderOfTwo();
    expect((await call("POST", `/api/order/${cancelled.orderId}/cancel`, cancelled.shopper.cookie)).statusCode).toBe(
      200,
    );
    expect((await decide(cancelled.orderId, { decision: "paid", note: "Cash" })).statusCode).toBe(409);
    expect((await sendReceipt(cancelled.orderId, cancelled.shopper.cookie)).statusCode).toBe(409);
    const denied = await orderOfTwo();
    await setOrder(shop, denied.orderId, { order_status: "Denied" });
    expect((await decide(denied.orderId, { decision: "paid", note: "Cash" })).statusCode).toBe(409);
  });

  it("takes a receipt while the order is In Delivery, but not once it is Finished", async () => {
    const { orderId, shopper } = await orderOfTwo();
    await setOrder(shop, orderId, { order_status: "In Delivery" });
    expect((await sendReceipt(orderId, shopper.cookie)).statusCode).toBe(200);
    const finished = await orderOfTwo();
    await setOrder(shop, finished.orderId, { order_status: "Finished" });
    expect((await sendReceipt(finished.orderId, finished.shopper.cookie)).statusCode).toBe(409);
  });

  it("is the owner's to send and the owner's and admins' to see; to anyone else it does not exist", async () => {
    const { orderId, shopper } = await orderOfTwo();
    const stranger = await signedIn(shop);
    expect((await sendReceipt(orderId, stranger.cookie)).statusCode).toBe(404);
    expect((await sendReceipt(orderId, admin.cookie)).statusCode).toBe(404);
    const receipt = (await sendReceipt(orderId, shopper.cookie)).json<OrderDetail>().paymentProof as string;

    const owner = await call("GET", receipt, shopper.cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers["content-type"]).toBe("image/webp");
    expect(owner.headers["cache-control"]).toBe("private, max-age=3600");
    expect((await call("GET", receipt, admin.cookie)).statusCode).toBe(200);
    expect((await call("GET", receipt, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", receipt)).statusCode).toBe(401);
    // Not under the public uploads folder, so the static handler cannot answer it either.
    expect(fs.existsSync(path.join(shop.dataDir, "uploads", "receipts"))).toBe(false);
    expect((await call("GET", "/uploads/receipts/../shop.db", shopper.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/uploads/receipts/${"0".repeat(32)}.webp`, admin.cookie)).statusCode).toBe(404);
  });

  it("refuses a file that is not an image and a request without the field, leaving no file behind", async () => {
    const { orderId, shopper } = await orderOfTwo();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fake = multipartForm({}, { payment_proof: { data: svg, filename: "receipt.png", contentType: "image/png" } });
    const res = await shop.app.inject({
      method: "PUT",
      url: `/api/order/${orderId}/payment-proof`,
      headers: { ...fake.headers, cookie: shopper.cookie },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(415);
    const empty = multipartForm({ note: "x" });
    const missing = await shop.app.inject({
      method: "PUT",
      url: `/api/order/${orderId}/payment-proof`,
      headers: { ...empty.headers, cookie: shopper.cookie },
      payload: empty.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await call("PUT", `/api/order/${orderId}/payment-proof`, shopper.cookie, { a: 1 })).statusCode).toBe(415);
    const order = await call("GET", `/api/order/${orderId}`, shopper.cookie);
    expect(order.json()).toMatchObject({ paymentStatus: "Pending", paymentProof: null });
  });
});

describe("the receipts awaiting verification", () => {
  it("are listed for admins, oldest order first, and leave the list once decided", async () => {
    const older = await orderOfTwo();
    at += MINUTE;
    const newer = await orderOfTwo();
    await sendReceipt(newer.orderId, newer.shopper.cookie);
    await sendReceipt(older.orderId, older.shopper.cookie);
    const ids = async () =>
      (await call("GET", "/api/order/admin/payments", admin.cookie)).json<PaymentQueue>().orders.map((o) => o.orderId);
    const listed = await ids();
    expect(listed.indexOf(older.orderId)).toBeLessThan(listed.indexOf(newer.orderId));
    const queue = (await call("GET", "/api/order/admin/payments", admin.cookie)).json<PaymentQueue>();
    expect(queue.orders.find((o) => o.orderId === older.orderId)).toMatchObject({
      paymentStatus: "Awaiting Verification",
      totalPrice: older.order.totalPrice,
      items: [{ quantity: 2 }],
    });
    await decide(older.orderId, { decision: "approve" });
    expect(await ids()).not.toContain(older.orderId);
    expect((await call("GET", "/api/order/admin/payments", older.shopper.cookie)).statusCode).toBe(403);
  });
});

describe("cancelling an order", () => {
  it("puts the stock back and frees the slot; it is then final", async () => {
    const { orderId, shopper, product, slotId, date } = await orderOfTwo({ capacity: 1 });
    expect(await stockOf(shop, product.product_id)).toBe(3);
    const res = await call("POST", `/api/order/${orderId}/cancel`, shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: "Cancelled", paymentStatus: "Pending" });
    expect(await stockOf(shop, product.product_id)).toBe(5);
    expect(await slotIsFree(slotId, date)).toBe(true);

    expect((await call("POST", `/api/order/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
    expect(await stockOf(shop, product.product_id)).toBe(5);
    const cancelledMails = (await mailsTo(shopper.user.email)).filter((m) => m.endsWith("is cancelled"));
    expect(cancelledMails).toEqual([`Your order ${orderDisplayId(orderId)} is cancelled`]);
    for (const status of ["Order Received", "In Delivery", "Denied"]) {
      const moved = await call("PATCH", `/api/order/${orderId}/status`, admin.cookie, { status });
      expect(moved.statusCode).toBe(409);
    }
  });

  it("is the owner's alone, only while the order is Order Received", async () => {
    const { orderId, shopper } = await orderOfTwo();
    const stranger = await signedIn(shop);
    expect((await call("POST", `/api/order/${orderId}/cancel`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("POST", `/api/order/${orderId}/cancel`, admin.cookie)).statusCode).toBe(404);
    expect((await call("POST", `/api/order/${orderId}/cancel`)).statusCode).toBe(401);
    await call("PATCH", `/api/order/${orderId}/status`, admin.cookie, { status: "In Delivery" });
    expect((await call("POST", `/api/order/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
    // An admin never moves an order to Cancelled.
    const other = await orderOfTwo();
    const toCancelled = await call("PATCH", `/api/order/${other.orderId}/status`, admin.cookie, {
      status: "Cancelled",
    });
    expect(toCancelled.statusCode).toBe(409);
  });

  it("is still allowed while a receipt awaits verification; the receipt then leaves the queue and takes no decision", async () => {
    const { orderId, shopper } = await orderOfTwo();
    await sendReceipt(orderId, shopper.cookie);
    expect((await call("POST", `/api/order/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(200);
    const queue = (await call("GET", "/api/order/admin/payments", admin.cookie)).json<PaymentQueue>();
    expect(queue.orders.map((o) => o.orderId)).not.toContain(orderId);
    for (const decision of ["approve", "reject"]) {
      expect((await decide(orderId, { decision, note: "x" })).statusCode).toBe(409);
    }
  });

  it("is never income: the month's income counts finished orders only", async () => {
    const income = async () =>
      (await call("GET", "/api/order/admin/overview?year=2026&month=12", admin.cookie)).json().monthlyIncome;
    const before = await income();
    const { orderId } = await orderOfTwo();
    await decide(orderId, { decision: "paid", note: "Cash" });
    const cancelled = await orderOfTwo();
    await call("POST", `/api/order/${cancelled.orderId}/cancel`, cancelled.shopper.cookie);
    expect(await income()).toBe(before);
    const overview = await call("GET", `/api/order/admin/overview?search=MB-${orderId}`, admin.cookie);
    const transactions: { order_id: number }[] = overview.json().transactions;
    expect(transactions.find((t) => t.order_id === orderId)).toMatchObject({ payment_status: "Paid", phone: null });
  });
});

async function statusOf(orderId: number) {
  return shop.ctx.db
    .selectFrom("orders")
    .select(["order_status", "payment_status"])
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
}

describe("an unpaid order past its deadline", () => {
  it("lapses once: Cancelled, its stock back and its slot freed; a receipt or payment keeps an order", async () => {
    const unpaid = await orderOfTwo({ capacity: 1 });
    const withReceipt = await orderOfTwo();
    await sendReceipt(withReceipt.orderId, withReceipt.shopper.cookie);
    const paid = await orderOfTwo();
    await decide(paid.orderId, { decision: "paid", note: "Cash at the shop" });

    at += HOUR - 1;
    await expireUnpaidOrders(shop.ctx);
    expect((await statusOf(unpaid.orderId)).order_status).toBe("Order Received");

    at += 1;
    const lapsed = await expireUnpaidOrders(shop.ctx);
    expect(lapsed).toContain(unpaid.orderId);
    expect(lapsed).not.toContain(withReceipt.orderId);
    expect(lapsed).not.toContain(paid.orderId);
    expect(await statusOf(unpaid.orderId)).toEqual({ order_status: "Cancelled", payment_status: "Pending" });
    expect(await statusOf(withReceipt.orderId)).toEqual({
      order_status: "Order Received",
      payment_status: "Awaiting Verification",
    });
    expect((await statusOf(paid.orderId)).payment_status).toBe("Paid");
    expect(await stockOf(shop, unpaid.product.product_id)).toBe(5);
    expect(await slotIsFree(unpaid.slotId, unpaid.date)).toBe(true);

    // A second run finds nothing to do and returns no stock twice.
    expect(await expireUnpaidOrders(shop.ctx)).not.toContain(unpaid.orderId);
    expect(await stockOf(shop, unpaid.product.product_id)).toBe(5);
    const cancelledMail = (to: string) => mailsTo(to).then((all) => all.filter((m) => m.endsWith("is cancelled")));
    expect(await cancelledMail(unpaid.shopper.user.email)).toEqual([
      `Your order ${orderDisplayId(unpaid.orderId)} is cancelled`,
    ]);
    expect(await cancelledMail(withReceipt.shopper.user.email)).toEqual([]);
  });

  it("lapses within a minute through the shop's every-minute job", async () => {
    const { orderId } = await orderOfTwo();
    at += HOUR + MINUTE;
    await runJobs(shop.ctx, [expireUnpaidJob]);
    expect((await statusOf(orderId)).order_status).toBe("Cancelled");
  });

  it("lapses once when two processes on one database run the expiry at the same time", async () => {
    const other: AppContext = { ...shop.ctx, db: openDatabase(shop.ctx.config.databaseUrl).db };
    // Several processes share a PostgreSQL database only; on SQLite the second runs after the first,
    // as after a restart (two SQLite connections in one process would wait on each other's writes).
    const both = <T>(run: (ctx: AppContext) => Promise<T>): Promise<T[]> =>
      shop.ctx.dialect === "postgres"
        ? Promise.all([run(shop.ctx), run(other)])
        : run(shop.ctx).then(async (first) => [first, await run(other)]);
    try {
      const orders = await Promise.all(Array.from({ length: 4 }, () => orderOfTwo()));
      at += 2 * HOUR;
      const ids = orders.map((o) => o.orderId);
      const cancelled = (await both(expireUnpaidOrders)).flat().filter((id) => ids.includes(id));
      expect(cancelled.sort()).toEqual([...ids].sort());
      for (const order of orders) {
        expect(await stockOf(shop, order.product.product_id)).toBe(5);
        expect((await mailsTo(order.shopper.user.email)).filter((m) => m.endsWith("is cancelled"))).toHaveLength(1);
      }
      // The job too: claimed by one runner of the two.
      const late = await orderOfTwo();
      at += 2 * HOUR;
      await both((ctx) => runJobs(ctx, [expireUnpaidJob]));
      expect((await statusOf(late.orderId)).order_status).toBe("Cancelled");
      expect(await stockOf(shop, late.product.product_id)).toBe(5);
    } finally {
      await other.db.destroy();
    }
  });
});
