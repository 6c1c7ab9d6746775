import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../test/harness.js";

let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "florist-web-"));
  await fs.mkdir(path.join(webDist, "assets"));
  await fs.writeFile(
    path.join(webDist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  await fs.writeFile(path.join(webDist, "assets", "index.js"), "console.log('shop');");
});
afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

/** The CSP as a map from directive to its sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers["content-security-policy"];
  expect(header, `no CSP on ${response.raw.req.url}`).toBeTypeOf("string");
  return new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const isApi = (response: LightMyRequestResponse) => String(response.raw.req.url).startsWith("/api/");

/** A page, an asset, API answers (success, 404, a refusal by a hook) and a missing upload. */
async function answers(shop: TestShop) {
  return Promise.all([
    shop.app.inject({ url: "/" }),
    // A page of the web app (an unknown product would be the 404 page: plugins/page-meta.ts).
    shop.app.inject({ url: "/katalog" }),
    shop.app.inject({ url: "/assets/index.js" }),
    shop.app.inject({ url: "/api/catalog" }),
    shop.app.inject({ url: "/api/no-such-thing" }),
    shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { origin: "https://evil.example" },
      payload: { identifier: "a", password: "b" },
    }),
    shop.app.inject({ url: "/uploads/products/missing.webp" }),
  ]);
}

describe("security headers over http", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ appUrl: "http://shop.test", webDist });
  });
  afterAll(() => shop.close());

  it("every page, asset and upload carries a CSP without inline script that allows only the shop, its video and its images", async () => {
    const all = await answers(shop);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404, 403, 404]);
    for (const response of all.filter((r) => !isApi(r))) {
      const policy = csp(response);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("script-src-attr")).toEqual(["'none'"]);
      expect(policy.get("style-src")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
      expect(String(response.headers["content-security-policy"])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
  });

  it("every API answer, an error or a refusal too, lets nothing load or run and nothing frame it", async () => {
    const api = (await answers(shop)).filter(isApi);
    expect(api.map((r) => r.statusCode)).toEqual([200, 404, 403]);
    for (const response of api) {
      expect(csp(response)).toEqual(
        new Map([
          ["default-src", ["'none'"]],
          ["frame-ancestors", ["'none'"]],
        ]),
      );
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
      // What only a page needs is not sent with data.
      for (const name of ["cross-origin-opener-policy", "origin-agent-cluster", "x-dns-prefetch-control"]) {
        expect(response.headers[name], name).toBeUndefined();
      }
    }
  });

  it("every answer forbids sniffing and framing and sends the origin only to other sites", async () => {
    for (const response of await answers(shop)) {
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("a shop on plain http sends no HSTS and does not upgrade requests", async () => {
    for (const response of await answers(shop)) {
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      expect(csp(response).has("upgrade-insecure-requests")).toBe(false);
    }
  });
});

describe("security headers over https", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ appUrl: "https://shop.test", webDist });
  });
  afterAll(() => shop.close());

  it("a shop whose address is https sends HSTS and upgrades insecure requests", async () => {
    for (const response of await answers(shop)) {
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
      // An API answer loads nothing, so it has nothing to upgrade.
      expect(csp(response).get("upgrade-insecure-requests")).toEqual(isApi(response) ? undefined : []);
      expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});
