import fs from "node:fs/promises";
import path from "node:path";
import type { OrderDetail, Product } from "@florist/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, imageFile, multipartForm, PHOTO_COPY_SUFFIXES, placeOrder } from "../../../test/fixtures.js";
import { callerOf, createTestShop, type SignedIn, signedIn, type TestShop } from "../../../test/harness.js";
import { startTestBucket, type TestBucket } from "../../../test/s3.js";
import { seed } from "../../db/seed/seed.js";
import { runDueJobs } from "../../modules/jobs/runner.js";
import { enqueueJob } from "../../modules/jobs/service.js";
import { photoCopiesJob } from "../../modules/products/photo-copies.js";
import type { Mail } from "../mailer.js";

const STORED = /^\/uploads\/(products|proofs|receipts)\/([a-f0-9]{32})\.webp$/;
/** The key a stored path's file has in either store: its place under DATA_DIR. */
function keyOf(url: string | null): string {
  const [, area, name] = STORED.exec(url ?? "") ?? [];
  if (!name) throw new Error(`Not a stored image: ${url}`);
  return area === "products" ? `uploads/products/${name}.webp` : `${area}/${name}.webp`;
}

/** A product's picture as stored: a path the shop made. */
function storedUrl(product: Product): string {
  expect(product.imageUrl).toMatch(STORED);
  return product.imageUrl as string;
}

/** Every file under a folder, as paths relative to it with "/" between parts. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

/**
 * The same upload, serve and delete cases on both stores: DATA_DIR as `npm start` uses it, and a
 * bucket on a local S3-compatible server, as S3_* selects.
 */
