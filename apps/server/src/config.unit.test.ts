import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultMaxConnections, loadConfig } from "./config.js";

describe("connection limits in the configuration", () => {
  it("defaults to timeouts that close slow clients and a connection cap", () => {
    const { http } = loadConfig({});
    expect(http).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      maxRequestsPerConnection: 1000,
    });
    expect(http.maxConnections).toBeGreaterThanOrEqual(64);
    expect(http.maxConnections).toBeLessThanOrEqual(10_000);
  });

  it("reads every limit from the environment, in seconds", () => {
    const { http } = loadConfig({
      HEADERS_TIMEOUT_SECONDS: "5",
      REQUEST_TIMEOUT_SECONDS: "120",
      IDLE_TIMEOUT_SECONDS: "15",
      KEEP_ALIVE_TIMEOUT_SECONDS: "65",
      MAX_REQUESTS_PER_CONNECTION: "50",
      MAX_CONNECTIONS: "2000",
    });
    expect(http).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 15_000,
      keepAliveTimeoutMs: 65_000,
      maxRequestsPerConnection: 50,
      maxConnections: 2000,
    });
  });

  it("refuses limits that would switch a timeout off or that Node would reject", () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: "abc" })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: "90", REQUEST_TIMEOUT_SECONDS: "60" })).toThrow(
      /must not exceed REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: "0" })).toThrow(/MAX_CONNECTIONS/);
  });

  it("keeps the cap below the open-file limit so the database can still open files", () => {
    expect(defaultMaxConnections(1024)).toBe(768);
    expect(defaultMaxConnections(1_048_576)).toBe(10_000);
  });
});

describe("the database pool in the configuration", () => {
  it("opens up to 8 PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise", () => {
    expect(loadConfig({}).databasePoolSize).toBe(8);
    expect(loadConfig({ DATABASE_POOL_SIZE: "20" }).databasePoolSize).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "many" })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe("mail and background jobs in the configuration", () => {
  it("sends as the shop and runs jobs unless told otherwise", () => {
    const config = loadConfig({});
    expect(config.mailFrom).toBe('"Bandung Florist" <no-reply@bandung-florist.local>');
    expect(config.runJobs).toBe(true);
  });

  it("takes MAIL_FROM as an address or a name with one, and JOB_RUNNER=0 turns the runner off", () => {
    expect(loadConfig({ MAIL_FROM: "toko@bunga.example" }).mailFrom).toBe("toko@bunga.example");
    expect(loadConfig({ MAIL_FROM: "Toko Bunga <toko@bunga.example>" }).mailFrom).toBe(
      "Toko Bunga <toko@bunga.example>",
    );
    expect(loadConfig({ JOB_RUNNER: "0" }).runJobs).toBe(false);
    expect(() => loadConfig({ MAIL_FROM: "Toko Bunga" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ JOB_RUNNER: "yes" })).toThrow(/JOB_RUNNER/);
  });

  it("tells the shop of new orders and receipts at NOTIFY_EMAIL, or at the admin's e-mail without it", () => {
    expect(loadConfig({ ADMIN_EMAIL: "Pemilik@Bunga.example" }).notifyEmail).toBe("pemilik@bunga.example");
    expect(loadConfig({ NOTIFY_EMAIL: "pesanan@bunga.example" }).notifyEmail).toBe("pesanan@bunga.example");
    expect(() => loadConfig({ NOTIFY_EMAIL: "pesanan" })).toThrow(/NOTIFY_EMAIL/);
  });

  it("serves metrics only with a METRICS_TOKEN long enough not to be guessed", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe("0123456789abcdef");
    expect(() => loadConfig({ METRICS_TOKEN: "secret" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it("writes backups to BACKUP_DIR, ./backups from where the shop runs unless told otherwise", () => {
    expect(loadConfig({}).backupDir).toBe(path.resolve("backups"));
    expect(loadConfig({ BACKUP_DIR: "/srv/backups" }).backupDir).toBe("/srv/backups");
  });

  it("writes backups to a bucket under BACKUP_S3_PREFIX, backups/ of the shop's bucket unless told otherwise", () => {
    expect(loadConfig({}).backupBucket).toEqual({ bucket: undefined, prefix: "backups" });
    expect(loadConfig({ BACKUP_S3_BUCKET: "florist-backups", BACKUP_S3_PREFIX: "shop/nightly" }).backupBucket).toEqual({
      bucket: "florist-backups",
      prefix: "shop/nightly",
    });
    expect(() => loadConfig({ BACKUP_S3_PREFIX: "/backups/../x" })).toThrow(
      /BACKUP_S3_PREFIX: must be folder names joined by \/, e.g. backups or florist\/backups/,
    );
  });
});
