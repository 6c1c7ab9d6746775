import type { Cart, CartItem } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries, createProduct, customizationIds } from "../../../test/fixtures.js";
import { callerOf, createTestShop, signedIn, type TestShop } from "../../../test/harness.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const call = callerOf(() => shop);

async function customer() {
  return signedIn(shop, "customer");
}

async function addItem(userId: number, cookie: string, body: Record<string, unknown>) {
  return call("POST", `/api/cart/user/${userId}/items`, cookie, body);
}

async function setStock(productId: number, stock: number, status: "in_stock" | "out_of_stock" = "in_stock") {
  await shop.ctx.db
    .updateTable("products")
    .set({ stock_quantity: stock, availability_status: status })
    .where("product_id", "=", productId)
    .execute();
}

describe("ensuring a cart", () => {
  it("answers the same cart every time", async () => {
    const { user, cookie } = await customer();
    const first = await call("POST", `/api/cart/user/${user.user_id}/ensure`, cookie);
    const second = await call("POST", `/api/cart/user/${user.user_id}/ensure`, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ cartId: expect.any(Number) });
    expect(second.json()).toEqual(first.json());
  });

  it("is refused anonymously (401) and on another user's path (404), admins included", async () => {
    const { user } = await customer();
    const other = await customer();
    const admin = await signedIn(shop, "admin");
    expect((await call("POST", `/api/cart/user/${user.user_id}/ensure`)).statusCode).toBe(401);
    expect((await call("POST", `/api/cart/user/${user.user_id}/ensure`, other.cookie)).statusCode).toBe(404);
    expect((await call("POST", `/api/cart/user/${user.user_id}/ensure`, admin.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/cart/user/${user.user_id}/full`, other.cookie)).statusCode).toBe(404);
    expect((await addItem(user.user_id, other.cookie, { productId: 1, quantity: 1 })).statusCode).toBe(404);
  });
});

describe("the full cart", () => {
  it("is empty for a new shopper", async () => {
    const { user, cookie } = await customer();
    const res = await call("GET", `/api/cart/user/${user.user_id}/full`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartId: expect.any(Number), items: [] });
  });

  it("prices every line from the server's catalogue, with the size's own price and the customizations", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { name: "Sunset Roses", price: 200000, stock: 7 });
    const custom = await customizationIds(shop);
    const added = await addItem(user.user_id, cookie, {
      productId: product.product_id,
      quantity: 2,
      unitPrice: 1,
      size: "Large",
      color: "Red",
      colorHex: "#000000",
    });
    expect(added.statusCode).toBe(201);
    const line = (added.json() as Cart).items[0] as CartItem;
    for (const [name, quantity] of [
      ["Greeting Card", 1],
      ["Chocolate", 2],
    ] as const) {
      const res = await call("POST", "/api/cartItemCustomization", cookie, {
        cart_item_id: line.cartItemId,
        customization_id: custom[name]?.customization_id,
        quantity,
      });
      expect(res.statusCode).toBe(201);
    }

    const res = await call("GET", `/api/cart/user/${user.user_id}/full`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cartId: expect.any(Number),
      items: [
        {
          cartItemId: line.cartItemId,
          productId: product.product_id,
          productName: "Sunset Roses",
          imageUrl: null,
          quantity: 2,
          unitPrice: 300000,
          linePrice: 600000,
          selectedSize: "Large",
          sizeAvailable: "Small,Large",
          selectedColor: "Red",
          selectedColorHex: "#c0392b",
          colorAvailable: "Red::#c0392b,White",
          stockQuantity: 7,
          customizations: [
            {
              customization_id: custom["Greeting Card"]?.customization_id,
              name: "Greeting Card",
              price: 15000,
              quantity: 1,
            },
            { customization_id: custom.Chocolate?.customization_id, name: "Chocolate", price: 45000, quantity: 2 },
          ],
          customizationTotal: 15000 + 2 * 45000,
        },
      ],
    });
  });

  it("takes the product's price for a size without its own, and reports no stock for an out-of-stock product", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { price: 150000, stock: 4 });
    await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 3, size: "small", color: "white" });
    await setStock(product.product_id, 4, "out_of_stock");
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(cart.items[0]).toMatchObject({
      selectedSize: "Small",
      selectedColor: "White",
      selectedColorHex: "",
      unitPrice: 150000,
      linePrice: 450000,
      stockQuantity: 0,
      customizationTotal: 0,
    });
  });

  it("loads with the same number of queries whether it holds one line or six", async () => {
    const { user, cookie } = await customer();
    const custom = await customizationIds(shop);
    const addLine = async () => {
      const product = await createProduct(shop);
      const cart = (
        await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "Red" })
      ).json() as Cart;
      const line = cart.items.find((i) => i.productId === product.product_id) as CartItem;
      await call("POST", "/api/cartItemCustomization", cookie, {
        cart_item_id: line.cartItemId,
        customization_id: custom.Ribbon?.customization_id,
      });
    };
    await addLine();
    const load = () => call("GET", `/api/cart/user/${user.user_id}/full`, cookie);
    const withOne = await countQueries(shop, load);
    for (let i = 0; i < 5; i += 1) await addLine();
    const withSix = await countQueries(shop, load);
    expect(((await load()).json() as Cart).items).toHaveLength(6);
    expect(withSix).toBe(withOne);
  });
});

describe("adding to the cart", () => {
  it("adds the same product, size and colour to one line, and starts a new line for another size", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { stock: 10 });
    const body = { productId: product.product_id, quantity: 2, size: "Small", color: "Red" };
    await addItem(user.user_id, cookie, body);
    const merged = (await addItem(user.user_id, cookie, { ...body, quantity: 3, color: "Red::#c0392b" })).json();
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0]).toMatchObject({ quantity: 5, linePrice: 5 * 200000 });
    const split = (await addItem(user.user_id, cookie, { ...body, size: "Large" })).json() as Cart;
    expect(split.items.map((i) => [i.selectedSize, i.quantity])).toEqual([
      ["Small", 5],
      ["Large", 2],
    ]);
  });

  it("refuses a size or colour the product does not offer (400), and an empty one when it offers some", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop);
    const base = { productId: product.product_id, quantity: 1, size: "Small", color: "Red" };
    for (const [patch, message] of [
      [{ size: "Huge" }, /does not come in size Huge/],
      [{ size: "" }, /Please select a size first/],
      [{ color: "Green" }, /does not come in the colour Green/],
      [{ color: null }, /Please select a color first/],
    ] as const) {
      const res = await addItem(user.user_id, cookie, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(cart.items).toEqual([]);
  });

  it("accepts no size and no colour for a product that offers none", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { sizes: [], colors: [], price: 90000 });
    const res = await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().items[0]).toMatchObject({ selectedSize: "", selectedColor: "", unitPrice: 90000 });
    const withSize = await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "M" });
    expect(withSize.statusCode).toBe(400);
  });

  it("refuses an out-of-stock product and a quantity above the stock, counting what the line already holds (409)", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { stock: 5 });
    const body = { productId: product.product_id, size: "Small", color: "Red" };
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 6 })).statusCode).toBe(409);
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 4 })).statusCode).toBe(201);
    const over = await addItem(user.user_id, cookie, { ...body, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/already holds 4/);
    await setStock(product.product_id, 5, "out_of_stock");
    const marked = await addItem(user.user_id, cookie, { ...body, quantity: 1 });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().message).toBe("This product is currently unavailable.");
    const empty = await createProduct(shop, { stock: 0 });
    expect(
      (await addItem(user.user_id, cookie, { ...body, productId: empty.product_id, quantity: 1 })).statusCode,
    ).toBe(409);
  });

  it("answers 404 for an unknown or archived product and 400 for a quantity below 1 or not whole", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop);
    const body = { productId: product.product_id, size: "Small", color: "Red" };
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 0 })).statusCode).toBe(400);
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 1.5 })).statusCode).toBe(400);
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 1, productId: 999999 })).statusCode).toBe(404);
    await shop.ctx.db
      .updateTable("products")
      .set({ archived_at: new Date().toISOString() })
      .where("product_id", "=", product.product_id)
      .execute();
    expect((await addItem(user.user_id, cookie, { ...body, quantity: 1 })).statusCode).toBe(404);
  });
});

describe("one stock for every size and colour of a product", () => {
  it("counts the lines of all sizes and colours together: 10 Small, then 10 Large of 14 in stock is a 409", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { name: "Shared Stock Roses", stock: 14 });
    const line = { productId: product.product_id, quantity: 10 };
    expect((await addItem(user.user_id, cookie, { ...line, size: "Small", color: "Red" })).statusCode).toBe(201);
    const second = await addItem(user.user_id, cookie, { ...line, size: "Large", color: "White" });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: "Only 14 of Shared Stock Roses in stock, and your cart already holds 10.",
      code: "INSUFFICIENT_STOCK",
    });
    expect(
      (await addItem(user.user_id, cookie, { ...line, quantity: 4, size: "Large", color: "White" })).statusCode,
    ).toBe(201);
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(cart.items.map((i) => [i.selectedSize, i.quantity])).toEqual([
      ["Small", 10],
      ["Large", 4],
    ]);
  });

  it("counts the product's other lines when a line's quantity is set (409), and allows up to what is left", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { name: "Shared Stock Lilies", stock: 14 });
    await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 10, size: "Small", color: "Red" });
    const cart = (
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 2, size: "Large", color: "Red" })
    ).json() as Cart;
    const large = cart.items.find((i) => i.selectedSize === "Large") as CartItem;
    const over = await call("PUT", `/api/cartitem/${large.cartItemId}`, cookie, { quantity: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: "Only 14 of Shared Stock Lilies in stock, and your cart already holds 10 in other sizes or colours.",
      code: "INSUFFICIENT_STOCK",
    });
    const fits = await call("PUT", `/api/cartitem/${large.cartItemId}`, cookie, { quantity: 4 });
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ quantity: 4, linePrice: 4 * 300000 });
  });

  it("lets concurrent adds in different sizes hold no more than the stock together", async () => {
    const { user, cookie } = await customer();
    const sizes = ["XS", "S", "M", "L", "XL", "XXL", "Grand", "Deluxe"];
    const product = await createProduct(shop, {
      stock: 14,
      sizes: sizes.map((label) => ({ label, price: null })),
    });
    await call("POST", `/api/cart/user/${user.user_id}/ensure`, cookie);
    const answers = await Promise.all(
      sizes.map((size) =>
        addItem(user.user_id, cookie, { productId: product.product_id, quantity: 5, size, color: "Red" }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    const cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(cart.items.reduce((sum, i) => sum + i.quantity, 0)).toBe(10);
  });

  it("lets two quantity changes at once hold no more than the stock together", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { stock: 14 });
    await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "Red" });
    const cart = (
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Large", color: "Red" })
    ).json() as Cart;
    const answers = await Promise.all(
      cart.items.map((item) => call("PUT", `/api/cartitem/${item.cartItemId}`, cookie, { quantity: 10 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items.map((i) => i.quantity).sort((a, b) => a - b)).toEqual([1, 10]);
  });
});

describe("a cart line too large for an order", () => {
  const TOO_LARGE = { message: "This cart line's total is too large.", code: "TOTAL_TOO_LARGE" };

  it("is refused (400) when adding, setting the quantity or attaching a customization would pass the largest total", async () => {
    const { user, cookie } = await customer();
    // Two units fit in the integer column an order stores a line in (2,147,483,647); three do not.
    const product = await createProduct(shop, { price: 1_000_000_000, stock: 10, sizes: [] });
    const line = { productId: product.product_id, color: "Red" };
    const cart = (await addItem(user.user_id, cookie, { ...line, quantity: 2 })).json() as Cart;
    const item = cart.items[0] as CartItem;
    expect(item.linePrice).toBe(2_000_000_000);

    const added = await addItem(user.user_id, cookie, { ...line, quantity: 1 });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject(TOO_LARGE);
    const set = await call("PUT", `/api/cartitem/${item.cartItemId}`, cookie, { quantity: 3 });
    expect(set.statusCode).toBe(400);
    expect(set.json()).toMatchObject(TOO_LARGE);
    const teddy = (await customizationIds(shop))["Teddy Bear"]?.customization_id;
    const attached = await call("POST", "/api/cartItemCustomization", cookie, {
      cart_item_id: item.cartItemId,
      customization_id: teddy,
      quantity: 2000,
    });
    expect(attached.statusCode).toBe(400);
    expect(attached.json()).toMatchObject(TOO_LARGE);

    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items).toEqual([expect.objectContaining({ quantity: 2, customizations: [] })]);
  });
});

describe("changing and removing cart lines", () => {
  async function cartWithLine(stock = 5) {
    const shopper = await customer();
    const product = await createProduct(shop, { stock, price: 120000 });
    const cart = (
      await addItem(shopper.user.user_id, shopper.cookie, {
        productId: product.product_id,
        quantity: 1,
        size: "Small",
        color: "Red",
      })
    ).json() as Cart;
    return { ...shopper, product, cart, line: cart.items[0] as CartItem };
  }

  it("sets a line's quantity and prices it on the server, whatever price the client sends", async () => {
    const { cookie, line } = await cartWithLine();
    const res = await call("PUT", `/api/cartitem/${line.cartItemId}`, cookie, { quantity: 3, price: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cartItemId: line.cartItemId,
      quantity: 3,
      unitPrice: 120000,
      linePrice: 360000,
    });
  });

  it("keeps the quantity between 1 and the stock", async () => {
    const { cookie, line } = await cartWithLine(5);
    expect((await call("PUT", `/api/cartitem/${line.cartItemId}`, cookie, { quantity: 0 })).statusCode).toBe(400);
    expect((await call("PUT", `/api/cartitem/${line.cartItemId}`, cookie, { quantity: 6 })).statusCode).toBe(409);
    expect((await call("PUT", `/api/cartitem/${line.cartItemId}`, cookie, { quantity: 5 })).statusCode).toBe(200);
  });

  it("removes one line (204), then answers 404 for it", async () => {
    const { user, cookie, line } = await cartWithLine();
    expect((await call("DELETE", `/api/cartitem/${line.cartItemId}`, cookie)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/cartitem/${line.cartItemId}`, cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json().items).toEqual([]);
  });

  it("clears the whole cart", async () => {
    const { user, cookie, cart } = await cartWithLine();
    const other = await createProduct(shop);
    await addItem(user.user_id, cookie, { productId: other.product_id, quantity: 1, size: "Large", color: "White" });
    expect((await call("DELETE", `/api/cartitem/clear/${cart.cartId}`, cookie)).statusCode).toBe(204);
    expect((await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json()).toEqual({
      cartId: cart.cartId,
      items: [],
    });
  });

  it("answers 404 for another shopper's line or cart and changes nothing; 401 anonymously", async () => {
    const { user, cookie, cart, line } = await cartWithLine();
    const other = await customer();
    const admin = await signedIn(shop, "admin");
    for (const who of [other.cookie, admin.cookie]) {
      expect((await call("PUT", `/api/cartitem/${line.cartItemId}`, who, { quantity: 2 })).statusCode).toBe(404);
      expect((await call("DELETE", `/api/cartitem/${line.cartItemId}`, who)).statusCode).toBe(404);
      expect((await call("DELETE", `/api/cartitem/clear/${cart.cartId}`, who)).statusCode).toBe(404);
      expect((await call("GET", `/api/cart/${cart.cartId}/check-stock`, who)).statusCode).toBe(404);
      expect((await call("GET", `/api/cartItemCustomization/${line.cartItemId}`, who)).statusCode).toBe(404);
      expect(
        (await call("POST", "/api/cartItemCustomization", who, { cart_item_id: line.cartItemId, customization_id: 1 }))
          .statusCode,
      ).toBe(404);
    }
    expect((await call("PUT", `/api/cartitem/${line.cartItemId}`, undefined, { quantity: 2 })).statusCode).toBe(401);
    expect((await call("DELETE", `/api/cartitem/clear/${cart.cartId}`)).statusCode).toBe(401);
    expect((await call("GET", `/api/cart/${cart.cartId}/check-stock`)).statusCode).toBe(401);
    expect((await call("GET", `/api/cartItemCustomization/${line.cartItemId}`)).statusCode).toBe(401);
    const after = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json() as Cart;
    expect(after.items).toEqual([expect.objectContaining({ cartItemId: line.cartItemId, quantity: 1 })]);
  });
});

describe("checking the cart's stock", () => {
  it("reports nothing while every line can be delivered", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { stock: 3 });
    const cart = (
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 3, size: "Small", color: "Red" })
    ).json() as Cart;
    const res = await call("GET", `/api/cart/${cart.cartId}/check-stock`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unavailableItems: [] });
  });

  it("reports each short product once, counting its lines in every size together", async () => {
    const { user, cookie } = await customer();
    const roses = await createProduct(shop, { name: "Check Roses", stock: 5 });
    const lilies = await createProduct(shop, { name: "Check Lilies", stock: 5 });
    const fine = await createProduct(shop, { name: "Check Tulips", stock: 5 });
    for (const [product, size, quantity] of [
      [roses, "Small", 3],
      [roses, "Large", 2],
      [lilies, "Small", 2],
      [fine, "Small", 1],
    ] as const) {
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity, size, color: "Red" });
    }
    await setStock(roses.product_id, 4);
    await setStock(lilies.product_id, 5, "out_of_stock");
    const { cartId } = (await call("POST", `/api/cart/user/${user.user_id}/ensure`, cookie)).json();
    const res = await call("GET", `/api/cart/${cartId}/check-stock`, cookie);
    expect(res.json()).toEqual({
      unavailableItems: [
        { name: "Check Roses", availableStock: 4, requestedStock: 5 },
        { name: "Check Lilies", availableStock: 0, requestedStock: 2 },
      ],
    });
  });

  it("answers 404 for an unknown cart", async () => {
    const { cookie } = await customer();
    expect((await call("GET", "/api/cart/999999/check-stock", cookie)).statusCode).toBe(404);
  });
});

