import type { Cart, OrderDetail } from "@florist/contract";
import type { KyselyPlugin, QueryId, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, customizationIds, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";
import * as lineNumbers from "../../db/migrations/20261124200000_order_item_line_no.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const call = callerOf(() => shop);

/**
 * Answers the rows of every INSERT … RETURNING into order_items last to first: neither database
 * promises any order for them, so the app must not rely on the one they usually give.
 */
function reversedOrderItemReturning(): KyselyPlugin {
  const inserts = new Set<QueryId>();
  const isOrderItemInsert = (node: RootOperationNode) =>
    node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "order_items";
  return {
    transformQuery: ({ node, queryId }) => {
      if (isOrderItemInsert(node)) inserts.add(queryId);
      return node;
    },
    transformResult: async ({ result, queryId }) =>
      inserts.delete(queryId) ? { ...result, rows: [...result.rows].reverse() } : result,
  };
}

describe("an order's lines", () => {
  it("come back in the cart's order, each with its own customizations, whatever order the database answers the inserted rows in", async () => {
    const { user, cookie } = await signedIn(shop, "customer");
    const custom = await customizationIds(shop);
    const wanted: [string, [string, number][]][] = [
      ["Line Roses", [["Greeting Card", 1]]],
      ["Line Lilies", []],
      [
        "Line Tulips",
        [
          ["Chocolate", 2],
          ["Ribbon", 1],
        ],
      ],
      ["Line Orchids", [["Teddy Bear", 3]]],
    ];
    for (const [name, customizations] of wanted) {
      const product = await createProduct(shop, { name, price: 100000, stock: 5 });
      const added = await call("POST", `/api/cart/user/${user.user_id}/items`, cookie, {
        productId: product.product_id,
        quantity: 1,
        size: "Small",
        color: "Red",
      });
      expect(added.statusCode, added.body).toBe(201);
      const line = (added.json() as Cart).items.at(-1);
      for (const [customization, quantity] of customizations) {
        const put = await call("POST", "/api/cartItemCustomization", cookie, {
          cart_item_id: line?.cartItemId,
          customization_id: custom[customization]?.customization_id,
          quantity,
        });
        expect(put.statusCode, put.body).toBeLessThan(300);
      }
    }
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;

    const original = shop.ctx.db;
    shop.ctx.db = original.withPlugin(reversedOrderItemReturning());
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await call("POST", "/api/order", cookie, {
        shipping_address: SHIPPING_ADDRESS,
        cart_id: cart.cartId,
        // Listed last to first: the order follows the cart, not the request.
        items: [...cart.items].reverse().map((item) => ({
          product_id: item.productId,
          quantity: item.quantity,
          cart_item_id: item.cartItemId,
        })),
      });
    } finally {
      shop.ctx.db = original;
    }
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderDetail;
    const expected = wanted.map(([name, customizations]) => ({
      productName: name,
      customizations: customizations.map(([c, quantity]) => ({
        name: c,
        price: custom[c]?.price,
        quantity,
      })),
    }));
    const seen = (items: OrderDetail["items"]) =>
      items.map((item) => ({ productName: item.productName, customizations: item.customizations }));
    expect(seen(order.items)).toEqual(expected);
    const again = (await call("GET", `/api/order/${order.orderId}`, cookie)).json() as OrderDetail;
    expect(seen(again.items)).toEqual(expected);
    // The answer to the new order is what reading it back gives, to the last field.
    expect(again).toEqual(order);
    expect(again.items.map((item) => item.linePrice)).toEqual([115000, 100000, 200000, 355000]);
  });

  it("are numbered 1, 2, … within each order in the order of their ids when the numbers are first added", async () => {
    // The migration's own view of the database: the table as it is before and after it runs.
    const db = shop.ctx.db as unknown as Parameters<typeof lineNumbers.up>[0];
    const { user } = await signedIn(shop, "customer");
    const now = new Date().toISOString();
    const newOrder = () =>
      db
        .insertInto("orders")
        .values({
          user_id: user.user_id,
          shipping_address: SHIPPING_ADDRESS,
          shipping_cost: 0,
          total_price: 0,
          order_status: "Order Received",
          payment_status: "Pending",
          order_date: now,
          updated_at: now,
        })
        .returning("order_id")
        .executeTakeFirstOrThrow();
    await lineNumbers.down(db);
    try {
      const first = await newOrder();
      const second = await newOrder();
      // Interleaved, as items of orders placed at the same time were.
      for (const [orderId, name] of [
        [first.order_id, "a1"],
        [second.order_id, "b1"],
        [first.order_id, "a2"],
        [second.order_id, "b2"],
        [first.order_id, "a3"],
      ] as const) {
        await db
          .insertInto("order_items")
          .values({ order_id: orderId, product_name: name, unit_price: 0, quantity: 1, line_price: 0 })
          .execute();
      }
    } finally {
      await lineNumbers.up(db);
    }
    const rows = await db
      .selectFrom("order_items")
      .select(["product_name", "line_no"])
      .where("product_name", "in", ["a1", "a2", "a3", "b1", "b2"])
      .orderBy("product_name")
      .execute();
    expect(rows).toEqual([
      { product_name: "a1", line_no: 1 },
      { product_name: "a2", line_no: 2 },
      { product_name: "a3", line_no: 3 },
      { product_name: "b1", line_no: 1 },
      { product_name: "b2", line_no: 2 },
    ]);
  });
});
