import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, imageFile, multipartForm, placeOrder, setOrder } from "../test/fixtures.js";
import { createUser, login, type TestShop } from "../test/harness.js";
import { BackupError, backup, MANIFEST, type Manifest, restore } from "./backup.js";
import { type Config, loadConfig } from "./config.js";
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

describe("a backup taken while orders keep coming", () => {
  let original: Config;
  let shop: TestShop;
  let cookie: string;
  let productId: number;
  /** Orders in the order they were acknowledged (201), each with when: before the backup began or later. */
  const acknowledged: { orderId: number; at: "before" | "during" | "after" }[] = [];
  let phase: "before" | "during" | "after" = "before";
  let taken: { dir: string; manifest: Manifest };
  const privateFiles: { url: string; bytes: Buffer }[] = [];

  const order = async () => {
    const res = await placeOrder(shop, cookie, [{ product_id: productId }]);
    expect(res.statusCode, res.body).toBe(201);
    acknowledged.push({ orderId: res.json().orderId, at: phase });
    return res.json().orderId as number;
  };

  beforeAll(async () => {
    original = configIn(path.join(root, "data"));
    shop = await openShop(original);
    const customer = await createUser(shop);
    const admin = await createUser(shop, { role: "admin" });
    cookie = await login(shop, customer.username);
    const adminCookie = await login(shop, admin.username);
    productId = (await createProduct(shop, { stock: 100_000 })).product_id;

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
    for (const url of [proofRes.json().orderProof, receiptRes.json().paymentProof] as string[]) {
      const file = await shop.app.inject({ url, headers: { cookie } });
      privateFiles.push({ url, bytes: file.rawPayload });
    }
    for (let i = 0; i < 5; i += 1) await order();
    // The order mails, written to the outbox as the job runner sends them.
    await runDueJobs(shop.ctx);

    // Two shoppers keep ordering from now until the backup is done.
    let running = true;
    const shoppers = [0, 1].map(async () => {
      while (running) await order();
    });
    while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 5));
    phase = "during";
    try {
      taken = await backup(original, { target: path.join(root, "backups") });
    } finally {
      phase = "after";
      for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
      await Promise.all(shoppers);
      await shop.close();
    }
  });

  it("is taken while orders are acknowledged, and lists its files with their sizes and hashes", async () => {
    expect(acknowledged.filter((a) => a.at === "during").length).toBeGreaterThan(0);
    expect(path.basename(taken.dir)).toMatch(/^florist-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const manifest = JSON.parse(await fs.readFile(path.join(taken.dir, MANIFEST), "utf8")) as Manifest;
    expect(manifest).toEqual(taken.manifest);
    expect(manifest.database).toMatchObject({ path: "shop.db", newestMigration: expect.stringMatching(/^\d{14}_/) });
    const paths = manifest.files.map((f) => f.path);
    for (const { url } of privateFiles) expect(paths).toContain(`files${url.replace("/uploads", "")}`);
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

    it("holds every order acknowledged before the backup began, and the shopper's session", async () => {
      const before = acknowledged.filter((a) => a.at === "before");
      expect(before.length).toBeGreaterThanOrEqual(12);
      for (const { orderId } of before) {
        const res = await again.app.inject({ url: `/api/order/${orderId}`, headers: { cookie } });
        expect(res.statusCode, `order ${orderId}: ${res.body}`).toBe(200);
      }
    });

    it("serves the delivery proof and the transfer receipt as they were", async () => {
      for (const { url, bytes } of privateFiles) {
        const res = await again.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-type"]).toBe("image/webp");
        expect(res.rawPayload.equals(bytes), url).toBe(true);
      }
    });

    it("takes new orders after the restored ones", async () => {
      const res = await placeOrder(again, cookie, [{ product_id: productId }]);
      expect(res.statusCode, res.body).toBe(201);
      const before = acknowledged.filter((a) => a.at === "before").map((a) => a.orderId);
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

describe("the backup tool", () => {
  it("tells a shop on PostgreSQL to use pg_dump and pg_restore", async () => {
    const config = configIn(path.join(root, "pg"), { DATABASE_URL: "postgres://shop@db.example:5432/florist" });
    const advice =
      "DATABASE_URL is PostgreSQL: back the database up with pg_dump and restore it with pg_restore (docs/operations.md, Backups). npm run backup and npm run restore are for a shop on SQLite.";
    await expect(backup(config)).rejects.toThrow(new BackupError(advice));
    await expect(restore(config, root)).rejects.toThrow(new BackupError(advice));
  });

  it("runs from the command line: a backup of an empty shop, then a refused restore over it", async () => {
    const dataDir = path.join(root, "cli-data");
    const shop = await openShop(configIn(dataDir));
    await shop.close();
    const cli = (...args: string[]) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["apps/server/src/backup-cli.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BACKUP_DIR: path.join(root, "cli-backups") },
        encoding: "utf8",
      });
    const made = cli("backup");
    expect(made.status, made.stderr).toBe(0);
    const [name] = await fs.readdir(path.join(root, "cli-backups"));
    expect(made.stdout).toContain(`Backup written to ${path.join(root, "cli-backups", name as string)}`);

    const refused = cli("restore", path.join(root, "cli-backups", name as string));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${dataDir} is not empty`);
  });
});
