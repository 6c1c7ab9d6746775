import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { orderDisplayId } from "@florist/contract/rules";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFile } from "../test/fixtures.js";
import { postgresUrl, withAdminClient } from "../test/postgres.js";
import {
  type LoadBalancer,
  roundRobinProxy,
  type ShopProcess,
  startShopProcess,
  stopShopProcess,
} from "../test/processes.js";
import { startTestBucket, type TestBucket } from "../test/s3.js";
import { openDatabase } from "./db/connection.js";
import type { Database } from "./db/database.js";
import { DEMO_POSTS, DEMO_PRODUCTS } from "./db/seed/demo-data.js";
import { queueMail } from "./modules/mail/service.js";

/**
 * Contract §7.5: any number of shop processes serve one PostgreSQL database behind a load balancer.
 * Two real server processes start at the same moment on an empty database, a round-robin proxy
 * stands in front of them, and everything a shopper or admin makes through one works through the
 * other, each with its own DATA_DIR and the files in one bucket (s3rver). PostgreSQL only: SQLite
 * serves one process (docs/several-processes.md), so the SQLite run leaves this file out
 * (vitest.config.ts).
 */

const ADMIN_PASSWORD = "Kembang2026!";
const PASSWORD = "Bunga2025";
const ADDRESS = "Ibu Sari\nJl. Braga No. 1\nBandung";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read as inject()'s json() is in the other API tests
  json: any;
  headers: Headers;
}

async function call(base: string, method: string, url: string, cookie?: string, body?: unknown): Promise<Answer> {
  const form = body instanceof FormData;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body && !form ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, json, headers: response.headers };
}

function cookieOf(answer: Answer): string {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("florist_session="));
  if (!cookie) throw new Error(`No session cookie in answer ${answer.status}: ${JSON.stringify(answer.json)}`);
  return cookie.split(";")[0] as string;
}

