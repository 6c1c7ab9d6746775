import type { OrderDetail, ProofAnswer, User } from "@florist/contract";
import { addDays } from "@florist/contract/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProduct,
  customizationIds,
  imageFile,
  insertCartItem,
  insertImage,
  multipartForm,
  placeOrder,
  SHIPPING_ADDRESS,
  setOrder,
  type UploadFile,
} from "../test/fixtures.js";
import { createTestShop, createUser, login, type Method, signedIn, type TestShop } from "../test/harness.js";
import { storeImage } from "./lib/images.js";
import { hashToken, newToken } from "./lib/secrets.js";
import { HOUR, isoIn, nowIso, shopToday } from "./lib/time.js";

/**
 * Who may do what (docs/rules.md, Who may do what): every endpoint of the app, called by an anonymous visitor, by
 * "customer" (who owns every cart, cart item, order, review and proof the calls name), by another
 * customer and by an admin. Objects that belong to someone else answer 404, never 403, so that ids
 * cannot be probed; the owner's answer in the same row proves the object exists. A route the table
 * does not list fails the first test below.
 */

type Role = "anonymous" | "customer" | "other" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "other", "admin"];

interface Call {
  url: string;
  payload?: unknown;
  form?: ReturnType<typeof multipartForm>;
}

interface Row {
  /** The route as the app registers it: method and path pattern. */
  route: string;
  /** Expected status for anonymous, customer (the owner), another customer and admin. */
  expect: [number, number, number, number];
  /** The request; default: the route's own path. Objects a call may change or delete are made per call. */
  call?: () => Call | Promise<Call>;
  /** For endpoints that start or end the caller's session: each call gets a session of its own. */
  ownSession?: true;
  /** A POST that only answers a question and changes nothing, so it leaves no audit entry. */
  changesNothing?: true;
}

let shop: TestShop;
const users = {} as Record<Exclude<Role, "anonymous">, { user: User; cookie: string }>;
/** Objects owned by "customer" that no call changes. */
const f = {
  cartId: 0,
  productId: 0,
  imageId: 0,
  orderId: 0,
  proofName: "",
  receiptName: "",
  postId: 0,
  categoryId: 0,
  customizationId: 0,
};
let picture: UploadFile;

beforeAll(async () => {
  shop = await createTestShop();
  users.customer = await signedIn(shop, "customer");
  users.other = await signedIn(shop, "customer");
  users.admin = await signedIn(shop, "admin");
  picture = await imageFile();

  f.productId = (await createProduct(shop, { name: "Access Roses", stock: 1000 })).product_id;
  f.imageId = await newImage();
  f.cartId = (
    await shop.app.inject({
      method: "POST",
      url: `/api/cart/user/${users.customer.user.user_id}/ensure`,
      headers: { cookie: users.customer.cookie },
    })
  ).json().cartId;
  f.orderId = await newOrder("Finished");
  const review = await send(
    "POST",
    { url: "/api/review", payload: { order_id: f.orderId, rating: 5 } },
    users.customer.cookie,
  );
  expect(review.statusCode, review.body).toBe(201);
  const proof = await send("PUT", { url: `/api/order/${f.orderId}/proof`, form: proofForm() }, users.admin.cookie);
  expect(proof.statusCode, proof.body).toBe(200);
  f.proofName = ((proof.json() as ProofAnswer).orderProof as string).split("/").at(-1) as string;
  const receipt = await send(
    "PUT",
    { url: `/api/order/${await newOrder()}/payment-proof`, form: receiptForm() },
    users.customer.cookie,
  );
  expect(receipt.statusCode, receipt.body).toBe(200);
  f.receiptName = ((receipt.json() as OrderDetail).paymentProof as string).split("/").at(-1) as string;
  f.postId = await newPost();
  f.categoryId = (
    await shop.ctx.db
      .selectFrom("categories")
      .select("category_id")
      .where("name", "=", "Bouquets")
      .executeTakeFirstOrThrow()
  ).category_id;
  f.customizationId = (await customizationIds(shop))["Greeting Card"]?.customization_id as number;
});
afterAll(() => shop.close());

