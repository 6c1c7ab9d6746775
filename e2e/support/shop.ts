import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../../apps/server/src/config.js";
import { createShop } from "../../apps/server/src/shop.js";

export const ADMIN = { username: "admin", email: "admin@example.com", password: "Admin12345" };

export interface RunningShop {
  baseUrl: string;
  dataDir: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The shop exactly as `npm start` runs it (migrations, demo seed, built web app), in this process,
 * on a fresh SQLite database in a temporary folder. E2E_WEB_DIST points at another build when the
 * default apps/web/dist is being rebuilt by someone else.
 */
export async function startShop(): Promise<RunningShop> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "1",
    WEB_DIST: process.env.E2E_WEB_DIST,
  });
  await fs.access(path.join(config.webDist, "index.html")).catch(() => {
    throw new Error(`No web build in ${config.webDist}: run "npm run build" first.`);
  });
  const { app } = await createShop(config, { log: () => {} });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    baseUrl,
    dataDir,
    app,
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
