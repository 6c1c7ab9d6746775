import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, imageFile, multipartForm, placeOrder, setOrder } from "../test/fixtures.js";
import { createUser, login, type TestShop } from "../test/harness.js";
import { startTestBucket, type TestBucket } from "../test/s3.js";
import {
  BackupError,
  backup,
  backupToBucket,
  bucketBackups,
  MANIFEST,
  type Manifest,
  restore,
  restoreFromBucket,
} from "./backup.js";
import { type Config, loadConfig } from "./config.js";
import type { S3Settings } from "./lib/storage/index.js";
import { s3Store } from "./lib/storage/s3.js";
import { runDueJobs } from "./modules/jobs/runner.js";
import { createShop } from "./shop.js";

/**
 * `npm run backup` and `npm run restore` on a shop of their own on SQLite (the backup is SQLite's;
 * on PostgreSQL the tool points to pg_dump), whichever database the API suite runs on.
 */

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "florist-backup-"));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const configIn = (dataDir: string, extra: NodeJS.ProcessEnv = {}): Config =>
  loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "0",
    JOB_RUNNER: "0",
    APP_URL: "http://shop.test",
    WEB_DIST: path.join(root, "no-web-build"),
    ...extra,
  });

/** A shop as `npm start` opens it (migrate, seed, app) on the given data directory. */
async function openShop(config: Config): Promise<TestShop> {
  const { app, ctx } = await createShop(config, { log: () => {} });
  return { app, ctx, dataDir: config.dataDir, close: () => app.close() };
}

/** A shop taking orders: a shopper, an admin, a product, a delivery proof, a transfer receipt and seven orders with their mails. */
async function busyShop(config: Config) {
  const shop = await openShop(config);
  const customer = await createUser(shop);
  const admin = await createUser(shop, { role: "admin" });
  const cookie = await login(shop, customer.username);
  const adminCookie = await login(shop, admin.username);
  const productId = (await createProduct(shop, { stock: 100_000 })).product_id;
  /** Every order in the order it was acknowledged (201). */
  const acknowledged: number[] = [];
  const order = async () => {
    const res = await placeOrder(shop, cookie, [{ product_id: productId }]);
    expect(res.statusCode, res.body).toBe(201);
    acknowledged.push(res.json().orderId);
    return res.json().orderId as number;
  };

  // A delivery proof and a transfer receipt, private files the backup must carry with their orders.
  const delivered = await order();
  await setOrder(shop, delivered, { order_status: "In Delivery" });
  const proof = multipartForm({}, { order_proof: await imageFile({ color: "#2e86c1" }) });
  const proofRes = await shop.app.inject({
    method: "PUT",
    url: `/api/order/${delivered}/proof`,
    headers: { ...proof.headers, cookie: adminCookie },
    payload: proof.payload,
  });
  expect(proofRes.statusCode, proofRes.body).toBe(200);
  const paid = await order();
  const receipt = multipartForm({}, { payment_proof: await imageFile({ color: "#27ae60" }) });
  const receiptRes = await shop.app.inject({
    method: "PUT",
    url: `/api/order/${paid}/payment-proof`,
    headers: { ...receipt.headers, cookie },
    payload: receipt.payload,
  });
  expect(receiptRes.statusCode, receiptRes.body).toBe(200);
  const privateFiles: { url: string; bytes: Buffer }[] = [];
  for (const url of [proofRes.json().orderProof, receiptRes.json().paymentProof] as string[]) {
    const file = await shop.app.inject({ url, headers: { cookie } });
    privateFiles.push({ url, bytes: file.rawPayload });
  }
  for (let i = 0; i < 5; i += 1) await order();
  // The order mails, written to the outbox as the job runner sends them.
  await runDueJobs(shop.ctx);
  return { shop, cookie, productId, acknowledged, order, privateFiles };
}
type BusyShop = Awaited<ReturnType<typeof busyShop>>;