describe("cart item customizations", () => {
  it("attaches a customization once; attaching it again sets its quantity", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop);
    const custom = await customizationIds(shop);
    const card = custom["Greeting Card"]?.customization_id;
    const cart = (
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "Red" })
    ).json() as Cart;
    const cartItemId = cart.items[0]?.cartItemId;
    const first = await call("POST", "/api/cartItemCustomization", cookie, {
      cart_item_id: cartItemId,
      customization_id: card,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      cart_item_id: cartItemId,
      customization_id: card,
      name: "Greeting Card",
      price: 15000,
      quantity: 1,
    });
    await call("POST", "/api/cartItemCustomization", cookie, {
      cart_item_id: cartItemId,
      customization_id: card,
      quantity: 3,
    });
    const list = await call("GET", `/api/cartItemCustomization/${cartItemId}`, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ customization_id: card, name: "Greeting Card", price: 15000, quantity: 3 }]);
  });

  it("refuses a quantity below 1 or not whole (400) and an unknown customization or line (404)", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop);
    const cart = (
      await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "Red" })
    ).json() as Cart;
    const cartItemId = cart.items[0]?.cartItemId;
    const post = (body: object) => call("POST", "/api/cartItemCustomization", cookie, body);
    expect((await post({ cart_item_id: cartItemId, customization_id: 1, quantity: 0 })).statusCode).toBe(400);
    expect((await post({ cart_item_id: cartItemId, customization_id: 1, quantity: 1.5 })).statusCode).toBe(400);
    expect((await post({ cart_item_id: cartItemId, customization_id: 999999 })).statusCode).toBe(404);
    expect((await post({ cart_item_id: 999999, customization_id: 1 })).statusCode).toBe(404);
    expect((await call("GET", "/api/cartItemCustomization/999999", cookie)).statusCode).toBe(404);
    expect((await call("POST", "/api/cartItemCustomization", undefined, { cart_item_id: cartItemId })).statusCode).toBe(
      401,
    );
  });
});

describe("the picture of a cart line", () => {
  it("is the chosen colour's own image when the product has one, else the cover", async () => {
    const { user, cookie } = await customer();
    const product = await createProduct(shop, { name: "Two-colour Roses", colors: ["Red::#c0392b", "White"] });
    await shop.ctx.db
      .updateTable("products")
      .set({ image_url: "/uploads/products/cover.webp" })
      .where("product_id", "=", product.product_id)
      .execute();
    await shop.ctx.db
      .insertInto("product_images")
      .values({
        product_id: product.product_id,
        color_name: "White",
        image_url: "/uploads/products/white.webp",
        stock_quantity: 5,
        created_at: new Date().toISOString(),
      })
      .execute();
    await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "white" });
    await addItem(user.user_id, cookie, { productId: product.product_id, quantity: 1, size: "Small", color: "Red" });
    const cart: Cart = (await call("GET", `/api/cart/user/${user.user_id}/full`, cookie)).json();
    const images = Object.fromEntries(cart.items.map((item: CartItem) => [item.selectedColor, item.imageUrl]));
    expect(images).toEqual({ White: "/uploads/products/white.webp", Red: "/uploads/products/cover.webp" });
  });
});
