import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./lib/storage/index.js";

/** The sender of the shop's mails when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = '"Bandung Florist" <no-reply@bandung-florist.local>';

const seconds = (fallback: number, max: number) => z.coerce.number().positive().max(max).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().optional(),
  APP_URL: z.url().optional(),
  ADMIN_USERNAME: z.string().trim().min(3).default("admin"),
  // A local address such as the default admin@localhost is fine for the shop's own admin.
  ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .default("admin@localhost"),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  SMTP_URL: z.url().optional(),
  // A bare address or a display name with one: "Bandung Florist <shop@example.com>".
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/, "must be an address or Name <address>")
    .default(DEFAULT_MAIL_FROM),
  // Where the shop is told of new orders and receipts; the admin's e-mail when not set.
  NOTIFY_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address")
    .optional(),
  JOB_RUNNER: z.enum(["0", "1"]).default("1"),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  WEB_DIST: z.string().optional(),
  HEADERS_TIMEOUT_SECONDS: seconds(10, 300),
  REQUEST_TIMEOUT_SECONDS: seconds(60, 3600),
  IDLE_TIMEOUT_SECONDS: seconds(30, 3600),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72, 3600),
  MAX_REQUESTS_PER_CONNECTION: z.coerce.number().int().min(1).default(1000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  // A few connections a core keep PostgreSQL's backends busy without crowding them: on 2 cores, 4 to 8
  // placed 10-15 % more orders than 20 under 32 buyers at once, at half the p99 (docs/performance.md,
  // 2026-11-29 session 7). Each process opens its own; PostgreSQL's default max_connections is 100.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(8),
  // Prometheus sends it as a bearer token; long enough that it cannot be guessed.
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  BACKUP_DIR: z.string().min(1).default("./backups"),
  // `npm run backup -- --to s3`: this bucket (S3_BUCKET when unset), under this folder of it.
  BACKUP_S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, "must be folder names joined by /, e.g. backups or florist/backups")
    .default("backups"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PUBLIC_UPLOADS_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
});

/** The bucket's settings come together or not at all: half of them would silently keep files on one disk. */
const S3_SETTINGS = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** How long a client may take and how many may be connected at once (README: Configuration). */
export interface HttpLimits {
  /** From connecting to the end of the request headers. */
  headersTimeoutMs: number;
  /** From connecting to the end of the request body: bounds slow uploads and trickled bodies. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves either way is closed after this long. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between two requests is closed after this long. */
  keepAliveTimeoutMs: number;
  maxRequestsPerConnection: number;
  /** Connections above this are closed as soon as they open, so file descriptors never run out. */
  maxConnections: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** Connections a process opens to PostgreSQL at most (SQLite: one writer and one reader). */
  databasePoolSize: number;
  appUrl: string;
  admin: { username: string; email: string; password: string | undefined };
  seedDemo: boolean;
  smtpUrl: string | undefined;
  /** The From of every mail the shop sends (contract §7.3). */
  mailFrom: string;
  /** Who receives the shop's own mails: a new order, a transfer receipt to check (contract §7.3). */
  notifyEmail: string;
  /** Whether this process runs background jobs (modules/jobs); off for tests that run them by hand. */
  runJobs: boolean;
  /** Behind a reverse proxy, the client's address comes from X-Forwarded-For (it limits failed logins per address). */
  trustProxy: boolean;
  /** The built web app; served with a fallback to index.html when it exists. */
  webDist: string;
  http: HttpLimits;
  /** The bearer token GET /metrics asks for; unset, /metrics answers 404 to everyone (contract §7.5). */
  metricsToken: string | undefined;
  /** Where `npm run backup` writes a backup when no folder is named. */
  backupDir: string;
  /** Where `npm run backup -- --to s3` writes: a bucket (the shop's own S3_BUCKET when unset) and a folder in it. */
  backupBucket: { bucket: string | undefined; prefix: string };
  /** The S3-compatible bucket that holds uploaded files; undefined keeps them under dataDir (contract §7.5). */
  s3: S3Settings | undefined;
  /** A CDN or bucket address that serves public uploads: /uploads/products/x.webp is redirected to <url>/products/x.webp. */
  publicUploadsUrl: string | undefined;
}

/** The soft open-file limit (`ulimit -n`) where the system tells it (Linux), else undefined. */
function openFilesLimit(): number | undefined {
  try {
    const line = fs
      .readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * 10,000 connections (about 14 KB of memory each while open), or fewer when the open-file limit is
 * lower: 256 descriptors stay free for the database, uploads and logs, so a flood of connections
 * cannot stop the shop from opening files.
 */
export function defaultMaxConnections(filesLimit = openFilesLimit()): number {
  return filesLimit === undefined ? 10_000 : Math.max(64, Math.min(10_000, filesLimit - 256));
}

/** Reads the environment once and fails fast with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Node refuses a header timeout longer than the request timeout that contains it.
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new Error("Invalid configuration: HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS");
  }
  const missing = S3_SETTINGS.filter((name) => e[name] === undefined);
  if (missing.length > 0 && missing.length < S3_SETTINGS.length) {
    throw new Error(
      `Invalid configuration: the S3_* settings go together; ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, "shop.db")}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO === "1",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    notifyEmail: (e.NOTIFY_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
    runJobs: e.JOB_RUNNER === "1",
    trustProxy: e.TRUST_PROXY === "1",
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxRequestsPerConnection: e.MAX_REQUESTS_PER_CONNECTION,
      maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
    },
    metricsToken: e.METRICS_TOKEN,
    backupDir: path.resolve(e.BACKUP_DIR),
    backupBucket: { bucket: e.BACKUP_S3_BUCKET, prefix: e.BACKUP_S3_PREFIX },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    publicUploadsUrl: e.PUBLIC_UPLOADS_URL?.replace(/\/+$/, ""),
  };
}
