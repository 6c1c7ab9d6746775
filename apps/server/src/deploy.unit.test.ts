import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The deploy (Dockerfile, .dockerignore, compose.yaml), checked as far as it can be without Docker. */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const check = await import(pathToFileURL(path.join(ROOT, "scripts", "check-deploy.mjs")).href);

describe("compose.yaml", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-compose-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("follows the Compose Specification's schema", () => {
    expect(check.composeProblems()).toEqual([]);
  });

  it("would be caught with a mistake in it", async () => {
    const text = await fs.readFile(path.join(ROOT, "compose.yaml"), "utf8");
    const broken = path.join(dir, "compose.yaml");
    await fs.writeFile(
      broken,
      text.replace("replicas: 2", "replicas: two").replace("stop_grace_period: 20s", "stop_grace: 20s"),
    );
    const problems: string[] = check.composeProblems(broken);
    expect(problems.some((p) => p.startsWith("/services/shop/deploy/replicas must be integer"))).toBe(true);
    expect(problems.some((p) => p.includes('"additionalProperty":"stop_grace"'))).toBe(true);
  });

  it("runs the shop behind a proxy on PostgreSQL and a bucket, with every secret from .env", async () => {
    const text = await fs.readFile(path.join(ROOT, "compose.yaml"), "utf8");
    expect(text).toContain('TRUST_PROXY: "1"');
    expect(text).toMatch(/DATABASE_URL: postgres:\/\/florist:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/florist/);
    for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "METRICS_TOKEN", "ADMIN_PASSWORD"]) {
      expect(text).toMatch(new RegExp(`${name}: \\$\\{${name}:\\?`));
    }
  });
});

describe("the image", () => {
  it("is built from a context without secrets, data, backups or installed packages", () => {
    const ignored: (file: string) => boolean = check.dockerIgnores();
    for (const file of [
      ".env",
      "apps/server/data/shop.db",
      "apps/server/backups/x/shop.db",
      "node_modules/zod/package.json",
      ".git/HEAD",
      "apps/web/dist/index.html",
    ]) {
      expect(ignored(file), file).toBe(true);
    }
    const context: string[] = check.buildContext();
    expect(check.forbiddenInContext(context)).toEqual([]);
    expect(context).toEqual(
      expect.arrayContaining([
        "package-lock.json",
        "apps/server/src/server.ts",
        "apps/web/index.html",
        "scripts/build.mjs",
      ]),
    );
  });

  it("installs every package the server imports at run time as a production dependency", async () => {
    const needed: string[] = await check.runtimePackages();
    expect(needed).toEqual(expect.arrayContaining(["fastify", "better-sqlite3", "sharp", "pg", "prom-client"]));
    expect(needed.filter((name) => !check.productionDependencies().includes(name))).toEqual([]);
  });

  it("keeps the Dockerfile's promises: slim Node 20, not root, a curl-less health check, no secrets", () => {
    const failed = (check.dockerfileChecks() as [string, boolean][]).filter(([, ok]) => !ok).map(([line]) => line);
    expect(failed).toEqual([]);
  });
});
