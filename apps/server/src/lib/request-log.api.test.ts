import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/harness.js";
import { buildApp } from "../app.js";

/** The shop's app with a logger at `level` whose JSON lines are kept, as server.ts starts it. */
async function appWithLog(shop: TestShop, level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp(shop.ctx, { logger: { level, stream } });
  return { app, lines };
}

describe("the request log", () => {
  let shop: TestShop;
  let app: FastifyInstance;
  let lines: Record<string, unknown>[];
  beforeAll(async () => {
    shop = await createTestShop();
    ({ app, lines } = await appWithLog(shop, "info"));
  });
  afterAll(async () => {
    await app.close();
    await shop.close();
  });

  it("writes one line for each request once it is answered: method, path, status and time", async () => {
    lines.length = 0;
    await app.inject({ url: "/api/catalog" });
    await app.inject({ url: "/api/products/999999" });
    await app.inject({ method: "POST", url: "/api/users/login", payload: { identifier: "nobody", password: "x" } });

    expect(lines.map((l) => l.msg)).toEqual(["request completed", "request completed", "request completed"]);
    expect(lines.map((l) => [(l.req as { method: string }).method, (l.req as { url: string }).url])).toEqual([
      ["GET", "/api/catalog"],
      ["GET", "/api/products/999999"],
      ["POST", "/api/users/login"],
    ]);
    expect(lines.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, 404, 401]);
    for (const line of lines) {
      expect(line.level).toBe(30);
      expect(line.responseTime).toBeTypeOf("number");
      expect(line.reqId).toBeTypeOf("string");
    }
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(3);
  });

  it("writes no line per request at warn, the level a quiet shop runs at", async () => {
    const quiet = await appWithLog(shop, "warn");
    try {
      await quiet.app.inject({ url: "/api/catalog" });
      await quiet.app.inject({ url: "/api/products/999999" });
      expect(quiet.lines).toEqual([]);
    } finally {
      await quiet.app.close();
    }
  });
});