describe.each(["disk", "s3"] as const)("files kept on %s", (kind) => {
  let bucket: TestBucket | undefined;
  let shop: TestShop;
  let admin: SignedIn;
  let owner: SignedIn;
  const sent: Mail[] = [];
  const call = callerOf(() => shop);

  beforeAll(async () => {
    bucket = kind === "s3" ? await startTestBucket() : undefined;
    shop = await createTestShop(bucket ? { s3: bucket.settings } : {});
    shop.ctx.mailer = { send: async (mail) => void sent.push(mail) };
    admin = await signedIn(shop, "admin");
    owner = await signedIn(shop, "customer");
  });
  afterAll(async () => {
    await shop?.close();
    await bucket?.close();
  });

  /** What the store holds, as keys: the bucket's objects, or the files under DATA_DIR that are uploads. */
  async function storedKeys(): Promise<string[]> {
    if (bucket) return bucket.keys();
    const all = await filesUnder(shop.dataDir);
    return all.filter((f) => /^(uploads|proofs|receipts)\//.test(f)).sort();
  }

  async function uploadProduct(width = 200): Promise<Product> {
    const category = await shop.ctx.db.selectFrom("categories").select("category_id").executeTakeFirstOrThrow();
    const fields = {
      category_id: category.category_id,
      name: `Peonies ${kind}`,
      description: "Pink peonies.",
      price: 300000,
      stock_quantity: 3,
      size_available: "Small",
      color_available: "Pink",
      availability_status: "in_stock",
      product_type: "real",
    };
    const form = multipartForm(fields, { image: await imageFile({ width }) });
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function uploadTo(url: string, field: string, cookie: string) {
    const form = multipartForm({}, { [field]: await imageFile({ color: "#2f9e44" }) });
    const res = await shop.app.inject({
      method: "PUT",
      url,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function newOrder(): Promise<OrderDetail> {
    const product = await createProduct(shop);
    const res = await placeOrder(shop, owner.cookie, [{ product_id: product.product_id }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("keeps an uploaded product image in the store and serves it at its /uploads/ path as WebP, cached for a month", async () => {
    const imageUrl = storedUrl(await uploadProduct());
    const key = keyOf(imageUrl);
    const copyKeys = PHOTO_COPY_SUFFIXES.map((copy) => key.replace(".webp", `${copy}.webp`));
    expect(await storedKeys()).toEqual(expect.arrayContaining([key, ...copyKeys]));
    if (bucket) expect(await filesUnder(path.join(shop.dataDir, "uploads"))).toEqual([]);

    for (const url of [imageUrl, ...PHOTO_COPY_SUFFIXES.map((copy) => imageUrl.replace(".webp", `${copy}.webp`))]) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(res.rawPayload).metadata()).width).toBe(200);
    }
    const head = await shop.app.inject({ method: "HEAD", url: imageUrl });
    expect(head.statusCode).toBe(200);
    expect((await call("GET", `/uploads/products/${"0".repeat(32)}.webp`)).statusCode).toBe(404);
    expect((await call("GET", "/uploads/products/../../shop.db")).statusCode).toBe(404);
  });

  it("deletes a product's files from the store with the product, and its path then answers 404", async () => {
    const product = await uploadProduct();
    const imageUrl = storedUrl(product);
    const res = await call("DELETE", `/api/products/${product.productId}`, admin.cookie);
    expect(res.statusCode).toBe(204);
    const keys = await storedKeys();
    expect(keys).not.toContain(keyOf(imageUrl));
    for (const copy of PHOTO_COPY_SUFFIXES) {
      expect(keys).not.toContain(keyOf(imageUrl).replace(".webp", `${copy}.webp`));
    }
    expect((await call("GET", imageUrl)).statusCode).toBe(404);
  });

  it("gives a photo stored before the phone copy existed its copy, in the store, from the photo-copies job", async () => {
    const imageUrl = storedUrl(await uploadProduct(1000));
    const phoneUrl = imageUrl.replace(".webp", "-phone.webp");
    // As a photo stored before the phone width was added: the photo and its card copy only.
    await shop.ctx.files.delete(keyOf(imageUrl).replace(".webp", "-phone.webp"));
    expect((await call("GET", phoneUrl)).statusCode).toBe(404);
    const card = await call("GET", imageUrl.replace(".webp", "-card.webp"));

    await enqueueJob(shop.ctx.db, photoCopiesJob, {});
    expect((await runDueJobs(shop.ctx)).failed).toBe(0);
    const phone = await call("GET", phoneUrl);
    expect(phone.statusCode).toBe(200);
    expect(phone.headers["content-type"]).toBe("image/webp");
    expect((await sharp(phone.rawPayload).metadata()).width).toBe(840);
    // The copies it had are left as they were.
    expect((await call("GET", imageUrl.replace(".webp", "-card.webp"))).rawPayload.equals(card.rawPayload)).toBe(true);
  });

  it("keeps a delivery proof private: its owner and admins get it, another shopper 404, nobody signed in 401", async () => {
    const order = await newOrder();
    const { orderProof } = await uploadTo(`/api/order/${order.orderId}/proof`, "order_proof", admin.cookie);
    expect(await storedKeys()).toContain(`proofs/${path.basename(orderProof)}`);
    for (const who of [owner.cookie, admin.cookie]) {
      const res = await call("GET", orderProof, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("private, max-age=3600");
    }
    const other = await signedIn(shop, "customer");
    expect((await call("GET", orderProof, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", orderProof)).statusCode).toBe(401);

    const second = await uploadTo(`/api/order/${order.orderId}/proof`, "order_proof", admin.cookie);
    expect(await storedKeys()).not.toContain(`proofs/${path.basename(orderProof)}`);
    expect((await call("GET", second.orderProof, owner.cookie)).statusCode).toBe(200);
  });

  it("keeps a transfer receipt private: its owner and admins get it, another shopper 404", async () => {
    const order = await newOrder();
    const { paymentProof } = await uploadTo(`/api/order/${order.orderId}/payment-proof`, "payment_proof", owner.cookie);
    expect(await storedKeys()).toContain(`receipts/${path.basename(paymentProof)}`);
    for (const who of [owner.cookie, admin.cookie]) {
      const res = await call("GET", paymentProof, who);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    }
    const other = await signedIn(shop, "customer");
    expect((await call("GET", paymentProof, other.cookie)).statusCode).toBe(404);
  });

  it("lists the keys under a folder, sorted, as a backup reads them", async () => {
    const order = await newOrder();
    const { paymentProof } = await uploadTo(`/api/order/${order.orderId}/payment-proof`, "payment_proof", owner.cookie);
    const receipts = await shop.ctx.files.list("receipts");
    expect(receipts).toContain(`receipts/${path.basename(paymentProof)}`);
    expect(receipts).toEqual((await storedKeys()).filter((key) => key.startsWith("receipts/")));
    expect(await shop.ctx.files.list("no-such-folder")).toEqual([]);
  });

  it("mails the Finished order's delivery photo, read from the store", async () => {
    const order = await newOrder();
    const setStatus = (status: string) => call("PATCH", `/api/order/${order.orderId}/status`, admin.cookie, { status });
    expect((await setStatus("In Delivery")).statusCode).toBe(200);
    await uploadTo(`/api/order/${order.orderId}/proof`, "order_proof", admin.cookie);
    expect((await setStatus("Finished")).statusCode).toBe(200);
    await runDueJobs(shop.ctx);
    const finished = sent.find((m) => m.subject.endsWith("have been delivered"));
    expect(finished?.attachments?.[0]).toMatchObject({ cid: "delivery-photo", contentType: "image/jpeg" });
    expect((await sharp(finished?.attachments?.[0]?.content).metadata()).format).toBe("jpeg");
  });

  it("stores a new shop's demo pictures there and serves them", async () => {
    await seed(shop.ctx.db, { ...shop.ctx.config, seedDemo: true }, () => {});
    const products = (await call("GET", "/api/products")).json() as Product[];
    const urls = products.flatMap((p) => (p.name === `Peonies ${kind}` || !p.imageUrl ? [] : [p.imageUrl]));
    expect(urls.length).toBeGreaterThanOrEqual(12);
    const keys = await storedKeys();
    for (const url of urls) {
      expect(keys).toContain(keyOf(url));
      expect((await call("GET", url)).statusCode).toBe(200);
    }
  });
});

describe("public images behind a CDN (PUBLIC_UPLOADS_URL)", () => {
  let shop: TestShop;
  const call = callerOf(() => shop);
  beforeAll(async () => {
    shop = await createTestShop({ publicUploadsUrl: "https://cdn.example.com/florist" });
  });
  afterAll(() => shop.close());

  it("redirects a public image to the same path at the CDN", async () => {
    const name = `${"a".repeat(32)}-card.webp`;
    const res = await call("GET", `/uploads/products/${name}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.example.com/florist/products/${name}`);
    expect((await call("GET", "/uploads/products/../../shop.db")).statusCode).toBe(404);
  });

  it("still answers proofs and receipts only through their guarded routes", async () => {
    const res = await call("GET", `/uploads/proofs/${"a".repeat(32)}.webp`);
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
  });
});