/**
 * Runs `take` while two shoppers keep ordering; answers what it answered, the orders acknowledged
 * before it began, and how many were acknowledged while it ran.
 */
async function whileOrdering<T>(busy: BusyShop, take: () => Promise<T>) {
  let running = true;
  const shoppers = [0, 1].map(async () => {
    while (running) await busy.order();
  });
  const from = busy.acknowledged.length;
  try {
    while (busy.acknowledged.length < from + 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = [...busy.acknowledged];
    const result = await take();
    const during = busy.acknowledged.length - before.length;
    return { result, before, during };
  } finally {
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await Promise.all(shoppers);
  }
}

/** The restored shop holds every order acknowledged before the backup began and serves their files as they were. */
async function expectRestored(again: TestShop, busy: BusyShop, before: number[]) {
  expect(before.length).toBeGreaterThanOrEqual(12);
  for (const orderId of before) {
    const res = await again.app.inject({ url: `/api/order/${orderId}`, headers: { cookie: busy.cookie } });
    expect(res.statusCode, `order ${orderId}: ${res.body}`).toBe(200);
  }
  for (const { url, bytes } of busy.privateFiles) {
    const res = await again.app.inject({ url, headers: { cookie: busy.cookie } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.rawPayload.equals(bytes), url).toBe(true);
  }
}

describe("a backup taken while orders keep coming", () => {
  let original: Config;
  let busy: BusyShop;
  let taken: { dir: string; manifest: Manifest };
  let before: number[];
  let during: number;

  beforeAll(async () => {
    original = configIn(path.join(root, "data"));
    busy = await busyShop(original);
    try {
      ({
        result: taken,
        before,
        during,
      } = await whileOrdering(busy, () => backup(original, { target: path.join(root, "backups") })));
    } finally {
      await busy.shop.close();
    }
  });

  it("is taken while orders are acknowledged, and lists its files with their sizes and hashes", async () => {
    expect(during).toBeGreaterThan(0);
    expect(path.basename(taken.dir)).toMatch(/^florist-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const manifest = JSON.parse(await fs.readFile(path.join(taken.dir, MANIFEST), "utf8")) as Manifest;
    expect(manifest).toEqual(taken.manifest);
    expect(manifest.database).toMatchObject({ path: "shop.db", newestMigration: expect.stringMatching(/^\d{14}_/) });
    expect(manifest.filesFrom).toBe("disk");
    const paths = manifest.files.map((f) => f.path);
    for (const { url } of busy.privateFiles) expect(paths).toContain(`files${url.replace("/uploads", "")}`);
    expect(paths.some((p) => p.startsWith("files/outbox/"))).toBe(true);
    for (const entry of manifest.files)
      expect(entry).toMatchObject({ bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  describe("restored into a new data directory", () => {
    let again: TestShop;
    beforeAll(async () => {
      const restored = configIn(path.join(root, "restored"));
      await restore(restored, taken.dir);
      again = await openShop(restored);
    });
    afterAll(() => again.close());

    it("holds every order acknowledged before the backup began, with its proof and receipt as they were", async () => {
      await expectRestored(again, busy, before);
    });

    it("takes new orders after the restored ones", async () => {
      const res = await placeOrder(again, busy.cookie, [{ product_id: busy.productId }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().orderId).toBeGreaterThan(Math.max(...before));
    });
  });

  it("refuses to restore over a data directory that holds anything, unless forced", async () => {
    const occupied = configIn(path.join(root, "occupied"));
    await fs.mkdir(path.join(occupied.dataDir, "uploads"), { recursive: true });
    await fs.writeFile(path.join(occupied.dataDir, "uploads", "keep.txt"), "the shop's own file");
    await expect(restore(occupied, taken.dir)).rejects.toThrow(
      `${occupied.dataDir} is not empty: restoring would replace the shop's data there. Choose an empty DATA_DIR, or stop the shop and run again with --force.`,
    );
    expect(await fs.readFile(path.join(occupied.dataDir, "uploads", "keep.txt"), "utf8")).toBe("the shop's own file");

    await restore(occupied, taken.dir, { force: true });
    await expect(fs.access(path.join(occupied.dataDir, "uploads", "keep.txt"))).rejects.toThrow();
    await expect(fs.access(path.join(occupied.dataDir, "shop.db"))).resolves.toBeUndefined();
  });

  it("refuses a damaged backup before touching anything", async () => {
    const copy = path.join(root, "damaged");
    await fs.cp(taken.dir, copy, { recursive: true });
    const victim = taken.manifest.files[0]?.path as string;
    await fs.appendFile(path.join(copy, victim), "x");
    const target = configIn(path.join(root, "untouched"));
    await expect(restore(target, copy)).rejects.toThrow(
      `The backup is damaged: ${victim} is missing or differs from its manifest.`,
    );
    await expect(fs.readdir(target.dataDir)).rejects.toThrow();
  });
});

/** The S3_* settings of a bucket, as the shop's environment names them. */
const s3Env = (settings: S3Settings): NodeJS.ProcessEnv => ({
  S3_ENDPOINT: settings.endpoint,
  S3_BUCKET: settings.bucket,
  S3_REGION: settings.region,
  S3_ACCESS_KEY_ID: settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
});

/** The images, proofs and receipts a bucket holds, through the shop's own store. */
async function shopFilesIn(settings: S3Settings): Promise<string[]> {
  const store = s3Store(settings);
  try {
    return (await Promise.all(["uploads", "proofs", "receipts"].map((folder) => store.list(folder)))).flat();
  } finally {
    await store.close();
  }
}

describe("a backup of a shop whose files are in a bucket, taken while orders keep coming", () => {
  let server: TestBucket;
  /** A bucket on the same server as the shop's, made empty. */
  let emptyBucket: (name: string) => Promise<S3Settings>;
  let original: Config;
  let busy: BusyShop;
  let toFolder: Awaited<ReturnType<typeof whileOrdering<{ dir: string; manifest: Manifest }>>>;
  let toBucket: Awaited<ReturnType<typeof whileOrdering<Awaited<ReturnType<typeof backupToBucket>>>>>;

  beforeAll(async () => {
    server = await startTestBucket();
    emptyBucket = async (name) => {
      const settings = { ...server.settings, bucket: name };
      const client = new S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        forcePathStyle: true,
      });
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return settings;
    };
    original = configIn(path.join(root, "bucket-shop"), {
      ...s3Env(server.settings),
      BACKUP_S3_PREFIX: "nightly/florist",
    });
    busy = await busyShop(original);
    try {
      toFolder = await whileOrdering(busy, () => backup(original, { target: path.join(root, "bucket-shop-backups") }));
      toBucket = await whileOrdering(busy, () => backupToBucket(original));
    } finally {
      await busy.shop.close();
    }
  });
  afterAll(() => server?.close());

  it("copies the bucket's images, proofs and receipts with DATA_DIR's outbox", async () => {
    expect(toFolder.during).toBeGreaterThan(0);
    const { manifest } = toFolder.result;
    expect(manifest.filesFrom).toBe("bucket");
    const paths = manifest.files.map((f) => f.path);
    for (const { url } of busy.privateFiles) expect(paths).toContain(`files${url.replace("/uploads", "")}`);
    expect(paths.some((p) => p.startsWith("files/outbox/"))).toBe(true);
    // The proofs were in the bucket, never in DATA_DIR.
    await expect(fs.readdir(path.join(original.dataDir, "proofs"))).rejects.toThrow();
  });

  it("restored into a new DATA_DIR and an empty bucket, holds every order acknowledged before it began, with its files", async () => {
    const bucket = await emptyBucket("restored-from-folder");
    const restored = configIn(path.join(root, "bucket-restored"), s3Env(bucket));
    await restore(restored, toFolder.result.dir);
    const keys = await shopFilesIn(bucket);
    for (const { url } of busy.privateFiles) expect(keys).toContain(url.replace("/uploads/", ""));
    const again = await openShop(restored);
    try {
      await expectRestored(again, busy, toFolder.before);
    } finally {
      await again.close();
    }
    // The bucket now holds the shop's files: another restore into it is refused.
    await expect(
      restore(configIn(path.join(root, "bucket-again"), s3Env(bucket)), toFolder.result.dir),
    ).rejects.toThrow(
      `The bucket restored-from-folder at ${bucket.endpoint} already holds images, proofs or receipts: restoring would overwrite them. Choose an empty bucket, or stop the shop and run again with --force.`,
    );
  });

  it("can be written to a folder of a bucket and restored from there", async () => {
    expect(toBucket.during).toBeGreaterThan(0);
    const { name, manifest } = toBucket.result;
    const folder = `nightly/florist/${name}`;
    const written = (await server.keys()).filter((key) => key.startsWith("nightly/"));
    expect(written).toEqual(
      [MANIFEST, manifest.database.path, ...manifest.files.map((f) => f.path)].map((p) => `${folder}/${p}`).sort(),
    );
    expect(await bucketBackups(original)).toEqual([name]);

    // A new machine: its own empty bucket for the shop's files, the backups read from the old one.
    const bucket = await emptyBucket("restored-from-bucket");
    const restored = configIn(path.join(root, "bucket-target-restored"), {
      ...s3Env(bucket),
      BACKUP_S3_BUCKET: server.settings.bucket,
      BACKUP_S3_PREFIX: "nightly/florist",
    });
    await expect(restoreFromBucket(restored, "florist-1999-01-01T00-00-00Z")).rejects.toThrow(
      `There is no backup florist-1999-01-01T00-00-00Z in nightly/florist/ of the bucket ${server.settings.bucket} at ${bucket.endpoint}.`,
    );
    await restoreFromBucket(restored, name);
    const again = await openShop(restored);
    try {
      await expectRestored(again, busy, toBucket.before);
    } finally {
      await again.close();
    }
  });
});

describe("the backup tool", () => {
  it("tells a shop on PostgreSQL to use pg_dump and pg_restore", async () => {
    const config = configIn(path.join(root, "pg"), { DATABASE_URL: "postgres://shop@db.example:5432/florist" });
    const advice =
      "DATABASE_URL is PostgreSQL: back the database up with pg_dump and restore it with pg_restore (docs/operations.md, Backups). npm run backup and npm run restore are for a shop on SQLite.";
    await expect(backup(config)).rejects.toThrow(new BackupError(advice));
    await expect(restore(config, root)).rejects.toThrow(new BackupError(advice));
  });

  // Three runs of the tool through tsx, each compiling it afresh: slow on a busy machine.
  it("runs from the command line: a backup of an empty shop, a refused restore over it, no bucket to write to", {
    timeout: 90_000,
  }, async () => {
    const dataDir = path.join(root, "cli-data");
    const shop = await openShop(configIn(dataDir));
    await shop.close();
    const cli = (...args: string[]) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["apps/server/src/backup-cli.ts", ...args], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          BACKUP_DIR: path.join(root, "cli-backups"),
          // No bucket, whatever the test run's environment holds (an empty setting counts as unset).
          ...s3Env({ endpoint: "", bucket: "", region: "", accessKeyId: "", secretAccessKey: "" }),
        },
        encoding: "utf8",
      });
    const made = cli("backup");
    expect(made.status, made.stderr).toBe(0);
    const [name] = await fs.readdir(path.join(root, "cli-backups"));
    expect(made.stdout).toContain(`Backup written to ${path.join(root, "cli-backups", name as string)}`);

    const refused = cli("restore", path.join(root, "cli-backups", name as string));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${dataDir} is not empty`);

    const noBucket = cli("backup", "--to", "s3");
    expect(noBucket.status).toBe(1);
    expect(noBucket.stderr).toContain("A backup in a bucket needs the bucket's S3_ENDPOINT, S3_BUCKET, S3_REGION");
  });
});
