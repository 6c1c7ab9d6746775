import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, imageFile, multipartForm, placeOrder } from "../../../test/fixtures.js";
import { createTestShop, type SignedIn, signedIn, type TestShop } from "../../../test/harness.js";
import { startTestBucket, type TestBucket } from "../../../test/s3.js";
import { buildApp } from "../../app.js";
import { openFileStore } from "./index.js";

const ROOT = path.resolve(import.meta.dirname, "../../../../..");

let shop: TestShop;
let bucket: TestBucket;
let admin: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  shop = await createTestShop();
  bucket = await startTestBucket();
  admin = await signedIn(shop, "admin");
  owner = await signedIn(shop, "customer");
});
afterAll(async () => {
  await shop?.close();
  await bucket?.close();
});

/**
 * `npm run storage:migrate` with the shop's DATA_DIR and the bucket's S3_* settings; its exit status and
 * printed lines. Asynchronous: the bucket's server runs in this process and must keep answering.
 */
function migrate(s3 = true): Promise<{ status: number | null; lines: string[]; stderr: string }> {
  const { settings } = bucket;
  // An empty setting counts as unset, whatever the environment of the test run holds.
  const env = {
    ...process.env,
    DATA_DIR: shop.dataDir,
    S3_ENDPOINT: s3 ? settings.endpoint : "",
    S3_BUCKET: s3 ? settings.bucket : "",
    S3_REGION: s3 ? settings.region : "",
    S3_ACCESS_KEY_ID: s3 ? settings.accessKeyId : "",
    S3_SECRET_ACCESS_KEY: s3 ? settings.secretAccessKey : "",
  };
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", "storage:migrate"], { cwd: ROOT, env }, (error, stdout, stderr) => {
      resolve({ status: error ? (error.code as number) : 0, lines: stdout.trim().split("\n"), stderr });
    });
  });
}

async function upload(method: "POST" | "PUT", url: string, field: string, cookie: string, fields = {}) {
  const form = multipartForm(fields, { [field]: await imageFile() });
  const res = await shop.app.inject({ method, url, headers: { cookie, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe("npm run storage:migrate", () => {
  it("copies a disk shop's images, proofs and receipts into the bucket, once, and the shop then serves them from it", async () => {
    const product = await createProduct(shop);
    const image = await upload("POST", `/api/products/${product.product_id}/images`, "image", admin.cookie, {
      color_name: "Red",
    });
    const order = (await placeOrder(shop, owner.cookie, [{ product_id: product.product_id }])).json();
    const { orderProof } = await upload("PUT", `/api/order/${order.orderId}/proof`, "order_proof", admin.cookie);
    const { paymentProof } = await upload(
      "PUT",
      `/api/order/${order.orderId}/payment-proof`,
      "payment_proof",
      owner.cookie,
    );
    await fs.writeFile(path.join(shop.dataDir, "uploads", "products", "notes from 2024.txt"), "not an upload");

    const first = await migrate();
    expect(first.status, first.stderr).toBe(0);
    const name = (url: string) => path.basename(url, ".webp");
    const expected = [
      `proofs/${name(orderProof)}.webp`,
      `receipts/${name(paymentProof)}.webp`,
      `uploads/products/${name(image.image_url)}-thumb.webp`,
      `uploads/products/${name(image.image_url)}-card.webp`,
      `uploads/products/${name(image.image_url)}-phone.webp`,
      `uploads/products/${name(image.image_url)}.webp`,
    ].sort();
    expect(await bucket.keys()).toEqual(expected);
    expect(first.lines).toEqual(expect.arrayContaining(expected.map((key) => `copied ${key}`)));
    expect(first.lines).toContain("ignored uploads/products/notes from 2024.txt: not a file the shop stores");
    expect(first.lines.at(-1)).toBe("Done: 6 copied, 0 already there, 1 ignored.");

    const second = await migrate();
    expect(second.status).toBe(0);
    expect(second.lines.filter((l) => l.startsWith("copied"))).toEqual([]);
    expect(second.lines.at(-1)).toBe("Done: 0 copied, 6 already there, 1 ignored.");

    // The same database, now with S3_* set: every path it holds finds its file in the bucket.
    const config = { ...shop.ctx.config, s3: bucket.settings };
    const files = openFileStore({ dataDir: path.join(shop.dataDir, "elsewhere"), s3: bucket.settings });
    const onBucket = await buildApp({ ...shop.ctx, config, files });
    try {
      expect((await onBucket.inject({ url: image.image_url })).headers["content-type"]).toBe("image/webp");
      const proof = await onBucket.inject({ url: orderProof, headers: { cookie: owner.cookie } });
      expect(proof.statusCode).toBe(200);
      const receipt = await onBucket.inject({ url: paymentProof, headers: { cookie: admin.cookie } });
      expect(receipt.statusCode).toBe(200);
    } finally {
      await onBucket.close();
      await files.close();
    }
  });

  it("says which settings it needs when S3_* is not set, and copies nothing", async () => {
    const run = await migrate(false);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  });
});
