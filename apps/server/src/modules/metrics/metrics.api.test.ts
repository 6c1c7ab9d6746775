import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { HOUR, isoIn, MINUTE, setClock } from "../../lib/time.js";
import { enqueueJob } from "../jobs/service.js";
import { sendMailJob } from "../mail/service.js";

const TOKEN = "scrape-me-9f2c41d7e8b3a605";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let webDist: string;
beforeAll(async () => {
  // A built web app, so that a miss would fall through to its page if anything let it.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), "florist-web-"));
  await fs.writeFile(
    path.join(webDist, "index.html"),
    `<!doctype html><html lang="en"><head><title>Bandung Florist</title></head><body><div id="root"></div></body></html>`,
  );
});
afterAll(() => fs.rm(webDist, { recursive: true, force: true }));

/** The value of one sample line (`name{labels} value`), or undefined when the text has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics without METRICS_TOKEN", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ webDist });
  });
  afterAll(() => shop.close());

  it("answers the 404 of a path that does not exist, whatever token or session is sent", async () => {
    const unknown = await shop.app.inject({ url: "/no-such-endpoint.txt" });
    const admin = await signedIn(shop, "admin");
    for (const headers of [{}, bearer(TOKEN), { cookie: admin.cookie }]) {
      const res = await shop.app.inject({ url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().message).toBe("No such endpoint: GET /metrics");
      expect(res.body).not.toContain("florist_");
    }
    // The page fallback answers any other unknown path with the web app, which /metrics never gets.
    expect(unknown.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("never answers /sitemap.xml or /robots.txt with the web app's page", async () => {
    for (const [url, type] of [
      ["/sitemap.xml", /^application\/xml/],
      ["/robots.txt", /^text\/plain/],
    ] as const) {
      const res = await shop.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(type);
      expect(res.body, url).not.toContain("<title>Bandung Florist</title>");
    }
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ webDist, metricsToken: TOKEN });
  });
  afterAll(async () => {
    setClock(null);
    await shop.close();
  });

  const scrape = async () => {
    const res = await shop.app.inject({ url: "/metrics", headers: bearer(TOKEN) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("answers 404 without the token, with a wrong one, or with it in another scheme", async () => {
    const admin = await signedIn(shop, "admin");
    const attempts = [
      {},
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(""),
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
      { cookie: admin.cookie },
    ];
    for (const headers of attempts) {
      const res = await shop.app.inject({ url: "/metrics", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json().message).toBe("No such endpoint: GET /metrics");
    }
  });

  it("answers Prometheus text with the token, never cached", async () => {
    const res = await scrape();
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("# TYPE florist_http_requests_total counter");
    expect(res.body).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(sample(res.body, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("counts an order placed, and the request that placed it under its route pattern", async () => {
    const before = sample((await scrape()).body, "florist_orders_placed_total");
    const customer = await signedIn(shop);
    const product = await createProduct(shop, { stock: 5 });
    const placed = await placeOrder(shop, customer.cookie, [{ product_id: product.product_id }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const refused = await placeOrder(shop, customer.cookie, [{ product_id: product.product_id, quantity: 50 }]);
    expect(refused.statusCode).toBe(409);
    const orderId = placed.json().orderId as number;
    await shop.app.inject({ url: `/api/order/${orderId}`, headers: { cookie: customer.cookie } });

    const text = (await scrape()).body;
    expect(sample(text, "florist_orders_placed_total")).toBe((before ?? 0) + 1);
    expect(sample(text, 'florist_http_requests_total{method="POST",route="/api/order",status="201"}')).toBe(1);
    expect(sample(text, 'florist_http_requests_total{method="POST",route="/api/order",status="409"}')).toBe(1);
    expect(sample(text, 'florist_http_requests_total{method="GET",route="/api/order/:id",status="200"}')).toBe(1);
    expect(text).not.toContain(`/api/order/${orderId}"`);
    expect(
      sample(text, 'florist_http_request_duration_seconds_count{method="POST",route="/api/order",status="201"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'florist_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/order",status="201"}',
      ),
    ).toBe(1);
  });

  it("counts a path no route knows as unmatched, not by its URL", async () => {
    await shop.app.inject({ url: "/api/no-such-thing/12345" });
    const text = (await scrape()).body;
    expect(sample(text, 'florist_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect(text).not.toContain("no-such-thing");
  });

  it("reads the mail queue, its failures and the job lag from the database at each scrape", async () => {
    const base = Date.parse("2026-12-01T03:00:00.000Z");
    setClock(() => base);
    const mailJob = (state: "queued" | "failed", lastError: string | null) =>
      shop.ctx.db.transaction().execute(async (trx) => {
        const jobId = await enqueueJob(trx, sendMailJob, { mailId: 999_999 }, new Date(isoIn(-10 * MINUTE)));
        await trx.updateTable("jobs").set({ state, last_error: lastError }).where("job_id", "=", jobId).execute();
      });
    await shop.ctx.db.deleteFrom("jobs").execute();
    await mailJob("queued", null);
    await mailJob("queued", "550 mailbox unavailable");
    await mailJob("failed", "550 mailbox unavailable");

    let text = (await scrape()).body;
    expect(sample(text, "florist_database_up")).toBe(1);
    expect(sample(text, "florist_mail_queue_depth")).toBe(2);
    expect(sample(text, "florist_mail_retrying")).toBe(1);
    expect(sample(text, "florist_mail_failed")).toBe(1);
    expect(sample(text, "florist_job_lag_seconds")).toBe(600);

    setClock(() => base + HOUR);
    text = (await scrape()).body;
    expect(sample(text, "florist_job_lag_seconds")).toBe(600 + 3600);

    await shop.ctx.db.deleteFrom("jobs").execute();
    text = (await scrape()).body;
    expect(sample(text, "florist_mail_queue_depth")).toBe(0);
    expect(sample(text, "florist_job_lag_seconds")).toBe(0);
  });

  it("reports the database connections of this process", async () => {
    const text = (await scrape()).body;
    const max = sample(text, 'florist_db_connections{state="max"}') as number;
    const open = sample(text, 'florist_db_connections{state="open"}') as number;
    expect(max).toBeGreaterThanOrEqual(1);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max);
    expect(sample(text, 'florist_db_connections{state="idle"}')).toBeLessThanOrEqual(open);
    expect(sample(text, "florist_db_waiting_queries")).toBe(0);
  });
});
