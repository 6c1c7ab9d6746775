import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { seedBasics } from "../src/db/seed/seed.js";
import { POSTGRES_ADMIN_URL, postgresUrl, withAdminClient } from "./postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: "sqlite" | "postgres";
    /** A migrated database with the basics seeded: a SQLite file, or a PostgreSQL database name. */
    template: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from its own copy of it,
 * so files never see each other's rows and never pay for migrations again.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  project.provide("testDatabase", kind);

  if (kind === "sqlite") {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-template-"));
    const file = path.join(dir, "template.db");
    const { db } = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db);
    await seedBasics(db);
    await db.destroy();
    project.provide("template", file);
    return async () => {
      await fs.rm(dir, { recursive: true, force: true });
    };
  }

  const name = `florist_tpl_${process.pid}_${Date.now()}`;
  try {
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    // Under CI an unreachable PostgreSQL must fail the run, never pass it silently.
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message}). ` +
        "Start it, or point TEST_POSTGRES_URL at one.",
    );
  }
  const { db } = openDatabase(postgresUrl(name));
  await migrateToLatest(db);
  await seedBasics(db);
  await db.destroy();
  project.provide("template", name);
  return async () => {
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}
