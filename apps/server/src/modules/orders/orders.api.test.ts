import fs from "node:fs";
import path from "node:path";
import type { Cart, OrderDetail, OrderSummary } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countQueries,
  createProduct,
  customizationIds,
  imageFile,
  multipartForm,
  placeOrder,
  SHIPPING_ADDRESS,
  setOrder,
  stockOf,
} from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const call = callerOf(() => shop);

async function ordersOf(userId: number) {
  return shop.ctx.db.selectFrom("orders").selectAll().where("user_id", "=", userId).execute();
}

/** A shopper whose cart holds the given lines; answers the shopper and the cart. */
async function shopperWithCart(
  lines: { productId: number; quantity: number; size?: string; color?: string; customizations?: [string, number][] }[],
) {
  const shopper = await signedIn(shop, "customer");
  const custom = await customizationIds(shop);
  let cart: Cart | undefined;
  for (const line of lines) {
    const res = await call("POST", `/api/cart/user/${shopper.user.user_id}/items`, shopper.cookie, {
      productId: line.productId,
      quantity: line.quantity,
      size: line.size ?? "Small",
      color: line.color ?? "Red",
    });
    expect(res.statusCode, res.body).toBe(201);
    cart = res.json() as Cart;
    const item = cart.items.at(-1);
    for (const [name, quantity] of line.customizations ?? []) {
      await call("POST", "/api/cartItemCustomization", shopper.cookie, {
        cart_item_id: item?.cartItemId,
        customization_id: custom[name]?.customization_id,
        quantity,
      });
    }
  }
  return { ...shopper, cart: cart as Cart };
}

function orderFromCart(cart: Cart, extra: Record<string, unknown> = {}, itemExtra: Record<string, unknown> = {}) {
  return {
    shipping_address: `  ${SHIPPING_ADDRESS}  `,
    cart_id: cart.cartId,
    items: cart.items.map((item) => ({
      product_id: item.productId,
      quantity: item.quantity,
      price: item.linePrice + item.customizationTotal,
      cart_item_id: item.cartItemId,
      ...itemExtra,
    })),
    ...extra,
  };
}

