import { randomBytes } from "node:crypto";
import type { Cart, Customization, OrderDetail } from "@florist/contract";
import { describe, expect, it } from "vitest";
import { createProduct, placeOrder, SHIPPING_ADDRESS } from "../../../test/fixtures.js";
import { signedIn, useShopAt } from "../../../test/harness.js";

const world = useShopAt("2026-12-07T03:00:00.000Z");
const call = (...args: Parameters<typeof world.call>) => world.call(...args);

/** A name no other test uses, so tests share the shop without meeting. */
const fresh = (name: string) => `${name} ${randomBytes(3).toString("hex")}`;

async function addAddOn(name: string, price: number): Promise<Customization> {
  const res = await call("POST", "/api/customization", world.admin.cookie, { name, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function offered(): Promise<Customization[]> {
  return (await call("GET", "/api/customization")).json();
}

async function auditOf(customizationId: number) {
  return world.shop.ctx.db
    .selectFrom("audit_log")
    .select(["action", "username", "details"])
    .where("target", "=", `customization:${customizationId}`)
    .orderBy("audit_id")
    .execute();
}

describe("running the add-ons", () => {
  it("adds, renames, reprices and deletes an add-on, which the public list follows", async () => {
    const name = fresh("Silk Ribbon");
    const created = await addAddOn(`  ${name}  `, 12000);
    expect(created).toEqual({ customization_id: expect.any(Number), name, price: 12000 });
    expect(await offered()).toContainEqual(created);

    const renamed = await call("PUT", `/api/customization/${created.customization_id}`, world.admin.cookie, {
      name: `${name} Gold`,
      price: "15000",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ customization_id: created.customization_id, name: `${name} Gold`, price: 15000 });

    const free = await call("PUT", `/api/customization/${created.customization_id}`, world.admin.cookie, {
      name: `${name} Gold`,
      price: 0,
    });
    expect(free.json()).toMatchObject({ price: 0 });

    const deleted = await call("DELETE", `/api/customization/${created.customization_id}`, world.admin.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await offered()).map((c) => c.customization_id)).not.toContain(created.customization_id);
    const row = await world.shop.ctx.db
      .selectFrom("customizations")
      .select("customization_id")
      .where("customization_id", "=", created.customization_id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(
      (await call("DELETE", `/api/customization/${created.customization_id}`, world.admin.cookie)).statusCode,
    ).toBe(404);
  });

  it("refuses a missing or blank name, a price that is no whole rupiah or below 0, naming the field (400)", async () => {
    const cases: [unknown, string][] = [
      [{ price: 1000 }, "Name is required."],
      [{ name: "   ", price: 1000 }, "Name is required."],
      [{ name: "x".repeat(61), price: 1000 }, "Name is at most 60 characters."],
      [{ name: "Card" }, "Price must be a number."],
      [{ name: "Card", price: "abc" }, "Price must be a number."],
      [{ name: "Card", price: 10.5 }, "Price must be a whole number of rupiah."],
      [{ name: "Card", price: -1 }, "Price must be 0 or more."],
      [{ name: "Card", price: 10_000_000_000 }, "Price is too large."],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", "/api/customization", world.admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const existing = await addAddOn(fresh("Vase"), 50000);
    const put = await call("PUT", `/api/customization/${existing.customization_id}`, world.admin.cookie, {
      name: "Vase",
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe("Price must be a number.");
    expect(
      (await call("PUT", "/api/customization/999999", world.admin.cookie, { name: "A", price: 1 })).statusCode,
    ).toBe(404);
  });

  it("refuses a name another add-on has, ignoring case (409), also on a rename", async () => {
    const name = fresh("Teddy");
    const first = await addAddOn(name, 80000);
    const again = await call("POST", "/api/customization", world.admin.cookie, { name: name.toUpperCase(), price: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`An add-on named "${name}" already exists.`);

    const other = await addAddOn(fresh("Balloon"), 20000);
    const rename = await call("PUT", `/api/customization/${other.customization_id}`, world.admin.cookie, {
      name,
      price: 20000,
    });
    expect(rename.statusCode).toBe(409);
    const keep = await call("PUT", `/api/customization/${first.customization_id}`, world.admin.cookie, {
      name: name.toLowerCase(),
      price: 90000,
    });
    expect(keep.statusCode, keep.body).toBe(200);
  });

  it("writes one audit entry per change, naming the admin and what changed before and after", async () => {
    const created = await addAddOn(fresh("Audit Card"), 10000);
    await call("PUT", `/api/customization/${created.customization_id}`, world.admin.cookie, {
      name: created.name,
      price: 11000,
    });
    await call("POST", "/api/customization", world.admin.cookie, { name: created.name, price: 1 });
    await call("DELETE", `/api/customization/${created.customization_id}`, world.admin.cookie);
    const entries = await auditOf(created.customization_id);
    expect(entries.map((e) => [e.action, e.username])).toEqual([
      ["addon.create", world.admin.user.username],
      ["addon.update", world.admin.user.username],
      ["addon.delete", world.admin.user.username],
    ]);
    expect(JSON.parse(entries[1]?.details ?? "")).toEqual({
      before: { customization_id: created.customization_id, name: created.name, price: 10000 },
      after: { customization_id: created.customization_id, name: created.name, price: 11000 },
    });
  });

  it("is for admins only: a shopper is refused (403) and a visitor asked to sign in (401)", async () => {
    const body = { name: fresh("Nope"), price: 1 };
    expect((await call("POST", "/api/customization", world.customer.cookie, body)).statusCode).toBe(403);
    expect((await call("POST", "/api/customization", undefined, body)).statusCode).toBe(401);
  });
});

describe("an add-on that orders used", () => {
  it("is archived on delete: the list and carts lose it, the order keeps its name and the price it paid", async () => {
    const shopper = await signedIn(world.shop);
    const product = await createProduct(world.shop, { name: "Archive Roses", price: 100000 });
    const card = await addAddOn(fresh("Pressed Card"), 25000);
    const ordered = await placeOrder(world.shop, shopper.cookie, [
      { product_id: product.product_id, customizations: [{ customization_id: card.customization_id, quantity: 1 }] },
    ]);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const orderId = (ordered.json() as OrderDetail).orderId;

    const repriced = await call("PUT", `/api/customization/${card.customization_id}`, world.admin.cookie, {
      name: card.name,
      price: 99000,
    });
    expect(repriced.statusCode).toBe(200);
    expect((await call("DELETE", `/api/customization/${card.customization_id}`, world.admin.cookie)).statusCode).toBe(
      204,
    );

    expect((await offered()).map((c) => c.customization_id)).not.toContain(card.customization_id);
    const order = (await call("GET", `/api/order/${orderId}`, shopper.cookie)).json() as OrderDetail;
    expect(order.items[0]?.customizations).toEqual([{ name: card.name, price: 25000, quantity: 1 }]);
    expect((await auditOf(card.customization_id)).map((e) => e.action)).toEqual([
      "addon.create",
      "addon.update",
      "addon.archive",
    ]);

    const cart = await call("POST", `/api/cart/user/${shopper.user.user_id}/items`, shopper.cookie, {
      productId: product.product_id,
      quantity: 1,
      size: "Small",
      color: "Red",
    });
    const line = (cart.json() as Cart).items[0];
    const attach = await call("POST", "/api/cartItemCustomization", shopper.cookie, {
      cart_item_id: line?.cartItemId,
      customization_id: card.customization_id,
    });
    expect(attach.statusCode).toBe(404);
    const buyNow = await placeOrder(world.shop, shopper.cookie, [
      { product_id: product.product_id, customizations: [{ customization_id: card.customization_id, quantity: 1 }] },
    ]);
    expect(buyNow.statusCode).toBe(404);
    expect(
      (await call("PUT", `/api/customization/${card.customization_id}`, world.admin.cookie, { name: "X", price: 1 }))
        .statusCode,
    ).toBe(404);

    const sameName = await call("POST", "/api/customization", world.admin.cookie, { name: card.name, price: 1 });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(`"${card.name}" is kept for past orders; please choose another name.`);
  });

  it("held by a cart line is taken off it at checkout, and the shopper is told which and where (409)", async () => {
    const shopper = await signedIn(world.shop);
    const other = await signedIn(world.shop);
    const product = await createProduct(world.shop, { name: "Checkout Lilies", price: 150000 });
    const bear = await addAddOn(fresh("Small Bear"), 60000);
    await placeOrder(world.shop, other.cookie, [
      { product_id: product.product_id, customizations: [{ customization_id: bear.customization_id, quantity: 1 }] },
    ]);
    const added = await call("POST", `/api/cart/user/${shopper.user.user_id}/items`, shopper.cookie, {
      productId: product.product_id,
      quantity: 1,
      size: "Small",
      color: "Red",
    });
    const cart = added.json() as Cart;
    const line = cart.items[0];
    const attach = await call("POST", "/api/cartItemCustomization", shopper.cookie, {
      cart_item_id: line?.cartItemId,
      customization_id: bear.customization_id,
    });
    expect(attach.statusCode).toBe(201);
    expect((await call("DELETE", `/api/customization/${bear.customization_id}`, world.admin.cookie)).statusCode).toBe(
      204,
    );

    const order = {
      shipping_address: SHIPPING_ADDRESS,
      cart_id: cart.cartId,
      items: [{ product_id: product.product_id, quantity: 1, cart_item_id: line?.cartItemId }],
    };
    const refused = await call("POST", "/api/order", shopper.cookie, order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${bear.name} is no longer offered; it was removed from Checkout Lilies. Please check your cart and order again.`,
    );
    const after = (await call("GET", `/api/cart/user/${shopper.user.user_id}/full`, shopper.cookie)).json() as Cart;
    expect(after.items).toEqual([expect.objectContaining({ cartItemId: line?.cartItemId, customizations: [] })]);

    const placed = await call("POST", "/api/order", shopper.cookie, order);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as OrderDetail).items[0]?.customizations).toEqual([]);
  });
});
