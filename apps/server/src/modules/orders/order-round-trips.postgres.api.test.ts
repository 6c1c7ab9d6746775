import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookPlaces } from "../../../test/delivery-fixtures.js";
import { createProduct, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { createTestShop, settled, signedIn, type TestShop } from "../../../test/harness.js";
import { changeWatchOf } from "../../db/changes.js";
import { SETTING_KEYS } from "../../db/database.js";
import { now, shopToday } from "../../lib/time.js";
import { putSetting } from "../settings/repository.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/**
 * Counts the times any socket of this process hands bytes to the kernel while `run` runs. The API is
 * reached by inject, without a socket, so these are the shop's writes to PostgreSQL: one for each
 * round trip the buyer waits for.
 */
async function socketWrites(run: () => Promise<unknown>): Promise<number> {
  const socket = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
  const originals = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  for (const method of ["_write", "_writev"] as const) {
    socket[method] = function counted(this: unknown, ...args: unknown[]) {
      writes++;
      return originals[method].apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    Object.assign(socket, originals);
  }
  return writes;
}

/** PostgreSQL only (vitest.config.ts): on SQLite a statement is a function call, not a round trip. */
describe("the round trips a Buy Now order waits for on PostgreSQL (docs/decisions/0037)", () => {
  it("sends the stock, the slot's lock and count and the order's id behind the products' lock, and the commit behind the write", async () => {
    const buyer = await signedIn(shop);
    const product = await createProduct(shop, { name: "Round trip bouquet", stock: 10, sizes: [], colors: [] });
    const order = (delivery: Record<string, unknown> = {}) =>
      shop.app.inject({
        method: "POST",
        url: "/api/order",
        headers: { cookie: buyer.cookie },
        payload: {
          shipping_address: SHIPPING_ADDRESS,
          items: [{ product_id: product.product_id, quantity: 1 }],
          ...delivery,
        },
      });
    // The settings, slots, closed dates and the buyer's session are kept in memory once the change
    // watch listens (db/kept-reads.ts); the first order reads them and prepares its statements.
    await expect.poll(() => changeWatchOf(shop.ctx.db)?.settingsToken()).not.toBeUndefined();
    const first = await order();
    expect(first.statusCode).toBe(201);
    const { date, slotId } = first.json().delivery;

    let status = 0;
    const earliest = await socketWrites(async () => {
      status = (await order()).statusCode;
    });
    expect(status).toBe(201);
    // The window's bookings; begin, the products' lock, the stock, the slot's savepoint, lock and
    // count, the order's id; the write with its mails, and the commit. One at a time, they take 10.
    expect(earliest).toBe(3);

    const named = await socketWrites(async () => {
      status = (await order({ delivery_date: date, delivery_slot_id: slotId })).statusCode;
    });
    expect(status).toBe(201);
    // The slot and its place checked side by side, on two connections; begin, the products' lock,
    // the stock, the slot's lock and count, the order's id; the write with its mails, and the commit.
    expect(named).toBe(4);

    // In a rush the order's mails are left to the job runner (docs/decisions/0041): the job that
    // writes them goes in the order's statement, in its place, at no round trip of its own.
    shop.ctx.load = { busy: () => true };
    try {
      const inARush = await socketWrites(async () => {
        status = (await order()).statusCode;
      });
      expect(status).toBe(201);
      expect(inARush).toBe(3);
    } finally {
      shop.ctx.load = undefined;
    }

    // Every place of the window full, as in a rush: the first order after it filled counts each place,
    // the next ones ask whether it is still full behind the products' lock, in its round trip.
    await putSetting(shop.ctx.db, SETTING_KEYS.deliveryWindowDays, "1");
    const slots = await shop.ctx.db
      .selectFrom("delivery_slots")
      .select(["slot_id", "capacity"])
      .where("active", "=", 1)
      .execute();
    for (const slot of slots) {
      await bookPlaces(shop, buyer.user.user_id, {
        date: shopToday(now()),
        slotId: slot.slot_id,
        count: slot.capacity,
      });
    }
    await settled(shop.ctx.db);
    expect((await order()).json()).toMatchObject({ delivery: null });
    const whenFull = await socketWrites(async () => {
      status = (await order()).statusCode;
    });
    expect(status).toBe(201);
    // Begin, the products' lock, the stock, the window's full places, the order's id; the write with
    // its mails, and the commit.
    expect(whenFull).toBe(2);
  });
});