describe("placing an order from the cart", () => {
  it("prices every line on the server, charges the delivery fee, takes the stock and empties the ordered lines", async () => {
    const roses = await createProduct(shop, { name: "Order Roses", price: 200000, stock: 10 });
    const lilies = await createProduct(shop, { name: "Order Lilies", price: 150000, stock: 4 });
    const keep = await createProduct(shop, { name: "Kept Tulips", stock: 3 });
    const { user, cookie, cart } = await shopperWithCart([
      {
        productId: roses.product_id,
        quantity: 2,
        size: "Large",
        customizations: [
          ["Greeting Card", 1],
          ["Chocolate", 2],
        ],
      },
      { productId: lilies.product_id, quantity: 1, color: "White" },
      { productId: keep.product_id, quantity: 1 },
    ]);
    const ordered = { ...cart, items: cart.items.filter((i) => i.productId !== keep.product_id) };

    const res = await call("POST", "/api/order", cookie, orderFromCart(ordered, { user_id: user.user_id }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderDetail;
    const rosesLine = 2 * 300000 + 15000 + 2 * 45000;
    expect(order).toEqual({
      orderId: expect.any(Number),
      userId: user.user_id,
      username: user.username,
      email: user.email,
      shippingAddress: SHIPPING_ADDRESS,
      orderDate: expect.any(String),
      deliveryDate: expect.any(String),
      orderStatus: "Order Received",
      paymentStatus: "Pending",
      totalPrice: rosesLine + 150000 + 50000,
      shippingCost: 50000,
      orderProof: null,
      items: [
        {
          productId: roses.product_id,
          productName: "Order Roses",
          quantity: 2,
          unitPrice: 300000,
          linePrice: rosesLine,
          size: "Large",
          color: "Red",
          customizations: [
            { name: "Greeting Card", price: 15000, quantity: 1 },
            { name: "Chocolate", price: 45000, quantity: 2 },
          ],
        },
        {
          productId: lilies.product_id,
          productName: "Order Lilies",
          quantity: 1,
          unitPrice: 150000,
          linePrice: 150000,
          size: "Small",
          color: "White",
          customizations: [],
        },
      ],
      // No delivery fields sent: the earliest free slot, no district, no card.
      delivery: expect.objectContaining({ zoneId: null, zoneName: null }),
      deliveryZone: null,
      recipientName: null,
      recipientPhone: null,
      cardMessage: null,
      senderAnonymous: false,
      // The default window: a day from checkout to pay (contract §7.2).
      paymentDueAt: new Date(Date.parse(order.orderDate) + 24 * 60 * 60 * 1000).toISOString(),
      paymentProof: null,
      paymentNote: null,
    });
    const { date, start } = order.delivery as NonNullable<OrderDetail["delivery"]>;
    expect(Date.parse(order.deliveryDate as string)).toBe(Date.parse(`${date}T${start}:00+07:00`));
    expect(await stockOf(shop, roses.product_id)).toBe(8);
    expect(await stockOf(shop, lilies.product_id)).toBe(3);
    expect(await stockOf(shop, keep.product_id)).toBe(3);
    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items.map((i) => i.productId)).toEqual([keep.product_id]);
  });

  it("ignores the prices, shipping cost, statuses and quantities a client sends", async () => {
    const product = await createProduct(shop, { price: 250000, stock: 10 });
    const { cookie, cart } = await shopperWithCart([{ productId: product.product_id, quantity: 2, size: "Small" }]);
    const tampered = orderFromCart(
      cart,
      { shipping_cost: 0, order_status: "Finished", payment_status: "Paid" },
      { price: 1, unitPrice: 1, linePrice: 1, quantity: 1 },
    );
    const res = await call("POST", "/api/order", cookie, tampered);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderDetail;
    expect(order).toMatchObject({
      orderStatus: "Order Received",
      paymentStatus: "Pending",
      shippingCost: 50000,
      totalPrice: 2 * 250000 + 50000,
      items: [{ quantity: 2, unitPrice: 250000, linePrice: 500000 }],
    });
    const stored = await shop.ctx.db
      .selectFrom("orders")
      .selectAll()
      .where("order_id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      total_price: 550000,
      shipping_cost: 50000,
      order_status: "Order Received",
      payment_status: "Pending",
    });
  });

  it("charges the delivery fee the admin has set", async () => {
    const admin = await signedIn(shop, "admin");
    await call("PUT", "/api/settings/delivery-fee", admin.cookie, { deliveryFee: 35000 });
    try {
      const product = await createProduct(shop, { price: 100000 });
      const { cookie } = await signedIn(shop, "customer");
      const res = await placeOrder(shop, cookie, [{ product_id: product.product_id }]);
      expect(res.json()).toMatchObject({ shippingCost: 35000, totalPrice: 135000 });
    } finally {
      await call("PUT", "/api/settings/delivery-fee", admin.cookie, { deliveryFee: 50000 });
    }
  });

  it("runs the same number of queries for one line or five", async () => {
    const placeWith = async (lineCount: number) => {
      const products = [];
      for (let i = 0; i < lineCount; i += 1) products.push(await createProduct(shop, { stock: 5 }));
      const { cookie, cart } = await shopperWithCart(
        products.map((p) => ({ productId: p.product_id, quantity: 1, customizations: [["Ribbon", 1]] })),
      );
      return countQueries(shop, async () => {
        const res = await call("POST", "/api/order", cookie, orderFromCart(cart));
        expect(res.statusCode).toBe(201);
      });
    };
    expect(await placeWith(5)).toBe(await placeWith(1));
  });
});