/** Until `check` holds, at most `ms`: background work in the processes has no other signal. */
async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms / 1000} s: ${what}`);
    await sleep(200);
  }
}

describe("two shop processes on one PostgreSQL database, behind a round-robin proxy", () => {
  const databaseName = `florist_mp_${randomBytes(6).toString("hex")}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "florist-multi-"));
  /** Each process its own DATA_DIR, as on two machines: the files they share are in the bucket. */
  const dataDirs = [path.join(root, "a"), path.join(root, "b")];
  let bucket: TestBucket;
  let a: ShopProcess;
  let b: ShopProcess;
  let proxy: LoadBalancer;
  let db: Kysely<Database>;
  let admin: string;
  let categoryId: number;

  async function customer(base: string) {
    const name = `shopper${randomBytes(4).toString("hex")}`;
    const registered = await call(base, "POST", "/api/users/register", undefined, {
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    return { name, userId: registered.json.user.user_id as number, cookie: cookieOf(registered) };
  }

  async function product(base: string, stock: number) {
    const created = await call(base, "POST", "/api/products", admin, {
      category_id: categoryId,
      name: `Mawar ${randomBytes(3).toString("hex")}`,
      price: 150000,
      stock_quantity: stock,
      size_available: "Standard",
      color_available: "Red::#c0392b",
      image_url: "https://images.example.com/mawar.jpg",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.productId as number;
  }

  const orderOf = (productId: number, quantity: number) => ({
    shipping_address: ADDRESS,
    items: [{ product_id: productId, quantity, size: "Standard", color: "Red" }],
  });

  const stockOf = async (productId: number) =>
    (
      await db
        .selectFrom("products")
        .select("stock_quantity")
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow()
    ).stock_quantity;

  beforeAll(async () => {
    await withAdminClient((c) => c.query(`CREATE DATABASE ${databaseName}`));
    bucket = await startTestBucket();
    const databaseUrl = postgresUrl(databaseName);
    const env = (dataDir: string) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, "no-web-build"),
      SEED_DEMO: "1",
      ADMIN_PASSWORD,
      JOB_RUNNER: "1",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      // Whatever the test's own environment says: mails go to each DATA_DIR's outbox.
      SMTP_URL: "",
      PUBLIC_UPLOADS_URL: "",
      S3_ENDPOINT: bucket.settings.endpoint,
      S3_BUCKET: bucket.settings.bucket,
      S3_REGION: bucket.settings.region,
      S3_ACCESS_KEY_ID: bucket.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
    });
    // Both start before either is up: they meet on the empty database.
    [a, b] = await Promise.all([
      startShopProcess("A", env(dataDirs[0] as string)),
      startShopProcess("B", env(dataDirs[1] as string)),
    ]);
    await Promise.all([a.healthy(), b.healthy()]);
    proxy = await roundRobinProxy([a.url, b.url]);
    db = openDatabase(databaseUrl).db;
    admin = cookieOf(
      await call(a.url, "POST", "/api/users/login", undefined, { identifier: "admin", password: ADMIN_PASSWORD }),
    );
    categoryId = (await call(b.url, "GET", "/api/category")).json[0].category_id;
    // Room for every order of the load below in the earliest slots.
    await db.updateTable("delivery_slots").set({ capacity: 1000 }).execute();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].flatMap((shop) => (shop ? [stopShopProcess(shop)] : [])));
    await proxy?.close();
    await db?.destroy();
    await bucket?.close();
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it("migrate and seed the empty database once, though they started at the same moment", async () => {
    const output = a.output() + b.output();
    expect(output.match(/Created the admin account/g)).toHaveLength(1);
    expect(output.match(/Seeded the demo catalogue/g)).toHaveLength(1);
    // Every migration of the code is applied: the process that waited found them all done.
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const written = fs
      .readdirSync(path.join(import.meta.dirname, "db/migrations"))
      .filter((file) => !file.includes(".test."))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    expect(applied.rows.map((row) => row.name)).toEqual(written);
    const admins = await db.selectFrom("users").select("user_id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
    for (const base of [a.url, b.url]) {
      expect((await call(base, "GET", "/api/products")).json).toHaveLength(DEMO_PRODUCTS.length);
      expect((await call(base, "GET", "/api/posts")).json).toHaveLength(DEMO_POSTS.length);
    }
  });

  it("share a session: a login through one process is signed in on the other and through the proxy", async () => {
    const shopper = await customer(a.url);
    const login = await call(a.url, "POST", "/api/users/login", undefined, {
      identifier: shopper.name,
      password: PASSWORD,
    });
    const cookie = cookieOf(login);
    const onB = await call(b.url, "GET", "/api/users/session", cookie);
    expect(onB.status).toBe(200);
    expect(onB.json.user.username).toBe(shopper.name);

    const through = await Promise.all([1, 2, 3, 4].map(() => call(proxy.url, "GET", "/api/users/session", cookie)));
    expect(through.map((t) => t.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(through.map((t) => t.headers.get("x-upstream")))).toEqual(new Set([a.url, b.url]));

    // A logout through one ends the session on both.
    expect((await call(b.url, "POST", "/api/users/logout", cookie)).status).toBeLessThan(300);
    expect((await call(a.url, "GET", "/api/users/session", cookie)).status).toBe(401);
  });

  it("share carts and orders: a cart filled through one is seen through the other, an order placed through one is listed through the other", async () => {
    const shopper = await customer(b.url);
    const productId = await product(a.url, 20);
    const added = await call(a.url, "POST", `/api/cart/user/${shopper.userId}/items`, shopper.cookie, {
      productId,
      quantity: 2,
      size: "Standard",
      color: "Red",
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const cart = await call(b.url, "GET", `/api/cart/user/${shopper.userId}/full`, shopper.cookie);
    expect(cart.json.items).toMatchObject([{ productId, quantity: 2 }]);

    const placed = await call(b.url, "POST", "/api/order", shopper.cookie, orderOf(productId, 2));
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const listed = await call(a.url, "GET", `/api/order/user/${shopper.userId}`, shopper.cookie);
    expect(listed.json.map((o: { orderId: number }) => o.orderId)).toEqual([placed.json.orderId]);
    expect((await call(a.url, "GET", `/api/order/${placed.json.orderId}`, shopper.cookie)).status).toBe(200);
    expect(await stockOf(productId)).toBe(18);
  });

  it("show a product changed through one in the other's cached catalogue and product page, also while its listener is cut", async () => {
    const productId = await product(a.url, 5);
    const shown = async (base: string) => {
      const page = (await call(base, "GET", `/api/products/${productId}`)).json;
      const catalog = (await call(base, "GET", "/api/catalog")).json as { products: { productId: number }[] }[];
      const listed = catalog.flatMap((c) => c.products).find((p) => p.productId === productId);
      return { page: page.availabilityStatus, listed: (listed as { availabilityStatus?: string })?.availabilityStatus };
    };
    const mark = async (availabilityStatus: string) => {
      const marked = await call(a.url, "PATCH", `/api/products/${productId}`, admin, { availabilityStatus });
      expect(marked.status, JSON.stringify(marked.json)).toBe(200);
    };
    // Each process listens from its first cached answer on. B keeps both answers, then A changes the product.
    expect(await shown(a.url)).toEqual({ page: "in_stock", listed: "in_stock" });
    expect(await shown(b.url)).toEqual({ page: "in_stock", listed: "in_stock" });
    expect(await shown(b.url)).toEqual({ page: "in_stock", listed: "in_stock" });
    await mark("out_of_stock");
    expect(await shown(b.url)).toEqual({ page: "out_of_stock", listed: "out_of_stock" });

    // The connections the processes listen on are cut: they read the version until they listen again.
    const listeners = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = ${databaseName} and query like 'listen catalog_changed%'`.execute(db)
      ).rows[0]?.n;
    expect(await listeners()).toBe(2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = ${databaseName} and query like 'listen catalog_changed%'`.execute(db);
    await mark("in_stock");
    expect(await shown(b.url)).toEqual({ page: "in_stock", listed: "in_stock" });
    await eventually("both processes listen again", async () => (await listeners()) === 2);
    expect(await shown(b.url)).toEqual({ page: "in_stock", listed: "in_stock" });
    await mark("out_of_stock");
    expect(await shown(b.url)).toEqual({ page: "out_of_stock", listed: "out_of_stock" });
  });

  it("serve a product image uploaded through the other from the shared bucket, and the demo pictures through both", async () => {
    const image = await imageFile({ color: "#8e44ad" });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      category_id: String(categoryId),
      name: "Anggrek ungu",
      price: "275000",
      stock_quantity: "5",
      size_available: "Standard",
      color_available: "Purple",
    })) {
      form.append(name, value);
    }
    form.append("image", new Blob([image.data], { type: image.contentType }), image.filename);
    const created = await call(a.url, "POST", "/api/products", admin, form);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const url: string = created.json.imageUrl;
    expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]{32}\.webp$/);

    const fromA = await fetch(`${a.url}${url}`);
    const fromB = await fetch(`${b.url}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // Neither disk holds it: the bucket does.
    expect(await bucket.keys()).toContain(url.slice(1));
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, url))).toBe(false);

    const demo: { imageUrl: string }[] = (await call(proxy.url, "GET", "/api/products")).json;
    for (const base of [a.url, b.url]) {
      for (const { imageUrl } of demo.slice(0, 3)) {
        expect((await fetch(`${base}${imageUrl}`)).status, `${base}${imageUrl}`).toBe(200);
      }
    }
  });

  it("keep a transfer receipt sent through one private on the other: its owner and the admin see it, no one else", async () => {
    const shopper = await customer(a.url);
    const placed = await call(a.url, "POST", "/api/order", shopper.cookie, orderOf(await product(a.url, 5), 1));
    const receipt = await imageFile({ format: "jpeg", color: "#2980b9" });
    const form = new FormData();
    form.append("payment_proof", new Blob([receipt.data], { type: receipt.contentType }), receipt.filename);
    const sent = await call(a.url, "PUT", `/api/order/${placed.json.orderId}/payment-proof`, shopper.cookie, form);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const url: string = sent.json.paymentProof;
    expect(url).toMatch(/^\/uploads\/receipts\/[a-f0-9]{32}\.webp$/);

    const asAdmin = await fetch(`${b.url}${url}`, { headers: { cookie: admin } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-type")).toBe("image/webp");
    expect(asAdmin.headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await fetch(`${b.url}${url}`, { headers: { cookie: shopper.cookie } })).status).toBe(200);
    const stranger = await customer(b.url);
    expect((await fetch(`${b.url}${url}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await fetch(`${b.url}${url}`)).status).toBe(401);
    // Private files keep out of the bucket's public uploads/ folder.
    expect(await bucket.keys()).toContain(url.replace("/uploads/", ""));
  });

  it("count failed logins together: five failures split across the two lock the account on both", async () => {
    const shopper = await customer(a.url);
    for (const base of [a.url, b.url, a.url, b.url, a.url]) {
      const wrong = await call(base, "POST", "/api/users/login", undefined, {
        identifier: shopper.name,
        password: "not-the-password-1",
      });
      expect(wrong.status).toBe(401);
    }
    for (const base of [b.url, a.url]) {
      const locked = await call(base, "POST", "/api/users/login", undefined, {
        identifier: shopper.name,
        password: PASSWORD,
      });
      expect(locked.status).toBe(429);
      expect(locked.json.message).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    }
  });

  it("run each queued mail and each due job once, though both run the job runner", async () => {
    const shopper = await customer(proxy.url);
    const productId = await product(proxy.url, 50);
    const orders: number[] = [];
    for (const quantity of [1, 2, 3]) {
      const placed = await call(proxy.url, "POST", "/api/order", shopper.cookie, orderOf(productId, quantity));
      expect(placed.status).toBe(201);
      orders.push(placed.json.orderId);
    }
    const [lapsing1, lapsing2, reminded] = orders as [number, number, number];
    const run = randomBytes(3).toString("hex");
    const subjects = Array.from({ length: 40 }, (_, i) => `Mail ${i + 1} of run ${run}`);
    const hour = 60 * 60 * 1000;
    await db.transaction().execute(async (trx) => {
      for (const subject of subjects) {
        await queueMail(trx, { to: "florist@example.com", subject, text: "One of many." });
      }
      // Two orders whose day to pay has passed, one three hours before its deadline.
      await trx
        .updateTable("orders")
        .set({ payment_due_at: new Date(Date.now() - hour).toISOString() })
        .where("order_id", "in", [lapsing1, lapsing2])
        .execute();
      await trx
        .updateTable("orders")
        .set({ payment_due_at: new Date(Date.now() + hour).toISOString() })
        .where("order_id", "=", reminded)
        .execute();
      // A session that ended yesterday, for the pruning.
      await trx
        .insertInto("sessions")
        .values({
          session_hash: `ended-${run}`,
          user_id: shopper.userId,
          created_at: new Date(Date.now() - 40 * 24 * hour).toISOString(),
          expires_at: new Date(Date.now() - 24 * hour).toISOString(),
        })
        .execute();
      // The recurring jobs are due now rather than at their next minute or hour.
      await trx
        .updateTable("jobs")
        .set({ run_at: new Date().toISOString() })
        .where("unique_key", "is not", null)
        .where("claim_token", "is", null)
        .execute();
    });

    await eventually(
      "every mail sent, the lapsed orders cancelled, the reminder queued, the old session pruned",
      async () => {
        const unsent = await db.selectFrom("mails").select("mail_id").where("sent_at", "is", null).execute();
        const cancelled = await db
          .selectFrom("orders")
          .select("order_id")
          .where("order_id", "in", [lapsing1, lapsing2])
          .where("order_status", "=", "Cancelled")
          .execute();
        const reminder = await db
          .selectFrom("orders")
          .select("payment_reminder_sent_at")
          .where("order_id", "=", reminded)
          .executeTakeFirstOrThrow();
        const session = await db
          .selectFrom("sessions")
          .select("session_hash")
          .where("session_hash", "=", `ended-${run}`)
          .executeTakeFirst();
        const queued = await db
          .selectFrom("jobs")
          .select("job_id")
          .where("state", "=", "queued")
          .where("unique_key", "is", null)
          .execute();
        return (
          unsent.length === 0 &&
          cancelled.length === 2 &&
          reminder.payment_reminder_sent_at !== null &&
          session === undefined &&
          queued.length === 0
        );
      },
    );

    // Every mail the shop sent is in an outbox once: the two outboxes' subjects are the sent mails' subjects.
    const mails = await db.selectFrom("mails").select("subject").execute();
    const outboxes = dataDirs.map((dir) => path.join(dir, "outbox")).filter((dir) => fs.existsSync(dir));
    const outbox = outboxes.flatMap((dir) =>
      fs.readdirSync(dir).map((name) => {
        const headers = fs.readFileSync(path.join(dir, name), "utf8").replace(/\r?\n[ \t]/g, " ");
        return /^Subject: (.*?)\r?$/m.exec(headers)?.[1];
      }),
    );
    expect(outbox.sort()).toEqual(mails.map((m) => m.subject).sort());
    for (const subject of subjects)
      expect(
        outbox.filter((s) => s === subject),
        subject,
      ).toHaveLength(1);
    const sendJobs = await db
      .selectFrom("jobs")
      .select(["state", "attempts"])
      .where("kind", "=", "mail.send")
      .execute();
    expect(sendJobs.length).toBe(mails.length);
    expect(sendJobs.every((job) => job.state === "done" && job.attempts === 1)).toBe(true);

    // Each lapsed order was cancelled once: one mail each, and its stock back once.
    const bySubject = (subject: string) => mails.filter((m) => m.subject === subject).length;
    expect(bySubject(`Your order ${orderDisplayId(lapsing1)} is cancelled`)).toBe(1);
    expect(bySubject(`Your order ${orderDisplayId(lapsing2)} is cancelled`)).toBe(1);
    expect(bySubject(`Reminder: order ${orderDisplayId(reminded)} is waiting for payment`)).toBe(1);
    expect(await stockOf(productId)).toBe(50 - 3);
  });

  it("lose no acknowledged order when one process is killed during an order load, and the other keeps serving", async () => {
    const products = [await product(proxy.url, 100_000), await product(proxy.url, 100_000)];
    const buyers = await Promise.all(Array.from({ length: 8 }, () => customer(proxy.url)));
    const acknowledged: { orderId: number; productId: number; quantity: number; at: number }[] = [];
    const refused = new Map<number, number>();
    const started = Date.now();
    const killAt = started + 1500;
    const end = started + 4500;
    let killedAt = 0;
    const killer = (async () => {
      await sleep(killAt - Date.now());
      a.child.kill("SIGKILL");
      killedAt = Date.now();
    })();
    await Promise.all(
      buyers.map(async (buyer, n) => {
        for (let i = 0; Date.now() < end; i++) {
          const productId = products[(n + i) % 2] as number;
          const quantity = 1 + ((n + i) % 3);
          const answer = await call(proxy.url, "POST", "/api/order", buyer.cookie, orderOf(productId, quantity)).catch(
            () => ({ status: 0, json: null }),
          );
          if (answer.status === 201) {
            acknowledged.push({ orderId: answer.json.orderId, productId, quantity, at: Date.now() });
          } else {
            refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
          }
        }
      }),
    );
    await killer;
    expect(await a.exited).toBeNull();

    // Orders were taken before the kill and after it, by the process still running.
    expect(acknowledged.filter((o) => o.at < killedAt).length).toBeGreaterThan(0);
    expect(acknowledged.filter((o) => o.at > killedAt + 200).length).toBeGreaterThan(0);
    // The only failures are the proxy's 502 for requests the killed process had taken (0: an answer cut
    // off on its way); no 409 for stock, no 5xx from the process still running.
    expect([...refused.keys()].filter((status) => status !== 502 && status !== 0)).toEqual([]);

    const rows = await db
      .selectFrom("order_items")
      .select(["order_id", "product_id", "quantity"])
      .where("product_id", "in", products)
      .execute();
    const stored = new Map(rows.map((r) => [r.order_id, r]));
    for (const order of acknowledged) {
      expect(stored.get(order.orderId), `order ${order.orderId}`).toMatchObject({
        product_id: order.productId,
        quantity: order.quantity,
      });
    }
    // Each stored order took its stock once, including any the killed process committed but never answered.
    for (const productId of products) {
      const ordered = rows.filter((r) => r.product_id === productId).reduce((sum, r) => sum + r.quantity, 0);
      expect(100_000 - (await stockOf(productId))).toBe(ordered);
    }

    expect((await call(proxy.url, "GET", "/api/health")).status).toBe(200);
    const buyer = buyers[0] as (typeof buyers)[number];
    const listed = await call(proxy.url, "GET", `/api/order/user/${buyer.userId}`, buyer.cookie);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-upstream")).toBe(b.url);
  });
});
