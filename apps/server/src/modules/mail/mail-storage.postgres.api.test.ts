import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder } from "../../../test/fixtures.js";
import { closeShop, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import { findMail } from "./repository.js";
import { queueMail } from "./service.js";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => closeShop(shop));

/** How PostgreSQL keeps each mail's HTML: its length, its size as stored and how it was compressed (null: not at all). */
async function storedHtml(mailIds?: number[]) {
  const { rows } = await sql<{ mail_id: number; length: number; stored: number; compression: string | null }>`
    select mail_id, octet_length(html_body) as length, pg_column_size(html_body) as stored,
      pg_column_compression(html_body) as compression
    from mails
    where html_body is not null ${mailIds ? sql`and mail_id in (${sql.join(mailIds)})` : sql``}
    order by mail_id`.execute(shop.ctx.db);
  return rows;
}

describe("the mail queue's rows on PostgreSQL (migration 20261211100000)", () => {
  it("keeps a new order's mails whole: their HTML is written as it is, not compressed", async () => {
    const { cookie } = await signedIn(shop);
    const product = await createProduct(shop, { stock: 5 });
    const placed = await placeOrder(shop, cookie, [{ product_id: product.product_id }]);
    expect(placed.statusCode, placed.body).toBe(201);

    const mails = await storedHtml();
    // The shopper's confirmation and the shop's notice, each a few kilobytes of HTML: beyond the
    // 2 KB from which PostgreSQL compresses a row unless told otherwise.
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.length).toBeGreaterThan(2048);
      expect(mail.compression).toBeNull();
      expect(mail.stored).toBeGreaterThanOrEqual(mail.length);
    }
  });

  it("still compresses a mail larger than a page, and gives it back as it was written", async () => {
    const html = `<p>${"Mawar merah untuk Ibu, dengan kartu ucapan. ".repeat(400)}</p>`;
    const { jobId } = await queueMail(shop.ctx.db, { to: "ibu@example.com", subject: "Large", text: "Large", html });
    const { payload } = await shop.ctx.db
      .selectFrom("jobs")
      .select("payload")
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    const { mailId } = JSON.parse(payload) as { mailId: number };

    const [stored] = await storedHtml([mailId]);
    expect(stored?.length).toBe(Buffer.byteLength(html));
    // Compressed by the server's method (pglz unless the server is set otherwise).
    const { rows } = await sql<{ method: string }>`
      select current_setting('default_toast_compression') as method`.execute(shop.ctx.db);
    expect(stored?.compression).toBe(rows[0]?.method);
    expect(stored?.stored).toBeLessThan(stored?.length ?? 0);
    expect((await findMail(shop.ctx.db, mailId))?.html_body).toBe(html);
  });
});
