import type { OrderDetail } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placedOrderMailJobs, placeOrder } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import type { Mail } from "../../lib/mailer.js";
import { MINUTE, SECOND, setClock } from "../../lib/time.js";
import { runDueJobs } from "../jobs/runner.js";

/**
 * While shoppers keep the shop busy, a new order's mails are not rendered in its transaction: the job
 * runner writes them from the order once the rush has passed, or once they have waited a minute
 * (docs/decisions/0040, 0041). The shopper and the florist get the same mails either way.
 */
let shop: TestShop;
let rush = false;
const sent: Mail[] = [];
let at = Date.now();

beforeAll(async () => {
  shop = await createTestShop({ notifyEmail: "florist@shop.test" });
  shop.ctx.mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  shop.ctx.load = { busy: () => rush };
});
afterAll(() => shop.close());
// The clock stands still unless a test moves it: the two orders compared are placed at one instant.
beforeAll(() => setClock(() => at));
afterAll(() => setClock(null));
afterEach(() => {
  rush = false;
});

/** Runs the jobs due, as the runner does while the shop is as busy as `rush` says, and takes what they sent. */
async function sentMails(): Promise<Mail[]> {
  await runDueJobs(shop.ctx, undefined, () => rush);
  return sent.splice(0).sort((a, b) => a.to.localeCompare(b.to));
}

const mailsOf = (orderId: number) =>
  shop.ctx.db.selectFrom("mails").select("subject").where("thread", "=", `order:${orderId}`).execute();

const mailJobs = (orderId: number) => placedOrderMailJobs(shop, orderId);

async function orderOf(cookie: string, productId: number): Promise<OrderDetail> {
  const res = await placeOrder(shop, cookie, [{ product_id: productId, quantity: 2 }], {
    recipient_name: "Ibu Sari",
    card_message: "Selamat Hari Ibu",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A mail with the order's number and links written as another order's, to compare two orders' mails. */
function asOrder(mail: Mail, from: number, to: number): Mail {
  const swap = (text: string | undefined) =>
    text
      ?.replaceAll(orderDisplayId(from), orderDisplayId(to))
      .replaceAll(`/pesanan/${from}/`, `/pesanan/${to}/`)
      .replaceAll(`/review/${from}`, `/review/${to}`);
  return { ...mail, subject: swap(mail.subject) as string, text: swap(mail.text) as string, html: swap(mail.html) };
}

describe("a new order's mails while shoppers keep the shop busy", () => {
  it("are written by the runner once the rush has passed: the same mails a quiet shop writes with the order", async () => {
    const buyer = await signedIn(shop, "customer");
    const product = await createProduct(shop, { name: "Hari Ibu Roses", price: 210000, stock: 10 });

    const quiet = await orderOf(buyer.cookie, product.product_id);
    expect(await mailsOf(quiet.orderId)).toHaveLength(2);
    expect(await mailJobs(quiet.orderId)).toEqual([]);
    const quietMails = await sentMails();
    expect(quietMails.map((mail) => [mail.to, mail.subject])).toEqual([
      [buyer.user.email, `Your order ${orderDisplayId(quiet.orderId)}: how to pay`],
      ["florist@shop.test", `New order ${orderDisplayId(quiet.orderId)}`],
    ]);

    rush = true;
    const busy = await orderOf(buyer.cookie, product.product_id);
    // The answer is the order as the quiet shop gives it.
    expect({ ...busy, orderId: quiet.orderId }).toEqual(quiet);
    expect(await mailsOf(busy.orderId)).toEqual([]);
    expect(await mailJobs(busy.orderId)).toEqual([{ state: "queued" }]);
    // While the rush lasts the runner leaves the job for up to a minute.
    expect(await sentMails()).toEqual([]);
    at += 30 * SECOND;
    expect(await sentMails()).toEqual([]);

    rush = false;
    const busyMails = await sentMails();
    expect(busyMails.map((mail) => asOrder(mail, busy.orderId, quiet.orderId))).toEqual(quietMails);
    expect(await mailsOf(busy.orderId)).toHaveLength(2);
    expect(await mailJobs(busy.orderId)).toEqual([{ state: "done" }]);
    expect(await sentMails()).toEqual([]);
  });

  it("go out once they have waited a minute, when the rush lasts longer", async () => {
    const buyer = await signedIn(shop, "customer");
    const product = await createProduct(shop, { name: "Long Rush Lilies", price: 175000, stock: 10 });
    rush = true;
    const order = await orderOf(buyer.cookie, product.product_id);
    expect(await sentMails()).toEqual([]);
    at += MINUTE;
    // Written, then sent in the same round: they are due from when the order was placed.
    expect((await sentMails()).map((mail) => mail.subject)).toEqual([
      `Your order ${orderDisplayId(order.orderId)}: how to pay`,
      `New order ${orderDisplayId(order.orderId)}`,
    ]);
  });

  it("are neither written nor queued when the order itself is refused", async () => {
    const buyer = await signedIn(shop, "customer");
    const product = await createProduct(shop, { name: "Last Peonies", price: 150000, stock: 1 });
    const count = async (table: "mails" | "jobs") =>
      (
        await shop.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = [await count("mails"), await count("jobs")];
    rush = true;
    const res = await placeOrder(shop, buyer.cookie, [{ product_id: product.product_id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect([await count("mails"), await count("jobs")]).toEqual(before);
  });
});
