import type { AuditAction, AuditPage } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { setClock } from "../../lib/time.js";
import { recordChange } from "./service.js";

// A shop of its own: the log lists every entry, so no other test's changes may appear here.
let shop: TestShop;
let ani: { user_id: number; username: string; cookie: string };
let budi: { user_id: number; username: string; cookie: string };

/**
 * Writes an entry as `actor` made it `minutes` after 09:00 WIB on 1 March 2026. `action` may be a code
 * the shop does not write ("products.import"), to show that the kind filter matches whole kinds.
 */
async function entry(actor: { user_id: number; username: string }, minutes: number, action: string, details = {}) {
  const at = Date.UTC(2026, 2, 1, 2, minutes);
  setClock(() => at);
  try {
    const change = { action: action as AuditAction, target: `${action.split(".")[0]}:${minutes}`, details };
    await recordChange(shop.ctx.db, actor, change);
  } finally {
    setClock(null);
  }
}

beforeAll(async () => {
  shop = await createTestShop();
  const a = await signedIn(shop, "admin");
  const b = await signedIn(shop, "admin");
  ani = { user_id: a.user.user_id, username: a.user.username, cookie: a.cookie };
  budi = { user_id: b.user.user_id, username: b.user.username, cookie: b.cookie };
  await entry(ani, 1, "product.update", { before: { price: 100000 }, after: { price: 125000 } });
  await entry(budi, 2, "order.status", { before: "Order Received", after: "In Delivery" });
  await entry(ani, 3, "products.import", { before: null, after: { count: 2 } });
  await entry(budi, 4, "product.delete", { before: { name: "Rose" }, after: null });
  await entry(ani, 5, "settings.payment", { before: { token: "s3cret", banks: 1 }, after: { banks: 2 } });
});
afterAll(() => shop.close());

async function audit(query = "", cookie = ani.cookie) {
  return shop.app.inject({ method: "GET", url: `/api/admin/audit${query}`, headers: { cookie } });
}

async function page(query = "") {
  const res = await audit(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
}

const actions = (answer: AuditPage) => answer.entries.map((e) => e.action);

describe("the audit log", () => {
  it("lists every change newest first, with who made it, what and before → after", async () => {
    const answer = await page();
    expect(actions(answer)).toEqual([
      "settings.payment",
      "product.delete",
      "products.import",
      "order.status",
      "product.update",
    ]);
    expect(answer.entries.at(-1)).toEqual({
      id: expect.any(Number),
      at: "2026-03-01T02:01:00.000Z",
      userId: ani.user_id,
      username: ani.username,
      action: "product.update",
      target: "product:1",
      details: { before: { price: 100000 }, after: { price: 125000 } },
    });
    expect(answer.pagination).toEqual({ page: 1, limit: 10, total: 5, hasNext: false });
  });

  it("names the admins and kinds the whole log holds, to filter by", async () => {
    const { filters } = await page(`?kind=order`);
    expect(filters.kinds).toEqual(["order", "product", "products", "settings"]);
    expect(filters.admins).toEqual(
      [ani, budi]
        .map(({ user_id, username }) => ({ userId: user_id, username }))
        .sort((a, b) => (a.username < b.username ? -1 : 1)),
    );
  });

  it("never answers a secret, even one an entry holds", async () => {
    const [payment] = (await page()).entries;
    expect(payment?.details).toEqual({ before: { banks: 1 }, after: { banks: 2 } });
    expect(JSON.stringify(payment)).not.toContain("s3cret");
  });

  it("pages on the server", async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => page(`?limit=2&page=${n}`)));
    expect(pages.map(actions)).toEqual([
      ["settings.payment", "product.delete"],
      ["products.import", "order.status"],
      ["product.update"],
    ]);
    expect(pages.map((p) => p.pagination.hasNext)).toEqual([true, true, false]);
  });

  it("filters by the admin and by the kind, the first word of the action", async () => {
    expect(actions(await page(`?userId=${budi.user_id}`))).toEqual(["product.delete", "order.status"]);
    expect(actions(await page("?kind=product"))).toEqual(["product.delete", "product.update"]);
    const both = await page(`?kind=product&userId=${ani.user_id}`);
    expect(actions(both)).toEqual(["product.update"]);
    expect(both.pagination.total).toBe(1);
    expect((await page("?kind=blog")).entries).toEqual([]);
  });

  it("is for admins only: 403 for a customer, 401 anonymously", async () => {
    const customer = await signedIn(shop, "customer");
    expect((await audit("", customer.cookie)).statusCode).toBe(403);
    expect((await shop.app.inject({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(401);
  });

  it("refuses a bad page, limit, admin or kind (400) and says why", async () => {
    const cases: [string, string][] = [
      ["?page=0", "page starts at 1."],
      ["?limit=101", "limit is at most 100."],
      ["?userId=abc", "must be a number"],
      ["?kind=Product", "kind must be one word of small letters, like product or order."],
      ["?kind=product.update", "kind must be one word of small letters, like product or order."],
      ["?kind=%25", "kind must be one word of small letters, like product or order."],
    ];
    for (const [query, message] of cases) {
      const res = await audit(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe("the entries admin changes write", () => {
  async function send(method: "PUT" | "PATCH", url: string, payload: object) {
    return shop.app.inject({ method, url, payload, headers: { cookie: ani.cookie } });
  }

  it("shows a product's new price before → after, by the admin who changed it", async () => {
    const product = await createProduct(shop, { name: "Audit Roses", price: 200000 });
    const category = await shop.ctx.db.selectFrom("categories").select("category_id").executeTakeFirstOrThrow();
    const res = await send("PUT", `/api/products/${product.product_id}`, {
      category_id: category.category_id,
      name: "Audit Roses",
      description: "Roses for a test.",
      price: 235000,
      stock_quantity: 10,
      size_available: "Small, Large",
      color_available: "Red::#c0392b, White",
      availability_status: "in_stock",
      product_type: "real",
    });
    expect(res.statusCode, res.body).toBe(200);

    const [latest] = (await page(`?kind=product&userId=${ani.user_id}`)).entries;
    expect(latest).toMatchObject({ action: "product.update", target: `product:${product.product_id}` });
    expect(latest?.details).toMatchObject({
      before: { name: "Audit Roses", price: 200000 },
      after: { name: "Audit Roses", price: 235000 },
    });
  });

  it("writes nothing when the change is refused", async () => {
    const before = (await page()).pagination.total;
    const product = await createProduct(shop);
    const refused = await send("PUT", `/api/products/${product.product_id}`, { name: "" });
    expect(refused.statusCode).toBe(400);
    const missing = await send("PATCH", "/api/order/999999/status", { status: "In Delivery" });
    expect(missing.statusCode).toBe(404);
    expect((await page()).pagination.total).toBe(before);
  });

  it("records the delivery fee and the payment settings, before → after", async () => {
    expect((await send("PUT", "/api/settings/delivery-fee", { deliveryFee: 35000 })).statusCode).toBe(200);
    const payment = {
      bankAccounts: [{ bank: "BCA", accountNumber: "1234567890", accountName: "Toko Bunga" }],
      paymentWindowMinutes: 90,
    };
    expect((await send("PUT", "/api/settings/payment", payment)).statusCode).toBe(200);

    const [paymentEntry, feeEntry] = (await page("?kind=settings&limit=2")).entries;
    expect(feeEntry).toMatchObject({
      action: "settings.delivery-fee",
      details: { before: { deliveryFee: 50000 }, after: { deliveryFee: 35000 } },
    });
    expect(paymentEntry).toMatchObject({ action: "settings.payment", details: { after: payment } });
  });
});
