import path from "node:path";
import { z } from "zod";

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
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  appUrl: string;
  admin: { username: string; email: string; password: string | undefined };
  seedDemo: boolean;
  smtpUrl: string | undefined;
  /** Behind a reverse proxy, the client's address comes from X-Forwarded-For (it limits failed logins per address). */
  trustProxy: boolean;
  /** The built web app; served with a fallback to index.html when it exists. */
  webDist: string;
}

/** Reads the environment once and fails fast with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, "shop.db")}`,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO === "1",
    smtpUrl: e.SMTP_URL,
    trustProxy: e.TRUST_PROXY === "1",
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
  };
}
