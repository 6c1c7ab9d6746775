import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/** Every statement fails as it would with the database server gone. */
const unreachable: KyselyPlugin = {
  transformQuery: () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
  },
  transformResult: async (args) => args.result,
};

describe("the health check", () => {
  it("answers 200 ok while the database answers", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers 503 with a readable message, not a 500, when the database does not answer", async () => {
    const original = shop.ctx.db;
    shop.ctx.db = original.withPlugin(unreachable);
    try {
      const res = await shop.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", message: "The database does not answer." });
    } finally {
      shop.ctx.db = original;
    }
  });
});
