import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createTestShop, PASSWORD, signedIn, type TestShop } from "../../../test/harness.js";
import { postgresUrl, withAdminClient } from "../../../test/postgres.js";
import { openDatabase } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import * as initial from "../../db/migrations/20261122000000_initial.js";
import * as orderProofIndex from "../../db/migrations/20261123000000_order_proof_index.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

function register(username: string, email: string) {
  return shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { username, email, password: PASSWORD },
  });
}

function login(identifier: string) {
  return shop.app.inject({ method: "POST", url: "/api/users/login", payload: { identifier, password: PASSWORD } });
}

describe("names that look alike", () => {
  it("refuses a full-width copy of a taken username with 409", async () => {
    expect((await register("admin", "admin-owner@example.com")).statusCode).toBe(201);
    const copy = await register("ａｄｍｉｎ", "not-the-admin@example.com");
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe("Username is already taken.");
  });

  it("treats É and é as one letter", async () => {
    expect((await register("Élodie", "elodie@example.com")).statusCode).toBe(201);
    const lower = await register("élodie", "elodie2@example.com");
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe("Username is already taken.");
    expect((await login("ÉLODIE")).statusCode).toBe(200);
    expect((await login("élodie")).statusCode).toBe(200);
  });

  it("lets a customer log in by any case or width of the username or e-mail, and keeps both as typed", async () => {
    const created = await register("Sekar Ayu", "sekar.ayu@example.com");
    expect(created.statusCode).toBe(201);
    const { user } = created.json();
    expect(user.username).toBe("Sekar Ayu");
    for (const identifier of [
      "sekar ayu",
      "SEKAR AYU",
      "ｓｅｋａｒ ａｙｕ",
      "ＳＥＫＡＲ.ＡＹＵ＠ＥＸＡＭＰＬＥ．ＣＯＭ",
    ]) {
      const res = await login(identifier);
      expect(res.statusCode, identifier).toBe(200);
      expect(res.json().user).toEqual(user);
    }
  });

  it("lets only one of two look-alikes registering at once have the name", async () => {
    const answers = await Promise.all([
      register("Kenanga", "kenanga1@example.com"),
      register("ＫＥＮＡＮＧＡ", "kenanga2@example.com"),
      register("kenanga", "kenanga3@example.com"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("refuses a profile name that looks like another account's", async () => {
    expect((await register("Melati", "melati@example.com")).statusCode).toBe(201);
    const { user, cookie } = await signedIn(shop);
    const res = await shop.app.inject({
      method: "PATCH",
      url: `/api/users/${user.user_id}/profile`,
      headers: { cookie },
      payload: { username: "ＭＥＬＡＴＩ" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Username is already taken.");
  });
});

describe("the migration that adds the keys", () => {
  it("fills them for existing accounts and reports look-alikes instead of failing", async () => {
    let databaseUrl: string;
    let drop: () => Promise<unknown>;
    if (inject("testDatabase") === "postgres") {
      const name = `florist_keys_${randomBytes(6).toString("hex")}`;
      await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
      databaseUrl = postgresUrl(name);
      drop = () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    } else {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "florist-keys-"));
      databaseUrl = `sqlite:${path.join(dir, "shop.db")}`;
      drop = () => fs.rm(dir, { recursive: true, force: true });
    }
    const { db } = openDatabase(databaseUrl);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // The schema as it was before the keys, with accounts that lower() told apart.
      const before = new Migrator({
        db,
        provider: {
          getMigrations: async () => ({
            "20261122000000_initial": initial,
            "20261123000000_order_proof_index": orderProofIndex,
          }),
        },
      });
      expect((await before.migrateToLatest()).error).toBeUndefined();
      const insert = (username: string, email: string) =>
        db
          .withTables<{ users: { user_id?: number; username: string; email: string } }>()
          .insertInto("users")
          .values({
            username,
            email,
            password_hash: "x",
            role: "customer",
            created_at: "2026-11-01T00:00:00.000Z",
          } as never)
          .returning("user_id")
          .executeTakeFirstOrThrow();
      const admin = await insert("Admin", "admin@example.com");
      const copy = await insert("ａｄｍｉｎ", "copy@example.com");
      const sari = await insert("Sari", "sari@example.com");
      const sariCopy = await insert("Sari2", "ｓａｒｉ@example.com");

      await migrateToLatest(db);

      const keys = await db
        .selectFrom("users")
        .select(["user_id", "username", "username_key", "email", "email_key"])
        .orderBy("user_id")
        .execute();
      expect(keys).toEqual([
        {
          user_id: admin.user_id,
          username: "Admin",
          username_key: "admin",
          email: "admin@example.com",
          email_key: "admin@example.com",
        },
        {
          user_id: copy.user_id,
          username: "ａｄｍｉｎ",
          username_key: `admin#${copy.user_id}`,
          email: "copy@example.com",
          email_key: "copy@example.com",
        },
        {
          user_id: sari.user_id,
          username: "Sari",
          username_key: "sari",
          email: "sari@example.com",
          email_key: "sari@example.com",
        },
        {
          user_id: sariCopy.user_id,
          username: "Sari2",
          username_key: "sari2",
          email: "ｓａｒｉ@example.com",
          email_key: `sari@example.com#${sariCopy.user_id}`,
        },
      ]);
      const report = warn.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(report).toContain(`username "ａｄｍｉｎ" of user ${copy.user_id} matches user ${admin.user_id}`);
      expect(report).toContain(`email "ｓａｒｉ@example.com" of user ${sariCopy.user_id} matches user ${sari.user_id}`);
    } finally {
      warn.mockRestore();
      await db.destroy();
      await drop();
    }
  });
});