function send(method: Method, call: Call, cookie: string | undefined) {
  const headers: Record<string, string> = { ...(cookie && { cookie }), ...call.form?.headers };
  return shop.app.inject({
    method,
    url: call.url,
    headers,
    ...(call.form
      ? { payload: call.form.payload }
      : call.payload === undefined
        ? {}
        : { payload: call.payload as object }),
  });
}

const proofForm = () => multipartForm({}, { order_proof: picture });
const receiptForm = () => multipartForm({}, { payment_proof: picture });

async function newProduct() {
  return (await createProduct(shop, { name: "Access Tulips", stock: 100 })).product_id;
}

/** An add-on of its own, so renaming or deleting it leaves the shared fixtures alone. */
async function newAddOn() {
  const row = await shop.ctx.db
    .insertInto("customizations")
    .values({ name: uniqueName("Access Add-on "), price: 5000 })
    .returning("customization_id")
    .executeTakeFirstOrThrow();
  return row.customization_id;
}

/** A category of its own, so renaming or deleting it leaves the shared fixtures alone. */
async function newCategory() {
  const row = await shop.ctx.db
    .insertInto("categories")
    .values({ name: uniqueName("Access Category ") })
    .returning("category_id")
    .executeTakeFirstOrThrow();
  return row.category_id;
}

/** An occasion of its own, so renaming or deleting it leaves the seeded ones alone. */
async function newOccasion() {
  const row = await shop.ctx.db
    .insertInto("occasions")
    .values({ name: uniqueName("Access Occasion "), position: 100 })
    .returning("occasion_id")
    .executeTakeFirstOrThrow();
  return row.occasion_id;
}

/** A published post of its own, so changing or deleting it leaves the shared fixtures alone. */
async function newPost() {
  const row = await shop.ctx.db
    .insertInto("posts")
    .values({
      title: "Caring for roses",
      excerpt: "Fresh water daily.",
      image_url: null,
      author: "Tim Florist",
      category: "Care",
      sections: "[]",
      published_at: nowIso(),
    })
    .returning("post_id")
    .executeTakeFirstOrThrow();
  return row.post_id;
}

const postFields = () => ({ title: "Roses in June", excerpt: "What to water.", body: "## Water\n\nDaily." });

/** Every category in its present order: the one order the reorder route accepts. */
async function allCategoryIds() {
  const rows = await shop.ctx.db.selectFrom("categories").select("category_id").orderBy("position").execute();
  return rows.map((row) => row.category_id);
}

function newImage() {
  return insertImage(shop, f.productId);
}

/** A line in the customer's cart, of a product of its own so lines never merge. */
async function newCartItem() {
  return insertCartItem(shop, f.cartId, await newProduct());
}

async function newOrder(status = "Order Received") {
  const res = await placeOrder(shop, users.customer.cookie, [{ product_id: f.productId }]);
  expect(res.statusCode, res.body).toBe(201);
  const { orderId } = res.json() as OrderDetail;
  if (status !== "Order Received") await setOrder(shop, orderId, { order_status: status });
  return orderId;
}

/** A sent reminder's opt-out token, on an order of its own. */
async function newReminderToken() {
  const token = newToken();
  await shop.ctx.db
    .updateTable("orders")
    .set({ reminder_token_hash: hashToken(token), reminder_sent_at: nowIso() })
    .where("order_id", "=", await newOrder())
    .execute();
  return token;
}

/** A valid reset link of an account of its own, so no table session ends when it is used. */
async function newResetToken() {
  const user = await createUser(shop);
  const token = newToken();
  await shop.ctx.db
    .insertInto("password_resets")
    .values({ user_id: user.user_id, token_hash: hashToken(token), created_at: nowIso(), expires_at: isoIn(HOUR) })
    .execute();
  return token;
}

let unique = 0;
const uniqueName = (prefix: string) => {
  unique += 1;
  return `${prefix}${unique}${Date.now().toString(36)}`;
};