describe("buying now", () => {
  it("orders the listed product in the chosen size and colour with its customizations", async () => {
    const product = await createProduct(shop, { price: 200000, stock: 5 });
    const custom = await customizationIds(shop);
    const { cookie } = await signedIn(shop, "customer");
    const res = await call("POST", "/api/order", cookie, {
      shipping_address: SHIPPING_ADDRESS,
      shipping_cost: 0,
      items: [
        {
          product_id: product.product_id,
          quantity: 2,
          price: 1,
          size: "large",
          color: "White",
          customizations: [{ customization_id: custom["Teddy Bear"]?.customization_id, quantity: 1 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      totalPrice: 2 * 300000 + 85000 + 50000,
      items: [
        {
          size: "Large",
          color: "White",
          unitPrice: 300000,
          linePrice: 685000,
          customizations: [{ name: "Teddy Bear", price: 85000, quantity: 1 }],
        },
      ],
    });
    expect(await stockOf(shop, product.product_id)).toBe(3);
  });

  it("refuses a size or colour the product does not offer (400) and an unknown product or customization (404)", async () => {
    const product = await createProduct(shop);
    const { user, cookie } = await signedIn(shop, "customer");
    expect((await placeOrder(shop, cookie, [{ product_id: product.product_id, size: "Huge" }])).statusCode).toBe(400);
    expect((await placeOrder(shop, cookie, [{ product_id: product.product_id, size: "" }])).statusCode).toBe(400);
    expect((await placeOrder(shop, cookie, [{ product_id: product.product_id, color: "Blue" }])).statusCode).toBe(400);
    expect((await placeOrder(shop, cookie, [{ product_id: 999999 }])).statusCode).toBe(404);
    const unknownCustomization = await placeOrder(shop, cookie, [
      { product_id: product.product_id, customizations: [{ customization_id: 999999 }] },
    ]);
    expect(unknownCustomization.statusCode).toBe(404);
    expect(await ordersOf(user.user_id)).toEqual([]);
    expect(await stockOf(shop, product.product_id)).toBe(10);
  });
});

describe("an order the shop cannot fill", () => {
  it("answers 409 with the missing items and writes nothing", async () => {
    const plenty = await createProduct(shop, { name: "Plenty Roses", stock: 10 });
    const short = await createProduct(shop, { name: "Short Lilies", stock: 5 });
    const { user, cookie, cart } = await shopperWithCart([
      { productId: plenty.product_id, quantity: 2 },
      { productId: short.product_id, quantity: 3, size: "Small" },
      { productId: short.product_id, quantity: 2, size: "Large" },
    ]);
    await shop.ctx.db
      .updateTable("products")
      .set({ stock_quantity: 4 })
      .where("product_id", "=", short.product_id)
      .execute();

    const res = await call("POST", "/api/order", cookie, orderFromCart(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: "INSUFFICIENT_STOCK",
      unavailableItems: [{ name: "Short Lilies", availableStock: 4, requestedStock: 5 }],
    });
    expect(await stockOf(shop, plenty.product_id)).toBe(10);
    expect(await stockOf(shop, short.product_id)).toBe(4);
    expect(await ordersOf(user.user_id)).toEqual([]);
    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items).toHaveLength(3);
  });

  it("reports a product marked out of stock or no longer sold as having none", async () => {
    const marked = await createProduct(shop, { name: "Marked Orchid", stock: 5 });
    const archived = await createProduct(shop, { name: "Archived Peony", stock: 5 });
    const { cookie, cart } = await shopperWithCart([
      { productId: marked.product_id, quantity: 1 },
      { productId: archived.product_id, quantity: 1 },
    ]);
    await shop.ctx.db
      .updateTable("products")
      .set({ availability_status: "out_of_stock" })
      .where("product_id", "=", marked.product_id)
      .execute();
    await shop.ctx.db
      .updateTable("products")
      .set({ archived_at: new Date().toISOString() })
      .where("product_id", "=", archived.product_id)
      .execute();
    const res = await call("POST", "/api/order", cookie, orderFromCart(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json().unavailableItems).toEqual([
      { name: "Marked Orchid", availableStock: 0, requestedStock: 1 },
      { name: "Archived Peony", availableStock: 0, requestedStock: 1 },
    ]);
    expect(await stockOf(shop, marked.product_id)).toBe(5);
  });

  it("refuses a cart line whose size the shop no longer offers (409) and writes nothing", async () => {
    const product = await createProduct(shop, { name: "Resized Roses", stock: 5 });
    const { user, cookie, cart } = await shopperWithCart([
      { productId: product.product_id, quantity: 1, size: "Large" },
    ]);
    await shop.ctx.db
      .updateTable("products")
      .set({ size_options: JSON.stringify([{ label: "Small", price: null }]) })
      .where("product_id", "=", product.product_id)
      .execute();
    const res = await call("POST", "/api/order", cookie, orderFromCart(cart));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "OPTION_NOT_OFFERED", message: expect.stringMatching(/Resized Roses/) });
    expect(await stockOf(shop, product.product_id)).toBe(5);
    expect(await ordersOf(user.user_id)).toEqual([]);
  });

  it("sells the last units to exactly as many of 20 racing customers as there are units", async () => {
    const product = await createProduct(shop, { name: "Last Five Roses", stock: 5 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => signedIn(shop, "customer")));
    const answers = await Promise.all(
      customers.map(({ cookie }) => placeOrder(shop, cookie, [{ product_id: product.product_id, quantity: 1 }])),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(shop, product.product_id)).toBe(0);
    const orders = await shop.ctx.db
      .selectFrom("order_items")
      .select("order_id")
      .where("product_id", "=", product.product_id)
      .execute();
    expect(orders).toHaveLength(5);
  });
});

describe("an order too large for the integer columns", () => {
  const TOO_LARGE = { message: "This order's total is too large.", code: "TOTAL_TOO_LARGE" };

  it("is refused (400) and writes nothing, for one line or many, the same on both databases", async () => {
    // 2,147,483,647 is the largest total an order's integer column holds; 1e9 × 3 passes it.
    const costly = await createProduct(shop, { name: "Costly Orchids", price: 1_000_000_000, stock: 10 });
    const others = [
      await createProduct(shop, { name: "Costly Roses", price: 1_000_000_000, stock: 10 }),
      await createProduct(shop, { name: "Costly Lilies", price: 1_000_000_000, stock: 10 }),
    ];
    const { user, cookie } = await signedIn(shop, "customer");
    const oneLine = await placeOrder(shop, cookie, [{ product_id: costly.product_id, quantity: 3 }]);
    expect(oneLine.statusCode).toBe(400);
    expect(oneLine.json()).toMatchObject(TOO_LARGE);
    const manyLines = await placeOrder(
      shop,
      cookie,
      [costly, ...others].map((p) => ({ product_id: p.product_id, quantity: 1 })),
    );
    expect(manyLines.statusCode).toBe(400);
    expect(manyLines.json()).toMatchObject(TOO_LARGE);
    for (const product of [costly, ...others]) expect(await stockOf(shop, product.product_id)).toBe(10);
    expect(await ordersOf(user.user_id)).toEqual([]);
  });

  it("is refused (400) from a cart whose lines each fit, and the cart keeps them", async () => {
    const roses = await createProduct(shop, { name: "Costly Cart Roses", price: 1_000_000_000, stock: 10 });
    const lilies = await createProduct(shop, { name: "Costly Cart Lilies", price: 1_000_000_000, stock: 10 });
    const { user, cookie, cart } = await shopperWithCart([
      { productId: roses.product_id, quantity: 2 },
      { productId: lilies.product_id, quantity: 1 },
    ]);
    const res = await call("POST", "/api/order", cookie, orderFromCart(cart));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(TOO_LARGE);
    expect(await stockOf(shop, roses.product_id)).toBe(10);
    expect(await ordersOf(user.user_id)).toEqual([]);
    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items).toHaveLength(2);
  });

  it("is accepted right up to the largest total", async () => {
    const product = await createProduct(shop, { name: "Costly Peonies", price: 1_000_000_000, stock: 10 });
    const { cookie } = await signedIn(shop, "customer");
    const res = await placeOrder(shop, cookie, [{ product_id: product.product_id, quantity: 2 }]);
    expect(res.statusCode).toBe(201);
    expect((res.json() as OrderDetail).totalPrice).toBe(2_000_000_000 + 50000);
  });
});

describe("who may place an order", () => {
  it("needs a session (401), and answers 404 for another shopper's cart, cart item or user id", async () => {
    const product = await createProduct(shop);
    const owner = await shopperWithCart([{ productId: product.product_id, quantity: 1 }]);
    const other = await signedIn(shop, "customer");
    const ownCart = (await call("POST", `/api/cart/user/${other.user.user_id}/ensure`, other.cookie)).json();
    expect((await call("POST", "/api/order", undefined, orderFromCart(owner.cart))).statusCode).toBe(401);
    expect((await call("POST", "/api/order", other.cookie, orderFromCart(owner.cart))).statusCode).toBe(404);
    const foreignItem = orderFromCart(owner.cart, { cart_id: ownCart.cartId });
    expect((await call("POST", "/api/order", other.cookie, foreignItem)).statusCode).toBe(404);
    const { cart_id: _cart, ...withoutCart } = orderFromCart(owner.cart);
    expect((await call("POST", "/api/order", other.cookie, withoutCart)).statusCode).toBe(404);
    const asOwner = orderFromCart(owner.cart, { user_id: owner.user.user_id });
    expect((await call("POST", "/api/order", other.cookie, asOwner)).statusCode).toBe(404);
    expect(await stockOf(shop, product.product_id)).toBe(10);
    expect(await ordersOf(owner.user.user_id)).toEqual([]);
  });

  it("refuses an order without items or address (400) and a cart item listed twice (400)", async () => {
    const product = await createProduct(shop);
    const { cookie, cart } = await shopperWithCart([{ productId: product.product_id, quantity: 1 }]);
    const empty = await call("POST", "/api/order", cookie, { shipping_address: SHIPPING_ADDRESS, items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("There are no items to process.");
    expect(
      (await call("POST", "/api/order", cookie, { ...orderFromCart(cart), shipping_address: " " })).statusCode,
    ).toBe(400);
    const twice = orderFromCart(cart);
    twice.items = [...twice.items, ...twice.items];
    expect((await call("POST", "/api/order", cookie, twice)).statusCode).toBe(400);
  });
});

describe("reading orders", () => {
  it("lists a shopper's orders newest first with review and proof, for the shopper and admins only", async () => {
    const product = await createProduct(shop, { stock: 20 });
    const { user, cookie } = await signedIn(shop, "customer");
    const first = (await placeOrder(shop, cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const second = (await placeOrder(shop, cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    await setOrder(shop, first.orderId, { order_date: "2026-01-01T00:00:00.000Z" });

    const res = await call("GET", `/api/order/user/${user.user_id}`, cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as OrderSummary[];
    expect(list.map((o) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect(list[0]).toEqual({
      orderId: second.orderId,
      orderDate: second.orderDate,
      orderStatus: "Order Received",
      paymentStatus: "Pending",
      totalPrice: 250000,
      shippingCost: 50000,
      review: null,
      orderProof: null,
      delivery: second.delivery,
      deliveryZone: null,
      recipientName: null,
      recipientPhone: null,
      cardMessage: null,
      senderAnonymous: false,
      paymentDueAt: second.paymentDueAt,
      paymentProof: null,
      paymentNote: null,
    });
    expect(second.delivery).not.toBeNull();

    const admin = await signedIn(shop, "admin");
    expect((await call("GET", `/api/order/user/${user.user_id}`, admin.cookie)).json()).toEqual(list);
    const other = await signedIn(shop, "customer");
    expect((await call("GET", `/api/order/user/${user.user_id}`, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/order/user/${user.user_id}`)).statusCode).toBe(401);
  });

  it("loads the list with the same number of queries for one order or five", async () => {
    const product = await createProduct(shop, { stock: 20 });
    const { user, cookie } = await signedIn(shop, "customer");
    const load = () => call("GET", `/api/order/user/${user.user_id}`, cookie);
    await placeOrder(shop, cookie, [{ product_id: product.product_id }]);
    const withOne = await countQueries(shop, load);
    for (let i = 0; i < 4; i += 1) await placeOrder(shop, cookie, [{ product_id: product.product_id }]);
    expect(await countQueries(shop, load)).toBe(withOne);
  });

  it("shows one order to its owner and admins, and answers 404 to anyone else", async () => {
    const product = await createProduct(shop);
    const { cookie } = await signedIn(shop, "customer");
    const order = (await placeOrder(shop, cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const own = await call("GET", `/api/order/${order.orderId}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(order);
    const admin = await signedIn(shop, "admin");
    expect((await call("GET", `/api/order/${order.orderId}`, admin.cookie)).json()).toEqual(order);
    const other = await signedIn(shop, "customer");
    expect((await call("GET", `/api/order/${order.orderId}`, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/order/999999", cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/order/${order.orderId}`)).statusCode).toBe(401);
  });

  it("answers an order's customizations to its owner, the same every time", async () => {
    const product = await createProduct(shop);
    const { cookie, cart } = await shopperWithCart([
      { productId: product.product_id, quantity: 1, customizations: [["Ribbon", 2]] },
    ]);
    const order = (await call("POST", "/api/order", cookie, orderFromCart(cart))).json() as OrderDetail;
    const first = await call("POST", "/api/cartOrderCustomization", cookie, { order_id: order.orderId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ orderId: order.orderId, items: order.items });
    expect(first.json().items[0].customizations).toEqual([{ name: "Ribbon", price: 10000, quantity: 2 }]);
    const again = await call("POST", "/api/cartOrderCustomization", cookie, { order_id: order.orderId });
    expect(again.json()).toEqual(first.json());
    const other = await signedIn(shop, "customer");
    expect(
      (await call("POST", "/api/cartOrderCustomization", other.cookie, { order_id: order.orderId })).statusCode,
    ).toBe(404);
    expect((await call("POST", "/api/cartOrderCustomization", undefined, { order_id: order.orderId })).statusCode).toBe(
      401,
    );
    expect((await call("POST", "/api/cartOrderCustomization", cookie, {})).statusCode).toBe(400);
  });
});

describe("moving an order through delivery", () => {
  async function newOrder(quantity = 2, stock = 10) {
    const product = await createProduct(shop, { stock });
    const shopper = await signedIn(shop, "customer");
    const order = (
      await placeOrder(shop, shopper.cookie, [{ product_id: product.product_id, quantity }])
    ).json() as OrderDetail;
    return { product, order, shopper };
  }

  it("goes from Order Received to In Delivery to Finished, matching names in any case and spacing, and records Paid", async () => {
    const { order } = await newOrder();
    const admin = await signedIn(shop, "admin");
    const url = `/api/order/${order.orderId}/status`;
    const delivering = await call("PATCH", url, admin.cookie, { status: "  in delivery " });
    expect(delivering.statusCode, delivering.body).toBe(200);
    expect(delivering.json()).toMatchObject({ orderStatus: "In Delivery", paymentStatus: "Pending" });
    const finished = await call("PATCH", url, admin.cookie, { status: "FINISHED", paymentStatus: "Paid" });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ orderId: order.orderId, orderStatus: "Finished", paymentStatus: "Paid" });
  });

  it("refuses the changes the workflow does not allow (409) and unknown statuses (400)", async () => {
    const admin = await signedIn(shop, "admin");
    const patch = (orderId: number, body: object) => call("PATCH", `/api/order/${orderId}/status`, admin.cookie, body);

    const { order } = await newOrder();
    expect((await patch(order.orderId, { status: "Finished" })).statusCode).toBe(409);
    expect((await patch(order.orderId, { status: "Order Received" })).statusCode).toBe(409);
    expect((await patch(order.orderId, { status: "Shipped" })).statusCode).toBe(400);
    expect((await patch(order.orderId, { status: "In Delivery", paymentStatus: "Paid" })).statusCode).toBe(400);
    await patch(order.orderId, { status: "In Delivery" });
    expect((await patch(order.orderId, { status: "Denied" })).statusCode).toBe(409);
    await patch(order.orderId, { status: "Finished" });
    for (const status of ["Order Received", "In Delivery", "Denied", "Finished"]) {
      expect((await patch(order.orderId, { status })).statusCode, `Finished → ${status}`).toBe(409);
    }

    const denied = (await newOrder()).order;
    await patch(denied.orderId, { status: "Denied" });
    for (const status of ["Order Received", "In Delivery", "Finished", "Denied"]) {
      expect((await patch(denied.orderId, { status })).statusCode, `Denied → ${status}`).toBe(409);
    }
    expect((await patch(999999, { status: "In Delivery" })).statusCode).toBe(404);
  });

  it("denying an order puts its stock back", async () => {
    const { product, order } = await newOrder(3, 10);
    expect(await stockOf(shop, product.product_id)).toBe(7);
    const admin = await signedIn(shop, "admin");
    const res = await call("PATCH", `/api/order/${order.orderId}/status`, admin.cookie, { status: "denied" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: "Denied", paymentStatus: "Pending" });
    expect(await stockOf(shop, product.product_id)).toBe(10);
  });

  it("is for admins only: 403 for a customer, even the owner, and 401 anonymously", async () => {
    const { order, shopper } = await newOrder();
    const url = `/api/order/${order.orderId}/status`;
    expect((await call("PATCH", url, shopper.cookie, { status: "In Delivery" })).statusCode).toBe(403);
    expect((await call("PATCH", url, undefined, { status: "In Delivery" })).statusCode).toBe(401);
    expect((await call("GET", `/api/order/${order.orderId}`, shopper.cookie)).json().orderStatus).toBe(
      "Order Received",
    );
  });
});

describe("delivery proof", () => {
  async function uploadProof(orderId: number, cookie: string, color = "#2f9e44") {
    const form = multipartForm({}, { order_proof: await imageFile({ color }) });
    return shop.app.inject({
      method: "PUT",
      url: `/api/order/${orderId}/proof`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  }

  const proofFiles = () => {
    const dir = path.join(shop.dataDir, "proofs");
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  const proofDisk = (orderProof: string) => path.join(shop.dataDir, "proofs", path.basename(orderProof));

  it("is stored privately and shown only to the order's owner and admins", async () => {
    const product = await createProduct(shop);
    const owner = await signedIn(shop, "customer");
    const order = (await placeOrder(shop, owner.cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const admin = await signedIn(shop, "admin");

    const res = await uploadProof(order.orderId, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { orderProof } = res.json();
    expect(orderProof).toMatch(/^\/uploads\/proofs\/[a-f0-9]{32}\.webp$/);
    expect(fs.existsSync(proofDisk(orderProof))).toBe(true);
    expect(fs.existsSync(path.join(shop.dataDir, "uploads", "proofs"))).toBe(false);
    expect((await call("GET", `/api/order/${order.orderId}`, owner.cookie)).json().orderProof).toBe(orderProof);
    const listed = (await call("GET", `/api/order/user/${owner.user.user_id}`, owner.cookie)).json() as OrderSummary[];
    expect(listed[0]?.orderProof).toBe(orderProof);

    for (const who of [owner.cookie, admin.cookie]) {
      const file = await call("GET", orderProof, who);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["cache-control"]).toMatch(/^private/);
      expect(file.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    }
    const other = await signedIn(shop, "customer");
    expect((await call("GET", orderProof, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", orderProof)).statusCode).toBe(401);
    expect((await call("GET", "/uploads/proofs/../shop.db", owner.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/uploads/proofs/${"0".repeat(32)}.webp`, admin.cookie)).statusCode).toBe(404);
  });

  it("replaces an older proof and deletes its file", async () => {
    const product = await createProduct(shop);
    const owner = await signedIn(shop, "customer");
    const order = (await placeOrder(shop, owner.cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const admin = await signedIn(shop, "admin");
    const first = (await uploadProof(order.orderId, admin.cookie)).json().orderProof;
    const second = (await uploadProof(order.orderId, admin.cookie, "#1971c2")).json().orderProof;
    expect(second).not.toBe(first);
    expect(fs.existsSync(proofDisk(first))).toBe(false);
    expect(fs.existsSync(proofDisk(second))).toBe(true);
    expect((await call("GET", first, owner.cookie)).statusCode).toBe(404);
    expect((await call("GET", second, owner.cookie)).statusCode).toBe(200);
  });

  it("refuses a customer (403), anonymous (401), a missing file (400), a non-image (415) and an unknown order (404)", async () => {
    const product = await createProduct(shop);
    const owner = await signedIn(shop, "customer");
    const order = (await placeOrder(shop, owner.cookie, [{ product_id: product.product_id }])).json() as OrderDetail;
    const admin = await signedIn(shop, "admin");
    expect((await uploadProof(order.orderId, owner.cookie)).statusCode).toBe(403);
    const anonymous = multipartForm({}, { order_proof: await imageFile() });
    expect(
      (
        await shop.app.inject({
          method: "PUT",
          url: `/api/order/${order.orderId}/proof`,
          headers: anonymous.headers,
          payload: anonymous.payload,
        })
      ).statusCode,
    ).toBe(401);
    const put = (form: ReturnType<typeof multipartForm>, orderId = order.orderId) =>
      shop.app.inject({
        method: "PUT",
        url: `/api/order/${orderId}/proof`,
        headers: { cookie: admin.cookie, ...form.headers },
        payload: form.payload,
      });
    const before = proofFiles();
    expect((await put(multipartForm({ note: "no file" }))).statusCode).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fake = multipartForm({}, { order_proof: { data: svg, filename: "proof.png", contentType: "image/png" } });
    expect((await put(fake)).statusCode).toBe(415);
    expect((await put(multipartForm({}, { order_proof: await imageFile() }), 999999)).statusCode).toBe(404);
    expect(proofFiles()).toEqual(before);
    expect((await call("GET", `/api/order/${order.orderId}`, owner.cookie)).json().orderProof).toBeNull();
  });
});
