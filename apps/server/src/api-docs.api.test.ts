import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../test/harness.js";
import { OPENAPI_FILE } from "./openapi.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const policy = (headers: Record<string, unknown>) => String(headers["content-security-policy"]);

describe("the API documentation", () => {
  it("serves the Swagger UI at /api/docs to anyone, allowing inline styles there and nowhere else", async () => {
    const docs = await shop.app.inject({ url: "/api/docs" });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-type"]).toMatch(/^text\/html/);
    expect(docs.body).toContain("/api/docs/static/swagger-ui-bundle.js");
    expect(policy(docs.headers)).toContain("style-src 'self' 'unsafe-inline'");
    // Scripts stay the shop's own, with no inline script, on the documentation too.
    expect(policy(docs.headers)).toMatch(/script-src 'self'(;|$)/);
    expect(policy(docs.headers)).toContain("script-src-attr 'none'");

    // Its static files too; an API answer beside it lets nothing load at all.
    const style = await shop.app.inject({ url: "/api/docs/static/swagger-ui.css" });
    expect(style.statusCode).toBe(200);
    expect(policy(style.headers)).not.toContain("default-src 'none'");
    const api = await shop.app.inject({ url: "/api/health" });
    expect(policy(api.headers)).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("serves the same document as docs/openapi.json", async () => {
    const res = await shop.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const checkedIn = JSON.parse(await fs.readFile(OPENAPI_FILE, "utf8"));
    expect(res.json()).toEqual(checkedIn);
  });
});
