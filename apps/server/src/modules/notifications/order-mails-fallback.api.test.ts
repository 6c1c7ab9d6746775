import type { OrderDetail } from "@florist/contract";
import { orderDisplayId } from "@florist/contract/rules";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProduct, placedOrderMailJobs, placeOrder } from "../../../test/fixtures.js";
import { createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import type { Mail } from "../../lib/mailer.js";
import { runDueJobs } from "../jobs/runner.js";

/**
 * A new order's mails are rendered inside its transaction and written with it. Rendering is made to
 * fail here, once, as a mistake in a template would: the order must still be placed, and its mails
 * still go out, written by the job queued with the order instead.
 */
const rendering = vi.hoisted(() => ({ failOnce: false }));
vi.mock("./service.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("./service.js")>();
  return {
    ...original,
    newOrderMails: (...args: Parameters<typeof original.newOrderMails>) => {
      if (rendering.failOnce) {
        rendering.failOnce = false;
        throw new Error("order-placed.eta: it.order.itemz is undefined");
      }
      return original.newOrderMails(...args);
    },
  };
});

let shop: TestShop;
const sent: Mail[] = [];

beforeAll(async () => {
  shop = await createTestShop({ notifyEmail: "florist@shop.test" });
  shop.ctx.mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
});
afterAll(() => shop.close());

async function sentMails(): Promise<[string, string][]> {
  await runDueJobs(shop.ctx);
  const mails = sent.splice(0).map((m): [string, string] => [m.to, m.subject]);
  return mails.sort(([a], [b]) => a.localeCompare(b));
}

const mailJobs = (orderId: number) => placedOrderMailJobs(shop, orderId);

describe("a new order whose mails cannot be rendered with it", () => {
  it("is placed all the same, and the job queued in its transaction writes its mails, once", async () => {
    const buyer = await signedIn(shop, "customer");
    const product = await createProduct(shop, { name: "Fallback Lilies", price: 180000, stock: 4 });
    rendering.failOnce = true;
    const res = await placeOrder(shop, buyer.cookie, [{ product_id: product.product_id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    const order: OrderDetail = res.json();
    expect(rendering.failOnce).toBe(false);
    expect(await mailJobs(order.orderId)).toEqual([{ state: "queued" }]);
    const stock = await shop.ctx.db
      .selectFrom("products")
      .select("stock_quantity")
      .where("product_id", "=", product.product_id)
      .executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(3);

    const id = orderDisplayId(order.orderId);
    expect(await sentMails()).toEqual([
      [buyer.user.email, `Your order ${id}: how to pay`],
      ["florist@shop.test", `New order ${id}`],
    ]);
    expect(await mailJobs(order.orderId)).toEqual([{ state: "done" }]);
    expect(await sentMails()).toEqual([]);
  });

  it("writes neither mails nor a job when the order itself is refused", async () => {
    const buyer = await signedIn(shop, "customer");
    const product = await createProduct(shop, { name: "Last Sunflowers", price: 150000, stock: 1 });
    const mails = async () => (await shop.ctx.db.selectFrom("mails").select("mail_id").execute()).length;
    const jobs = async () => (await shop.ctx.db.selectFrom("jobs").select("job_id").execute()).length;
    const before = { mails: await mails(), jobs: await jobs() };
    const res = await placeOrder(shop, buyer.cookie, [{ product_id: product.product_id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect({ mails: await mails(), jobs: await jobs() }).toEqual(before);
  });
});