const productFields = () => ({
  category_id: f.categoryId,
  name: "Access Lilies",
  description: "Lilies for the access test.",
  price: 250000,
  stock_quantity: 5,
  size_available: "Small, Large",
  color_available: "White::#f8fafc",
  availability_status: "in_stock",
  product_type: "real",
  image_url: "https://example.com/lilies.webp",
});

async function firstSlotId() {
  const slot = await shop.ctx.db
    .selectFrom("delivery_slots")
    .select("slot_id")
    .where("active", "=", 1)
    .executeTakeFirst();
  return slot?.slot_id;
}

/** The schedule as it is, sent back unchanged: a save that changes nothing. */
async function currentSchedule() {
  const res = await send("GET", { url: "/api/settings/delivery-schedule" }, users.admin.cookie);
  return res.json();
}

const PUBLIC: Row["expect"] = [200, 200, 200, 200];
/** The owner only: to anyone else, admins included, the object does not exist. */
const OWNER_ONLY: Row["expect"] = [401, 200, 404, 404];
/** The owner and admins. */
const OWNER_OR_ADMIN: Row["expect"] = [401, 200, 404, 200];
const ADMIN_ONLY: Row["expect"] = [401, 403, 403, 200];

const customerId = () => users.customer.user.user_id;

const ROWS: Row[] = [
  { route: "GET /api/health", expect: PUBLIC },

  // The API's OpenAPI document and the Swagger UI that shows it: public, like the API's shape.
  { route: "GET /api/docs", expect: PUBLIC },
  { route: "GET /api/docs/json", expect: PUBLIC },
  { route: "GET /api/docs/yaml", expect: PUBLIC },
  // The UI's own index.html redirects to /api/docs.
  { route: "GET /api/docs/static/index.html", expect: [302, 302, 302, 302] },
  { route: "GET /api/docs/static/swagger-initializer.js", expect: PUBLIC },
  { route: "GET /api/docs/static/*", expect: PUBLIC, call: () => ({ url: "/api/docs/static/swagger-ui.css" }) },

  {
    route: "POST /api/users/register",
    expect: [201, 201, 201, 201],
    ownSession: true,
    call: () => {
      const username = uniqueName("newcomer");
      return {
        url: "/api/users/register",
        payload: { username, email: `${username}@example.com`, password: "Bunga2025" },
      };
    },
  },
  {
    route: "POST /api/users/login",
    expect: PUBLIC,
    ownSession: true,
    call: () => ({
      url: "/api/users/login",
      payload: { identifier: users.customer.user.email, password: "Bunga2025" },
    }),
  },
  { route: "POST /api/users/logout", expect: [204, 204, 204, 204], ownSession: true },
  { route: "GET /api/users/session", expect: [401, 200, 200, 200] },
  {
    route: "POST /api/users/forgotpassword",
    expect: PUBLIC,
    call: () => ({ url: "/api/users/forgotpassword", payload: { email: users.customer.user.email } }),
  },
  {
    route: "PATCH /api/users/resetpassword/:token",
    expect: PUBLIC,
    call: async () => ({
      url: `/api/users/resetpassword/${await newResetToken()}`,
      payload: { newPassword: "Mawar2026" },
    }),
  },
  {
    route: "PATCH /api/users/:userId/profile",
    expect: [401, 200, 404, 404],
    call: () => ({ url: `/api/users/${customerId()}/profile`, payload: { username: uniqueName("renamed") } }),
  },
  {
    route: "PATCH /api/users/:userId/language",
    expect: [401, 200, 404, 404],
    call: () => ({ url: `/api/users/${customerId()}/language`, payload: { language: "en" } }),
  },

  { route: "GET /api/settings/delivery-fee", expect: PUBLIC },
  {
    route: "PUT /api/settings/delivery-fee",
    expect: ADMIN_ONLY,
    call: () => ({ url: "/api/settings/delivery-fee", payload: { deliveryFee: 50000 } }),
  },

  { route: "GET /api/settings/payment", expect: PUBLIC },
  {
    route: "PUT /api/settings/payment",
    expect: ADMIN_ONLY,
    call: () => ({ url: "/api/settings/payment", payload: { bankAccounts: [], paymentWindowMinutes: 1440 } }),
  },

  { route: "GET /api/delivery/schedule", expect: PUBLIC },
  { route: "GET /api/delivery/availability", expect: PUBLIC },
  { route: "GET /api/settings/delivery-schedule", expect: ADMIN_ONLY },
  {
    route: "PUT /api/settings/delivery-schedule",
    expect: ADMIN_ONLY,
    call: async () => ({ url: "/api/settings/delivery-schedule", payload: await currentSchedule() }),
  },
  {
    route: "POST /api/settings/delivery-schedule/check",
    expect: ADMIN_ONLY,
    changesNothing: true,
    call: async () => ({ url: "/api/settings/delivery-schedule/check", payload: await currentSchedule() }),
  },

  { route: "GET /api/posts", expect: PUBLIC },
  { route: "GET /api/posts/:id", expect: PUBLIC, call: () => ({ url: `/api/posts/${f.postId}` }) },
  {
    route: "POST /api/posts",
    expect: [401, 403, 403, 201],
    call: () => ({ url: "/api/posts", payload: postFields() }),
  },
  {
    route: "PUT /api/posts/:id",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/posts/${await newPost()}`, payload: postFields() }),
  },
  {
    route: "DELETE /api/posts/:id",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/posts/${await newPost()}` }),
  },

  { route: "GET /api/catalog", expect: PUBLIC },
  { route: "GET /api/category", expect: PUBLIC },
  {
    route: "POST /api/category",
    expect: [401, 403, 403, 201],
    call: () => ({ url: "/api/category", payload: { name: uniqueName("Access Lilies ") } }),
  },
  {
    route: "PUT /api/category/order",
    expect: ADMIN_ONLY,
    call: async () => ({ url: "/api/category/order", payload: { categoryIds: await allCategoryIds() } }),
  },
  {
    route: "PUT /api/category/:id",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/category/${await newCategory()}`,
      payload: { name: uniqueName("Access Peonies ") },
    }),
  },
  {
    route: "DELETE /api/category/:id",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/category/${await newCategory()}` }),
  },
  { route: "GET /api/occasions", expect: PUBLIC },
  {
    route: "POST /api/occasions",
    expect: [401, 403, 403, 201],
    call: () => ({ url: "/api/occasions", payload: { name: uniqueName("Access Birthday ") } }),
  },
  {
    route: "PUT /api/occasions/:id",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/occasions/${await newOccasion()}`,
      payload: { name: uniqueName("Access Wedding ") },
    }),
  },
  {
    route: "DELETE /api/occasions/:id",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/occasions/${await newOccasion()}` }),
  },
  { route: "GET /api/search", expect: PUBLIC, call: () => ({ url: "/api/search?q=rose" }) },
  { route: "GET /api/customization", expect: PUBLIC },
  {
    route: "POST /api/customization",
    expect: [401, 403, 403, 201],
    call: () => ({ url: "/api/customization", payload: { name: uniqueName("Access Ribbon "), price: 10000 } }),
  },
  {
    route: "PUT /api/customization/:id",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/customization/${await newAddOn()}`,
      payload: { name: uniqueName("Access Card "), price: 12000 },
    }),
  },
  {
    route: "DELETE /api/customization/:id",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/customization/${await newAddOn()}` }),
  },
  { route: "GET /api/products", expect: PUBLIC },
  { route: "GET /api/products/:id", expect: PUBLIC, call: () => ({ url: `/api/products/${f.productId}` }) },
  {
    route: "GET /api/products/:id/reviews",
    expect: PUBLIC,
    call: () => ({ url: `/api/products/${f.productId}/reviews` }),
  },
  {
    route: "GET /api/products/price/:size",
    expect: PUBLIC,
    call: () => ({ url: `/api/products/price/Large?productId=${f.productId}` }),
  },
  {
    route: "GET /api/products/:id/images",
    expect: PUBLIC,
    call: () => ({ url: `/api/products/${f.productId}/images` }),
  },
  {
    route: "POST /api/products",
    expect: [401, 403, 403, 201],
    call: () => ({ url: "/api/products", payload: productFields() }),
  },
  {
    route: "PUT /api/products/:id",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/products/${await newProduct()}`, payload: productFields() }),
  },
  {
    route: "PATCH /api/products/:id",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/products/${await newProduct()}`, payload: { availabilityStatus: "out_of_stock" } }),
  },
  {
    route: "DELETE /api/products/:id",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/products/${await newProduct()}` }),
  },
  {
    route: "POST /api/products/:id/images",
    expect: [401, 403, 403, 201],
    call: () => ({
      url: `/api/products/${f.productId}/images`,
      form: multipartForm({ color_name: "White", stock_quantity: 2 }, { image: picture }),
    }),
  },
  {
    route: "PUT /api/products/:id/images/:imageId",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/products/${f.productId}/images/${await newImage()}`,
      payload: { color_name: "Crimson" },
    }),
  },
  {
    route: "PATCH /api/products/:id/images/:imageId/stock",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/products/${f.productId}/images/${await newImage()}/stock`,
      payload: { stockQuantity: 4 },
    }),
  },
  {
    route: "DELETE /api/products/:id/images/:imageId",
    expect: [401, 403, 403, 204],
    call: async () => ({ url: `/api/products/${f.productId}/images/${await newImage()}` }),
  },

  {
    route: "POST /api/cart/user/:userId/ensure",
    expect: OWNER_ONLY,
    call: () => ({ url: `/api/cart/user/${customerId()}/ensure` }),
  },
  {
    route: "GET /api/cart/user/:userId/full",
    expect: OWNER_ONLY,
    call: () => ({ url: `/api/cart/user/${customerId()}/full` }),
  },
  {
    route: "POST /api/cart/user/:userId/items",
    expect: [401, 201, 404, 404],
    call: () => ({
      url: `/api/cart/user/${customerId()}/items`,
      payload: { productId: f.productId, quantity: 1, size: "Small", color: "Red" },
    }),
  },
  {
    route: "PUT /api/cartitem/:id",
    expect: OWNER_ONLY,
    call: async () => ({ url: `/api/cartitem/${await newCartItem()}`, payload: { quantity: 2 } }),
  },
  {
    route: "DELETE /api/cartitem/:id",
    expect: [401, 204, 404, 404],
    call: async () => ({ url: `/api/cartitem/${await newCartItem()}` }),
  },
  {
    route: "DELETE /api/cartitem/clear/:id",
    expect: [401, 204, 404, 404],
    call: async () => {
      await newCartItem();
      return { url: `/api/cartitem/clear/${f.cartId}` };
    },
  },
  {
    route: "GET /api/cart/:id/check-stock",
    expect: OWNER_ONLY,
    call: () => ({ url: `/api/cart/${f.cartId}/check-stock` }),
  },
  {
    route: "GET /api/cartItemCustomization/:cartItemId",
    expect: OWNER_ONLY,
    call: async () => ({ url: `/api/cartItemCustomization/${await newCartItem()}` }),
  },
  {
    route: "POST /api/cartItemCustomization",
    expect: [401, 201, 404, 404],
    call: async () => ({
      url: "/api/cartItemCustomization",
      payload: { cart_item_id: await newCartItem(), customization_id: f.customizationId, quantity: 1 },
    }),
  },

  {
    // No user_id in the body: what the others are refused is the customer's cart and its line.
    route: "POST /api/order",
    expect: [401, 201, 404, 404],
    call: async () => ({
      url: "/api/order",
      payload: {
        shipping_address: SHIPPING_ADDRESS,
        cart_id: f.cartId,
        items: [{ product_id: f.productId, quantity: 1, cart_item_id: await newCartItem() }],
      },
    }),
  },
  {
    route: "GET /api/order/user/:userId",
    expect: OWNER_OR_ADMIN,
    call: () => ({ url: `/api/order/user/${customerId()}` }),
  },
  { route: "GET /api/order/admin/overview", expect: ADMIN_ONLY },
  { route: "GET /api/admin/audit", expect: ADMIN_ONLY },
  { route: "GET /api/order/:id", expect: OWNER_OR_ADMIN, call: () => ({ url: `/api/order/${f.orderId}` }) },
  {
    route: "GET /api/order/:id/invoice",
    expect: OWNER_OR_ADMIN,
    call: () => ({ url: `/api/order/${f.orderId}/invoice` }),
  },
  {
    // The token is the credential: whoever holds the link may turn its reminders off.
    route: "POST /api/reminders/opt-out",
    expect: PUBLIC,
    call: async () => ({ url: "/api/reminders/opt-out", payload: { token: await newReminderToken() } }),
  },
  { route: "GET /api/order/admin/deliveries", expect: ADMIN_ONLY },
  {
    route: "PATCH /api/order/:id/delivery",
    expect: ADMIN_ONLY,
    call: async () => ({
      url: `/api/order/${await newOrder()}/delivery`,
      payload: { date: addDays(shopToday(), 3), slotId: await firstSlotId(), overCapacity: true },
    }),
  },
  {
    route: "PATCH /api/order/:id/status",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/order/${await newOrder()}/status`, payload: { status: "In Delivery" } }),
  },
  {
    route: "PUT /api/order/:id/proof",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/order/${await newOrder("In Delivery")}/proof`, form: proofForm() }),
  },
  { route: "GET /api/order/admin/payments", expect: ADMIN_ONLY },
  {
    // A receipt is the owner's to send; each call sends it for an order of its own.
    route: "PUT /api/order/:id/payment-proof",
    expect: OWNER_ONLY,
    call: async () => ({ url: `/api/order/${await newOrder()}/payment-proof`, form: receiptForm() }),
  },
  {
    route: "PATCH /api/order/:id/payment",
    expect: ADMIN_ONLY,
    call: async () => ({ url: `/api/order/${await newOrder()}/payment`, payload: { decision: "paid", note: "Cash" } }),
  },
  {
    route: "POST /api/order/:id/cancel",
    expect: OWNER_ONLY,
    call: async () => ({ url: `/api/order/${await newOrder()}/cancel` }),
  },
  {
    route: "POST /api/cartOrderCustomization",
    expect: OWNER_ONLY,
    call: () => ({ url: "/api/cartOrderCustomization", payload: { order_id: f.orderId } }),
  },

  {
    route: "GET /api/review/order/:orderId",
    expect: OWNER_OR_ADMIN,
    call: () => ({ url: `/api/review/order/${f.orderId}` }),
  },
  {
    route: "POST /api/review",
    expect: [401, 201, 404, 404],
    call: async () => ({ url: "/api/review", payload: { order_id: await newOrder("Finished"), rating: 4 } }),
  },

  {
    route: "GET /uploads/proofs/:name",
    expect: OWNER_OR_ADMIN,
    call: () => ({ url: `/uploads/proofs/${f.proofName}` }),
  },
  {
    // A receipt is the owner's and admins' to see.
    route: "GET /uploads/receipts/:name",
    expect: OWNER_OR_ADMIN,
    call: () => ({ url: `/uploads/receipts/${f.receiptName}` }),
  },
  // Only METRICS_TOKEN opens the metrics (modules/metrics): no session does, an admin's included.
  { route: "GET /metrics", expect: [404, 404, 404, 404] },
  // What link previews and crawlers read (contract §7.6) is everyone's.
  { route: "GET /sitemap.xml", expect: PUBLIC },
  { route: "GET /robots.txt", expect: PUBLIC },
  {
    route: "GET /share/:file",
    expect: PUBLIC,
    call: async () => {
      const stored = await storeImage(shop.ctx.files, "products", picture.data);
      return { url: stored.replace(/^\/uploads\/products\/(\w+)\.webp$/, "/share/$1.jpg") };
    },
  },
];

/** The routes whose access this table decides: the API, the private files, the metrics, and what crawlers read. */
function guardedRoutes() {
  return shop.app.registeredRoutes
    .filter((r) =>
      ["/api/", "/uploads/proofs/", "/uploads/receipts/", "/metrics", "/sitemap.xml", "/robots.txt", "/share/"].some(
        (prefix) => r.url.startsWith(prefix),
      ),
    )
    .map((r) => `${r.method} ${r.url}`);
}

describe("who may do what", () => {
  it("has a row for every API route, and every row is a route", () => {
    const routes = guardedRoutes();
    const rows = ROWS.map((row) => row.route);
    expect(new Set(rows).size, "a route listed twice").toBe(rows.length);
    expect(
      routes.filter((route) => !rows.includes(route)),
      "routes without a row",
    ).toEqual([]);
    expect(
      rows.filter((row) => !routes.includes(row)),
      "rows without a route",
    ).toEqual([]);
  });

  for (const row of ROWS) {
    const [anonymous, customer, other, admin] = row.expect;
    it(`${row.route}: anonymous ${anonymous}, customer ${customer}, another customer ${other}, admin ${admin}`, async () => {
      const [method, path] = row.route.split(" ") as [Method, string];
      const answers: { status: number; body: string }[] = [];
      for (const role of ROLES) {
        const call = row.call ? await row.call() : { url: path };
        const cookie =
          role === "anonymous"
            ? undefined
            : row.ownSession
              ? await login(shop, users[role].user.email)
              : users[role].cookie;
        const res = await send(method, call, cookie);
        answers.push({ status: res.statusCode, body: res.body });
        if (res.statusCode >= 400) expect(res.json().message, `${role}: ${res.body}`).toEqual(expect.any(String));
      }
      expect(
        answers.map((a) => a.status),
        ROLES.map((role, i) => `${role}: ${answers[i]?.status} ${answers[i]?.body.slice(0, 200)}`).join("\n"),
      ).toEqual(row.expect);
    });
  }
});

/** Methods that change something; an admin's change of any kind leaves an audit entry (contract §7.4). */
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function auditEntries() {
  return shop.ctx.db.selectFrom("audit_log").selectAll().orderBy("audit_id", "desc").execute();
}

describe("every change an admin makes is in the audit log", () => {
  // Driven from the table above: a new admin-only endpoint that changes something is covered as soon as it has its row.
  const adminChanges = ROWS.filter((row) => {
    const [method] = row.route.split(" ");
    const [, customer, , admin] = row.expect;
    return CHANGING.has(method as string) && !row.changesNothing && customer === 403 && admin < 300;
  });

  it("covers the admin's changes the table lists", () => {
    expect(adminChanges.map((row) => row.route)).toEqual(
      expect.arrayContaining(["PUT /api/products/:id", "PATCH /api/order/:id/status", "PUT /api/settings/payment"]),
    );
  });

  for (const row of adminChanges) {
    it(`${row.route} writes exactly one entry, by the admin, with no secret in it`, async () => {
      const [method, path] = row.route.split(" ") as [Method, string];
      const call = row.call ? await row.call() : { url: path };
      const before = await auditEntries();
      const res = await send(method, call, users.admin.cookie);
      expect(res.statusCode, res.body).toBe(row.expect[3]);
      const after = await auditEntries();
      const written = after.slice(0, after.length - before.length);
      expect(written, `entries written by ${row.route}`).toHaveLength(1);
      const [entry] = written as [(typeof written)[number]];
      expect(entry).toMatchObject({ user_id: users.admin.user.user_id, username: users.admin.user.username });
      expect(entry.action).toMatch(/^[a-z][a-z-]*\.[a-z-]+$/);
      expect(entry.details).not.toMatch(/password|token|hash|secret/i);
    });
  }
});
