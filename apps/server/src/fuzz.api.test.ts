import {
  addCartItemBody,
  availabilityBody,
  cartItemCustomizationBody,
  cartOrderCustomizationBody,
  categoryBody,
  categoryOrderBody,
  createOrderBody,
  customizationBody,
  deliveryFeeBody,
  deliveryScheduleBody,
  forgotPasswordBody,
  imageFields,
  imageStockBody,
  imageUpdateFields,
  languageBody,
  loginBody,
  MAX_DB_INT,
  moveDeliveryBody,
  occasionBody,
  paymentDecisionBody,
  paymentSettingsBody,
  postFields,
  productFields,
  profileBody,
  registerBody,
  reminderOptOutBody,
  resetPasswordBody,
  reviewBody,
  statusBody,
  type User,
  updateCartItemBody,
} from "@florist/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
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
import { createTestShop, createUser, type Method, type TestShop } from "../test/harness.js";
import { DATABASE_REFUSED_MESSAGE } from "./errors.js";
import { storeImage } from "./lib/images.js";
import { UNREADABLE_FORM_MESSAGE } from "./lib/multipart.js";
import { hashToken, newToken } from "./lib/secrets.js";
import { HOUR, isoIn, nowIso } from "./lib/time.js";
import { NOT_FINITE_MESSAGE, NUL_MESSAGE, TOO_DEEP_MESSAGE } from "./lib/unsafe-input.js";
import { SESSION_COOKIE } from "./plugins/auth.js";

/**
 * Hostile input against every endpoint the app registers, as an admin and as a customer (so that
 * neither role's guard hides a handler): each hostile value goes, one at a time, into each path
 * parameter, each query parameter and each body field the route's contract schema names, the rest
 * of the request staying valid; then whole bodies of the wrong type, shape or depth. No answer may be
 * a 5xx, every 4xx carries a readable `message`, and a value no field can hold gets a 4xx. A route
 * without a row here fails the first test, so a new endpoint is fuzzed as soon as it exists.
 */

type Role = "admin" | "customer";
const ROLES: Role[] = ["admin", "customer"];
type Fields = Record<string, unknown>;
type Path = (string | number)[];

interface Target {
  /** Path parameters that reach the handler (a path naming a user names the caller). */
  params?: (role: Role) => Fields | Promise<Fields>;
  /** Valid query parameters; a number marks a numeric one. */
  query?: () => Record<string, string | number>;
  /** A valid body; each field is replaced in turn while the others stay valid. */
  body?: (role: Role) => Fields | Promise<Fields>;
  /** The contract schema the route reads its body with: every field it names is fuzzed. */
  schema?: z.ZodType;
  /** How the body is sent: JSON (default), a multipart form, or either (each is fuzzed). */
  as?: "json" | "form" | "both";
  /** Files sent with every form. */
  files?: () => Record<string, UploadFile>;
}

let shop: TestShop;
const users = {} as Record<Role, User>;
/** Objects the bases name; the customer owns the cart, its lines, the orders and the review. */
const f = {
  productId: 0,
  editProductId: 0,
  imageId: 0,
  cartId: 0,
  customizationId: 0,
  orderId: 0,
  finishedOrderId: 0,
  deliveryOrderId: 0,
  categoryId: 0,
  postId: 0,
  proofName: "",
  paymentOrderId: 0,
  cancelOrderId: 0,
  receiptName: "",
  slotId: 0,
  zoneId: 0,
  resetToken: "",
  loginUser: "",
  shareName: "",
};
let picture: UploadFile;

/** A session of its own for each request, so that a call which ends or replaces a session ends no other. */
async function sessionOf(user: User): Promise<string> {
  const token = newToken();
  await shop.ctx.db
    .insertInto("sessions")
    .values({ session_hash: hashToken(token), user_id: user.user_id, created_at: nowIso(), expires_at: isoIn(HOUR) })
    .execute();
  return `${SESSION_COOKIE}=${token}`;
}

async function newProduct(stock = 100) {
  return (await createProduct(shop, { name: "Fuzz Tulips", stock })).product_id;
}

let addOns = 0;
/** An add-on of its own, so renaming or deleting it leaves the shared fixtures alone. */
async function newAddOn() {
  addOns += 1;
  const row = await shop.ctx.db
    .insertInto("customizations")
    .values({ name: `Fuzz Add-on ${addOns}`, price: 5000 })
    .returning("customization_id")
    .executeTakeFirstOrThrow();
  return row.customization_id;
}

let categories = 0;
/** A category of its own, so renaming or deleting it leaves the shared fixtures alone. */
async function newCategory() {
  categories += 1;
  const row = await shop.ctx.db
    .insertInto("categories")
    .values({ name: `Fuzz Category ${categories}` })
    .returning("category_id")
    .executeTakeFirstOrThrow();
  return row.category_id;
}

let occasions = 0;
/** An occasion of its own, so renaming or deleting it leaves the seeded ones alone. */
async function newOccasion() {
  occasions += 1;
  const row = await shop.ctx.db
    .insertInto("occasions")
    .values({ name: `Fuzz Occasion ${occasions}`, position: 100 + occasions })
    .returning("occasion_id")
    .executeTakeFirstOrThrow();
  return row.occasion_id;
}

/** A post of its own, so changing or deleting it leaves the shared fixtures alone. */
async function newPost() {
  const row = await shop.ctx.db
    .insertInto("posts")
    .values({
      title: "Keeping lilies fresh",
      excerpt: "Cut the stems.",
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

const postBody = () => ({
  title: "Fuzz tips",
  excerpt: "Cut the stems.",
  body: "## Water\n\n- Daily",
  image_alt: "Lilies in a vase",
  published_at: "2026-06-01T09:00",
  status: "published",
  featured: "false",
});

/** Every category in its present order: the one order the reorder route accepts. */
async function allCategoryIds() {
  const rows = await shop.ctx.db.selectFrom("categories").select("category_id").orderBy("position").execute();
  return rows.map((row) => row.category_id);
}

function newImage() {
  return insertImage(shop, f.editProductId);
}

/** A line in the customer's cart, of a product of its own so lines never merge. */
async function newCartItem() {
  return insertCartItem(shop, f.cartId, await newProduct());
}

async function newOrder(status: string) {
  const res = await placeOrder(shop, await sessionOf(users.customer), [{ product_id: f.productId }]);
  expect(res.statusCode, res.body).toBe(201);
  const { orderId } = res.json() as { orderId: number };
  if (status !== "Order Received") await setOrder(shop, orderId, { order_status: status });
  return orderId;
}

beforeAll(async () => {
  shop = await createTestShop();
  users.admin = await createUser(shop, { role: "admin" });
  users.customer = await createUser(shop);
  f.loginUser = (await createUser(shop)).username;
  picture = await imageFile({ width: 16 });

  f.productId = await newProduct(1_000_000);
  f.editProductId = await newProduct();
  f.imageId = await newImage();
  f.cartId = (
    await shop.app.inject({
      method: "POST",
      url: `/api/cart/user/${users.customer.user_id}/ensure`,
      headers: { cookie: await sessionOf(users.customer) },
    })
  ).json().cartId;
  f.customizationId = (await customizationIds(shop))["Greeting Card"]?.customization_id as number;
  f.orderId = await newOrder("Order Received");
  f.finishedOrderId = await newOrder("Finished");
  f.deliveryOrderId = await newOrder("In Delivery");
  const proof = await shop.app.inject({
    method: "PUT",
    url: `/api/order/${f.deliveryOrderId}/proof`,
    ...withForm(multipartForm({}, { order_proof: picture }), await sessionOf(users.admin)),
  });
  expect(proof.statusCode, proof.body).toBe(200);
  f.proofName = (proof.json().orderProof as string).split("/").at(-1) as string;
  f.shareName = (await storeImage(shop.ctx.files, "products", picture.data)).replace(
    /^\/uploads\/products\/(\w+)\.webp$/,
    "$1.jpg",
  );
  f.paymentOrderId = await newOrder("Order Received");
  f.cancelOrderId = await newOrder("Order Received");
  const receipt = await shop.app.inject({
    method: "PUT",
    url: `/api/order/${await newOrder("Order Received")}/payment-proof`,
    ...withForm(multipartForm({}, { payment_proof: picture }), await sessionOf(users.customer)),
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
  f.receiptName = (receipt.json().paymentProof as string).split("/").at(-1) as string;
  f.categoryId = (
    await shop.ctx.db
      .selectFrom("categories")
      .select("category_id")
      .where("name", "=", "Bouquets")
      .executeTakeFirstOrThrow()
  ).category_id;
  f.postId = await newPost();
  f.slotId = (await shop.ctx.db.selectFrom("delivery_slots").select("slot_id").executeTakeFirstOrThrow()).slot_id;
  f.zoneId = (await shop.ctx.db.selectFrom("delivery_zones").select("zone_id").executeTakeFirstOrThrow()).zone_id;
  const resetUser = await createUser(shop);
  f.resetToken = newToken();
  await shop.ctx.db
    .insertInto("password_resets")
    .values({
      user_id: resetUser.user_id,
      token_hash: hashToken(f.resetToken),
      created_at: nowIso(),
      expires_at: isoIn(HOUR),
    })
    .execute();
});
afterAll(() => shop?.close());

function withForm(form: ReturnType<typeof multipartForm>, cookie: string) {
  return { payload: form.payload, headers: { ...form.headers, cookie } };
}

const own = (role: Role) => ({ userId: users[role].user_id });

/** A schedule of one existing slot and one existing district, one new of each and a closed date. */
const scheduleBody = () => ({
  timezone: "Asia/Jakarta",
  windowDays: 30,
  slots: [
    {
      slotId: f.slotId,
      label: "Morning",
      start: "09:00",
      end: "12:00",
      sameDayCutoff: "08:00",
      capacity: 10,
      active: true,
    },
    { label: "Evening", start: "18:00", end: "20:00", sameDayCutoff: null, capacity: 5 },
  ],
  zones: [
    { zoneId: f.zoneId, name: "Coblong", fee: 25000, active: true },
    { name: "Dayeuhkolot", fee: 50000 },
  ],
  closedDates: [{ date: "2030-01-01", slotIds: [f.slotId], reason: "New Year" }],
});

const productBody = () => ({
  category_id: f.categoryId,
  name: "Fuzz Lilies",
  description: "Lilies for the fuzz test.",
  price: 250000,
  stock_quantity: 5,
  size_available: "Small, Large",
  size_prices: JSON.stringify({ Large: 300000 }),
  color_available: "White::#f8fafc",
  availability_status: "in_stock",
  product_type: "real",
  image_url: "https://example.com/lilies.webp",
});

const TARGETS: Record<string, Target> = {
  "GET /api/health": {},
  "GET /api/docs": {},
  "GET /api/docs/json": {},
  "GET /api/docs/yaml": {},
  "GET /api/docs/static/index.html": {},
  "GET /api/docs/static/swagger-initializer.js": {},
  "GET /api/docs/static/*": {},

  "POST /api/users/register": {
    schema: registerBody,
    body: () => {
      const username = `fuzz${newToken()
        .slice(0, 8)
        .replace(/[^A-Za-z0-9]/g, "x")}`;
      return { username, email: `${username}@example.com`, password: "Bunga2025" };
    },
  },
  "POST /api/users/login": {
    schema: loginBody,
    body: () => ({ identifier: f.loginUser, password: "Bunga2025" }),
  },
  "POST /api/users/logout": {},
  "GET /api/users/session": {},
  "POST /api/users/forgotpassword": {
    schema: forgotPasswordBody,
    body: () => ({ email: users.customer.email }),
  },
  "PATCH /api/users/resetpassword/:token": {
    params: () => ({ token: f.resetToken }),
    schema: resetPasswordBody,
    // An invalid password leaves the link unused, so every case reaches the same check.
    body: () => ({ newPassword: "short" }),
  },
  "PATCH /api/users/:userId/profile": {
    params: own,
    schema: profileBody,
    body: (role) => ({ username: users[role].username }),
  },
  "PATCH /api/users/:userId/language": {
    params: own,
    schema: languageBody,
    body: () => ({ language: "en" }),
  },

  "GET /api/settings/delivery-fee": {},
  "PUT /api/settings/delivery-fee": { schema: deliveryFeeBody, body: () => ({ deliveryFee: 50000 }) },

  "GET /api/settings/payment": {},
  "PUT /api/settings/payment": {
    schema: paymentSettingsBody,
    body: () => ({
      bankAccounts: [{ bank: "BCA", accountNumber: "437 081 2265", accountName: "Bandung Florist" }],
      paymentWindowMinutes: 1440,
    }),
  },

  "GET /api/delivery/schedule": {},
  "GET /api/delivery/availability": { query: () => ({ from: "2030-01-01", days: 14 }) },
  "GET /api/settings/delivery-schedule": {},
  "PUT /api/settings/delivery-schedule": { schema: deliveryScheduleBody, body: () => scheduleBody() },
  "POST /api/settings/delivery-schedule/check": { schema: deliveryScheduleBody, body: () => scheduleBody() },

  "GET /api/posts": {},
  "GET /api/posts/:id": { params: () => ({ id: f.postId }) },
  "POST /api/posts": { schema: postFields, as: "both", body: postBody },
  "PUT /api/posts/:id": { params: () => ({ id: f.postId }), schema: postFields, as: "both", body: postBody },
  "DELETE /api/posts/:id": { params: async () => ({ id: await newPost() }) },

  "GET /api/catalog": { query: () => ({ occasion: 1 }) },
  "GET /api/occasions": {},
  "POST /api/occasions": { schema: occasionBody, body: () => ({ name: "Fuzz Birthday" }) },
  "PUT /api/occasions/:id": {
    params: async () => ({ id: await newOccasion() }),
    schema: occasionBody,
    body: () => ({ name: "Fuzz Wedding" }),
  },
  "DELETE /api/occasions/:id": { params: async () => ({ id: await newOccasion() }) },
  "GET /api/search": {
    query: () => ({ q: "rose", occasion: 1, category: f.categoryId, sort: "price_asc", page: 1, limit: 20 }),
  },
  "GET /api/products/:id/reviews": { params: () => ({ id: f.productId }), query: () => ({ page: 1, limit: 10 }) },
  "GET /api/category": {},
  "POST /api/category": { schema: categoryBody, body: () => ({ name: "Fuzz Lilies" }) },
  "PUT /api/category/order": {
    schema: categoryOrderBody,
    body: async () => ({ categoryIds: await allCategoryIds() }),
  },
  "PUT /api/category/:id": {
    params: async () => ({ id: await newCategory() }),
    schema: categoryBody,
    body: () => ({ name: "Fuzz Peonies" }),
  },
  "DELETE /api/category/:id": { params: async () => ({ id: await newCategory() }) },
  "GET /api/customization": {},
  "POST /api/customization": { schema: customizationBody, body: () => ({ name: "Fuzz Ribbon", price: 10000 }) },
  "PUT /api/customization/:id": {
    params: async () => ({ id: await newAddOn() }),
    schema: customizationBody,
    body: () => ({ name: "Fuzz Card", price: 12000 }),
  },
  "DELETE /api/customization/:id": { params: async () => ({ id: await newAddOn() }) },
  "GET /api/products": {
    query: () => ({
      q: "tulip",
      categoryId: f.categoryId,
      availability: "in_stock",
      sort: "price",
      dir: "desc",
      page: 1,
      limit: 20,
    }),
  },
  "GET /api/products/:id": { params: () => ({ id: f.productId }) },
  "GET /api/products/price/:size": {
    params: () => ({ size: "Large" }),
    query: () => ({ productId: f.productId }),
  },
  "GET /api/products/:id/images": { params: () => ({ id: f.productId }) },
  "POST /api/products": { schema: productFields, as: "both", body: productBody },
  "PUT /api/products/:id": {
    params: () => ({ id: f.editProductId }),
    schema: productFields,
    as: "both",
    body: productBody,
  },
  "PATCH /api/products/:id": {
    params: () => ({ id: f.editProductId }),
    schema: availabilityBody,
    body: () => ({ availabilityStatus: "in_stock" }),
  },
  "DELETE /api/products/:id": { params: async () => ({ id: await newProduct() }) },
  "POST /api/products/:id/images": {
    params: () => ({ id: f.editProductId }),
    schema: imageFields,
    as: "both",
    body: () => ({ color_name: "White", stock_quantity: 2 }),
    files: () => ({ image: picture }),
  },
  "PUT /api/products/:id/images/:imageId": {
    params: () => ({ id: f.editProductId, imageId: f.imageId }),
    schema: imageUpdateFields,
    as: "both",
    body: () => ({ color_name: "Crimson", stock_quantity: 3 }),
  },
  "PATCH /api/products/:id/images/:imageId/stock": {
    params: () => ({ id: f.editProductId, imageId: f.imageId }),
    schema: imageStockBody,
    body: () => ({ stockQuantity: 4 }),
  },
  "DELETE /api/products/:id/images/:imageId": {
    params: async () => ({ id: f.editProductId, imageId: await newImage() }),
  },

  "POST /api/cart/user/:userId/ensure": { params: own },
  "GET /api/cart/user/:userId/full": { params: own },
  "POST /api/cart/user/:userId/items": {
    params: own,
    schema: addCartItemBody,
    body: () => ({
      productId: f.productId,
      quantity: 1,
      unitPrice: 200000,
      size: "Small",
      color: "Red",
      colorHex: "#c0392b",
    }),
  },
  "PUT /api/cartitem/:id": {
    params: async () => ({ id: await newCartItem() }),
    schema: updateCartItemBody,
    body: () => ({ quantity: 2, price: 200000 }),
  },
  "DELETE /api/cartitem/:id": { params: async () => ({ id: await newCartItem() }) },
  "DELETE /api/cartitem/clear/:id": { params: () => ({ id: f.cartId }) },
  "GET /api/cart/:id/check-stock": { params: () => ({ id: f.cartId }) },
  "GET /api/cartItemCustomization/:cartItemId": { params: async () => ({ cartItemId: await newCartItem() }) },
  "POST /api/cartItemCustomization": {
    schema: cartItemCustomizationBody,
    body: async () => ({ cart_item_id: await newCartItem(), customization_id: f.customizationId, quantity: 1 }),
  },

  "POST /api/order": {
    schema: createOrderBody,
    body: (role) => ({
      user_id: users[role].user_id,
      shipping_address: SHIPPING_ADDRESS,
      shipping_cost: 50000,
      order_status: "Order Received",
      payment_status: "Pending",
      cart_id: null,
      items: [
        {
          product_id: f.productId,
          quantity: 1,
          price: 200000,
          cart_item_id: null,
          size: "Small",
          color: "Red",
          customizations: [{ customization_id: f.customizationId, quantity: 1 }],
        },
      ],
    }),
  },
  "GET /api/order/user/:userId": { params: own },
  "GET /api/order/admin/overview": {
    query: () => ({ page: 1, limit: 10, search: "rose", month: 5, year: 2026, sort: "total", dir: "asc" }),
  },
  "GET /api/order/:id": { params: () => ({ id: f.orderId }) },
  "GET /api/order/:id/invoice": { params: () => ({ id: f.orderId }) },
  // A well-formed token no reminder carries: every case reaches the lookup.
  "POST /api/reminders/opt-out": { schema: reminderOptOutBody, body: () => ({ token: "x".repeat(43) }) },
  "GET /api/order/admin/deliveries": { query: () => ({ date: "2030-01-02" }) },
  "PATCH /api/order/:id/delivery": {
    params: () => ({ id: f.orderId }),
    schema: moveDeliveryBody,
    body: () => ({ date: "2030-01-02", slotId: f.slotId, zoneId: f.zoneId, overCapacity: true }),
  },
  "PATCH /api/order/:id/status": {
    params: () => ({ id: f.orderId }),
    schema: statusBody,
    body: () => ({ status: "Order Received", paymentStatus: "Pending" }),
  },
  "PUT /api/order/:id/proof": {
    params: () => ({ id: f.deliveryOrderId }),
    as: "form",
    body: () => ({}),
    files: () => ({ order_proof: picture }),
  },
  "GET /api/order/admin/payments": {},
  "GET /api/admin/audit": { query: () => ({ page: 1, limit: 10, userId: users.admin.user_id, kind: "product" }) },
  "PUT /api/order/:id/payment-proof": {
    params: () => ({ id: f.paymentOrderId }),
    as: "form",
    body: () => ({}),
    files: () => ({ payment_proof: picture }),
  },
  "PATCH /api/order/:id/payment": {
    params: () => ({ id: f.paymentOrderId }),
    schema: paymentDecisionBody,
    body: () => ({ decision: "reject", note: "The amount does not match." }),
  },
  "POST /api/order/:id/cancel": { params: () => ({ id: f.cancelOrderId }) },
  "POST /api/cartOrderCustomization": {
    schema: cartOrderCustomizationBody,
    body: () => ({ order_id: f.orderId }),
  },

  "GET /api/review/order/:orderId": { params: () => ({ orderId: f.finishedOrderId }) },
  "POST /api/review": {
    schema: reviewBody,
    body: (role) => ({ order_id: f.finishedOrderId, user_id: users[role].user_id, rating: 5, comment: "Lovely." }),
  },

  "GET /uploads/proofs/:name": { params: () => ({ name: f.proofName }) },
  "GET /uploads/receipts/:name": { params: () => ({ name: f.receiptName }) },

  // What link previews and crawlers read (contract §7.6).
  "GET /share/:file": { params: () => ({ file: f.shareName }) },
  "GET /sitemap.xml": {},
  "GET /robots.txt": {},
};

// ---- Hostile values --------------------------------------------------------------------------

/** Written into the JSON text as the bare number 1e309, which JSON.parse reads as Infinity. */
const INFINITY = "\u0001infinity\u0001";
const LONG = "x".repeat(100_000);

interface Hostile {
  name: string;
  value: unknown;
  /** No field of the shop can hold it: the answer must be a 4xx (fields the server ignores aside). */
  refused: boolean;
}

const BODY_VALUES: Hostile[] = [
  { name: "0", value: 0, refused: false },
  { name: "-1", value: -1, refused: true },
  { name: "2^31", value: 2 ** 31, refused: true },
  { name: "2^53", value: 2 ** 53, refused: true },
  { name: "1e309", value: INFINITY, refused: true },
  { name: "1.5", value: 1.5, refused: true },
  { name: '"abc"', value: "abc", refused: false },
  { name: "a NUL byte", value: "Rose\u0000s", refused: true },
  { name: "100,000 characters", value: LONG, refused: true },
  { name: "a lone surrogate", value: "Rose\ud800", refused: false },
  { name: "an array", value: [1, 2], refused: true },
  { name: "an object", value: { a: 1 }, refused: true },
  { name: "true", value: true, refused: true },
  { name: "null", value: null, refused: false },
];

/** Text as paths, query strings and forms send it: `refused` no field holds, `numeric` no numeric field holds. */
const TEXT_VALUES: { name: string; value: string; numeric: boolean; refused: boolean }[] = [
  { name: "0", value: "0", numeric: false, refused: false },
  { name: "-1", value: "-1", numeric: true, refused: false },
  { name: "2^31", value: String(2 ** 31), numeric: true, refused: false },
  { name: "2^53", value: String(2 ** 53), numeric: true, refused: false },
  { name: "1e309", value: "1e309", numeric: true, refused: false },
  { name: "1.5", value: "1.5", numeric: true, refused: false },
  { name: '"abc"', value: "abc", numeric: true, refused: false },
  { name: "a NUL byte", value: "Rose\u0000s", numeric: true, refused: true },
  { name: "100,000 characters", value: LONG, numeric: true, refused: true },
];

// ---- Building requests ------------------------------------------------------------------------

interface Request {
  name: string;
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The answer must be a 4xx. */
  refused: boolean;
}

const jsonText = (body: unknown) => JSON.stringify(body).replaceAll(JSON.stringify(INFINITY), "1e309");
const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, payload: jsonText(body) });

const searchOf = (query: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));

function urlOf(pattern: string, params: Fields, query: Record<string, unknown> | string = {}) {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = typeof query === "string" ? query : searchOf(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Every field a schema names, nested ones included (an array's fields under index 0), and whether the server ignores it. */
function schemaFields(schema: z.core.$ZodType, prefix: Path = []): Field[] {
  const def = schema._zod.def as unknown as Record<string, z.core.$ZodType> & { type: string };
  switch (def.type) {
    case "object":
      return Object.entries((def as unknown as { shape: Record<string, z.core.$ZodType> }).shape).flatMap(
        ([key, field]) => {
          const path = [...prefix, key];
          return [{ path, ignored: isIgnored(field), kind: kindOf(field) }, ...schemaFields(field, path)];
        },
      );
    case "array":
      return schemaFields(def.element as z.core.$ZodType, [...prefix, 0]);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return schemaFields(def.innerType as z.core.$ZodType, prefix);
    case "pipe":
      return [...schemaFields(def.in as z.core.$ZodType, prefix), ...schemaFields(def.out as z.core.$ZodType, prefix)];
    default:
      return [];
  }
}

interface Field {
  path: Path;
  ignored: boolean;
  /** The type the field holds once optional, nullable, default and preprocessing are unwrapped. */
  kind?: string;
}

function kindOf(schema: z.core.$ZodType): string {
  const def = schema._zod.def as unknown as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  // z.preprocess is a pipe from a transform into the type the field holds.
  if (def.type === "pipe" && def.in?._zod.def.type === "transform" && def.out) return kindOf(def.out);
  if (def.type === "pipe" && def.in) return kindOf(def.in);
  return def.innerType ? kindOf(def.innerType) : def.type;
}

/** A value no number or text field holds may still be what a boolean or a list field takes. */
function fieldTakes(field: Field, value: unknown): boolean {
  return (field.kind === "boolean" && typeof value === "boolean") || (field.kind === "array" && Array.isArray(value));
}

function isIgnored(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as unknown as { type: string; innerType?: z.core.$ZodType };
  if (def.type === "unknown") return true;
  return def.innerType ? isIgnored(def.innerType) : false;
}

/** Leaves and containers of a base body, by path. */
function bodyPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...bodyPaths(item, [...prefix, i])]);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...bodyPaths(item, [...prefix, key])]);
  }
  return [];
}

function withValue(body: Fields, path: Path, value: unknown): Fields {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else {
      node[key] ??= typeof path[i + 1] === "number" ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

function fieldsOf(target: Target, base: Fields) {
  const fields = new Map<string, Field>();
  for (const path of bodyPaths(base)) fields.set(path.join("."), { path, ignored: false });
  for (const field of target.schema ? schemaFields(target.schema) : []) fields.set(field.path.join("."), field);
  return [...fields.values()];
}

function nested(depth: number, open: string, close: string, inner = "1") {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

const WHOLE_BODIES: { name: string; contentType: string; payload: string; refused: (m: Method) => boolean }[] = [
  { name: "text/plain", contentType: "text/plain", payload: "order=1", refused: () => false },
  {
    name: "application/xml",
    contentType: "application/xml",
    payload: "<order><id>1</id></order>",
    refused: () => false,
  },
  {
    name: "multipart without a boundary",
    contentType: "multipart/form-data",
    payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nRose\r\n--x--\r\n',
    refused: () => false,
  },
  {
    name: "multipart cut off mid-part",
    contentType: "multipart/form-data; boundary=x",
    payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nRo',
    refused: () => false,
  },
  {
    name: "10,000 levels of arrays",
    contentType: "application/json",
    payload: nested(10_000, "[", "]"),
    refused: (m) => m !== "GET",
  },
  {
    name: "10,000 levels of objects",
    contentType: "application/json",
    payload: nested(10_000, '{"a":', "}"),
    refused: (m) => m !== "GET",
  },
  { name: "JSON that does not parse", contentType: "application/json", payload: '{"name": "Ro', refused: () => false },
  { name: "a JSON array", contentType: "application/json", payload: "[1,2,3]", refused: () => false },
  { name: "a JSON string", contentType: "application/json", payload: '"Roses"', refused: () => false },
  {
    name: "a __proto__ key",
    contentType: "application/json",
    payload: '{"__proto__": {"role": "admin"}}',
    refused: (m) => m !== "GET",
  },
  {
    name: "2 MB of JSON",
    contentType: "application/json",
    payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    refused: (m) => m !== "GET",
  },
  { name: "JSON in UTF-16", contentType: "application/json; charset=utf-16", payload: "{}", refused: () => false },
  {
    name: "a NUL byte escaped in a JSON key",
    contentType: "application/json",
    payload: '{"na\\u0000me": "Rose"}',
    refused: (m) => m !== "GET",
  },
];

/** The requests of one route for one role: base parts are built afresh for each request. */
async function* requestsOf(route: string, target: Target, role: Role): AsyncGenerator<() => Promise<Request>> {
  const [method, pattern] = route.split(" ") as [Method, string];
  const params = async () => (await target.params?.(role)) ?? {};
  const query = () => target.query?.() ?? {};
  const body = async () => (await target.body?.(role)) ?? undefined;
  const as = target.as ?? "json";
  const files = () => target.files?.() ?? {};
  const baseBody = async () => {
    const b = await body();
    if (b === undefined) return {};
    return as === "form" ? formParts(b) : json(b);
  };
  const formParts = (b: Fields) => {
    const form = multipartForm(toFormFields(b), files());
    return { headers: form.headers, payload: form.payload };
  };

  for (const name of (pattern.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))) {
    for (const v of TEXT_VALUES) {
      yield async () => ({
        name: `path ${name} = ${v.name}`,
        method,
        url: urlOf(pattern, { ...(await params()), [name]: v.value }, query()),
        ...(await baseBody()),
        refused: true,
      });
    }
  }

  const baseQuery = query();
  for (const [key, good] of Object.entries(baseQuery)) {
    const numeric = typeof good === "number";
    for (const v of TEXT_VALUES) {
      yield async () => ({
        name: `query ${key} = ${v.name}`,
        method,
        url: urlOf(pattern, await params(), { ...query(), [key]: v.value }),
        refused: v.refused || (numeric && v.numeric),
      });
    }
    yield async () => {
      const rest = searchOf(query());
      rest.append(key, String(good));
      return {
        name: `query ${key} given twice`,
        method,
        url: urlOf(pattern, await params(), rest.toString()),
        refused: true,
      };
    };
  }

  const sample = await body();
  if (sample !== undefined) {
    const fields = fieldsOf(target, sample);
    if (as !== "form") {
      for (const field of fields) {
        for (const v of BODY_VALUES) {
          yield async () => ({
            name: `JSON ${field.path.join(".")} = ${v.name}`,
            method,
            url: urlOf(pattern, await params(), query()),
            ...json(withValue((await body()) as Fields, field.path, v.value)),
            refused: v.refused && !field.ignored && !fieldTakes(field, v.value),
          });
        }
      }
    }
    if (as !== "json") {
      const formFields = [...new Set([...Object.keys(sample), ...Object.keys(files())])];
      for (const key of formFields) {
        const numeric = typeof sample[key] === "number";
        for (const v of TEXT_VALUES) {
          yield async () => {
            const form = multipartForm(
              { ...toFormFields((await body()) as Fields), [key]: v.value },
              Object.fromEntries(Object.entries(files()).filter(([name]) => name !== key)),
            );
            return {
              name: `form ${key} = ${v.name}`,
              method,
              url: urlOf(pattern, await params(), query()),
              headers: form.headers,
              payload: form.payload,
              refused: v.refused || (numeric && v.numeric),
            };
          };
        }
      }
    }
  }

  for (const whole of WHOLE_BODIES) {
    yield async () => ({
      name: `body ${whole.name}`,
      method,
      url: urlOf(pattern, await params(), query()),
      headers: { "content-type": whole.contentType },
      payload: whole.payload,
      refused: whole.refused(method),
    });
  }
}

function toFormFields(body: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
}

async function send(request: Request, role: Role): Promise<LightMyRequestResponse> {
  return shop.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, cookie: await sessionOf(users[role]) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** What is wrong with an answer, or null when it is what the contract allows. */
function problem(request: Request, res: LightMyRequestResponse): string | null {
  const summary = `${request.name}: ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode >= 500) return summary;
  if (request.refused && res.statusCode < 400) return `${summary} (expected a 4xx)`;
  if (res.statusCode >= 400) {
    let message: unknown;
    try {
      message = (res.json() as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== "string" || message.trim() === "") return `${summary} (no readable message)`;
    // The edge must refuse the value; the database's refusal is only a safety net that would answer differently per database.
    if (message === DATABASE_REFUSED_MESSAGE) return `${summary} (refused by the database, not at the edge)`;
  }
  return null;
}

/** The routes the table must cover: the API and the private proof and receipt files. */
function fuzzedRoutes() {
  return shop.app.registeredRoutes
    .filter((r) =>
      ["/api/", "/uploads/proofs/", "/uploads/receipts/", "/share/", "/sitemap.xml", "/robots.txt"].some((prefix) =>
        r.url.startsWith(prefix),
      ),
    )
    .map((r) => `${r.method} ${r.url}`);
}

describe("hostile input", () => {
  it("has a row for every API route, and every row is a route", () => {
    const routes = fuzzedRoutes();
    const rows = Object.keys(TARGETS);
    expect(
      routes.filter((route) => !rows.includes(route)),
      "routes without a row",
    ).toEqual([]);
    expect(
      rows.filter((row) => !routes.includes(row)),
      "rows without a route",
    ).toEqual([]);
  });

  for (const [route, target] of Object.entries(TARGETS)) {
    for (const role of ROLES) {
      it(`${route} as ${role}: no 5xx, and every 4xx says why`, { timeout: 300_000 }, async () => {
        const problems: string[] = [];
        let count = 0;
        for await (const build of requestsOf(route, target, role)) {
          const request = await build();
          const res = await send(request, role);
          count += 1;
          const found = problem(request, res);
          if (found) problems.push(found);
        }
        expect(count).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      });
    }
  }
});

describe("input the columns cannot hold", () => {
  const call = async (
    role: Role,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    shop.app.inject({
      method,
      url,
      headers: { ...headers, cookie: await sessionOf(users[role]) },
      ...(payload === undefined ? {} : typeof payload === "string" ? { payload } : { payload: payload as object }),
    });

  const refused = (res: LightMyRequestResponse, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  };

  it("an id beyond the id column (2^31) is a 400 in a path, a query string and a body; the largest id is a 404", async () => {
    const tooLarge = MAX_DB_INT + 1;
    refused(await call("customer", "GET", `/api/products/${tooLarge}`), /^id: is not a valid id$/);
    refused(await call("admin", "GET", `/api/order/user/${tooLarge}`), /^userId: is not a valid id$/);
    refused(
      await call("customer", "GET", `/api/products/price/Large?productId=${tooLarge}`),
      /^productId: is not a valid id$/,
    );
    refused(
      await call("customer", "POST", `/api/cart/user/${users.customer.user_id}/items`, {
        productId: tooLarge,
        quantity: 1,
        size: "Small",
        color: "Red",
      }),
      /^productId: is not a valid id$/,
    );
    refused(
      await call("customer", "POST", "/api/order", {
        shipping_address: SHIPPING_ADDRESS,
        items: [{ product_id: f.productId, quantity: 1, size: "Small", color: "Red", cart_item_id: tooLarge }],
      }),
      /^items\.0\.cart_item_id: is not a valid id$/,
    );
    const largest = await call("customer", "GET", `/api/products/${MAX_DB_INT}`);
    expect(largest.statusCode, largest.body).toBe(404);
    expect(largest.json().message).toEqual(expect.any(String));
  });

  it("a NUL byte in a username, an address, a form field or a path is a 400 and nothing is stored", async () => {
    const username = `nul${newToken()
      .slice(0, 6)
      .replace(/[^A-Za-z0-9]/g, "x")}`;
    refused(
      await call("customer", "POST", "/api/users/register", {
        username: `${username}\u0000`,
        email: `${username}@example.com`,
        password: "Bunga2025",
      }),
      NUL_MESSAGE,
    );
    expect(
      await shop.ctx.db.selectFrom("users").select("user_id").where("email", "=", `${username}@example.com`).execute(),
    ).toEqual([]);
    refused(
      await call("customer", "PATCH", `/api/users/${users.customer.user_id}/profile`, { username: "Sari\u0000W" }),
      NUL_MESSAGE,
    );
    const ordersBefore = await shop.ctx.db.selectFrom("orders").select("order_id").execute();
    refused(
      await call("customer", "POST", "/api/order", {
        shipping_address: `${SHIPPING_ADDRESS}\u0000`,
        items: [{ product_id: f.productId, quantity: 1, size: "Small", color: "Red" }],
      }),
      NUL_MESSAGE,
    );
    expect(await shop.ctx.db.selectFrom("orders").select("order_id").execute()).toHaveLength(ordersBefore.length);
    const form = multipartForm({ ...productBody(), name: "Lilies\u0000" });
    refused(await call("admin", "POST", "/api/products", form.payload, form.headers), NUL_MESSAGE);
    refused(await call("customer", "GET", `/api/products/price/La%00rge?productId=${f.productId}`), NUL_MESSAGE);
    refused(await call("admin", "GET", "/api/order/admin/overview?search=ro%00se"), NUL_MESSAGE);
  });

  it("a multipart request without a boundary is a 400 that says how to send the form", async () => {
    const noBoundary = { "content-type": "multipart/form-data" };
    const body = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nLilies\r\n--x--\r\n';
    for (const [method, url] of [
      ["POST", "/api/products"],
      ["PATCH", `/api/products/${f.editProductId}`],
      ["POST", `/api/products/${f.editProductId}/images`],
      ["PUT", `/api/order/${f.deliveryOrderId}/proof`],
    ] as const) {
      refused(await call("admin", method, url, body, noBoundary), UNREADABLE_FORM_MESSAGE);
    }
  });

  it("JSON nested 10,000 levels deep is a 400, even where the route reads no body", async () => {
    refused(
      await call("customer", "POST", `/api/cart/user/${users.customer.user_id}/ensure`, nested(10_000, "[", "]"), {
        "content-type": "application/json",
      }),
      TOO_DEEP_MESSAGE,
    );
    refused(
      await call("admin", "PUT", "/api/settings/delivery-fee", `{"deliveryFee": 1, "x": ${nested(100, "[", "]")}}`, {
        "content-type": "application/json",
      }),
      TOO_DEEP_MESSAGE,
    );
  });

  it("1e309 (Infinity) is a 400, even in a field the server ignores", async () => {
    const json = { "content-type": "application/json" };
    refused(
      await call("admin", "PUT", "/api/settings/delivery-fee", '{"deliveryFee": 1e309}', json),
      NOT_FINITE_MESSAGE,
    );
    refused(
      await call(
        "customer",
        "POST",
        `/api/cart/user/${users.customer.user_id}/items`,
        `{"productId": ${f.productId}, "quantity": 1, "size": "Small", "color": "Red", "unitPrice": 1e309}`,
        json,
      ),
      NOT_FINITE_MESSAGE,
    );
    refused(await call("customer", "GET", "/api/products/1e309"), /^id: must be a number$/);
  });

  it("an array, an object or a boolean where a number goes is a 400, not read as a number", async () => {
    const url = `/api/cart/user/${users.customer.user_id}/items`;
    const line = { productId: f.productId, quantity: 1, size: "Small", color: "Red" };
    refused(await call("customer", "POST", url, { ...line, quantity: [2] }), "Quantity must be a number.");
    refused(await call("customer", "POST", url, { ...line, productId: true }), /^productId: must be a number$/);
    refused(await call("customer", "POST", url, { ...line, productId: { id: 1 } }), /^productId: must be a number$/);
  });

  it("the overview's query string is bounded: numbers in range, sort and dir from their lists", async () => {
    const overview = (query: string) => call("admin", "GET", `/api/order/admin/overview?${query}`);
    refused(await overview(`page=${MAX_DB_INT + 1}`), "page is at most 100000.");
    refused(await overview("page=abc"), "page must be a number.");
    refused(await overview("limit=1e309"), "limit must be a number.");
    refused(await overview("month=13"), "month must be 1 to 12.");
    refused(await overview("year=9007199254740992"), "year is out of range.");
    refused(await overview("page=1&page=2"), "page must be a number.");
    refused(await overview("sort=price"), "sort must be date, status, total or customer.");
    refused(await overview("dir=up"), "dir must be asc or desc.");
    expect((await overview("page=1&limit=100&month=12&year=2026")).statusCode).toBe(200);
  });

  it("prices, stock and quantities are bounded at the edge, the same on both databases", async () => {
    const product = (change: Fields) => call("admin", "POST", "/api/products", { ...productBody(), ...change });
    refused(await product({ price: MAX_DB_INT }), "Price is too large.");
    refused(await product({ stock_quantity: MAX_DB_INT + 1 }), "Stock is too large.");
    refused(await product({ category_id: MAX_DB_INT + 1 }), "Category does not exist.");
    refused(
      await call("admin", "PATCH", `/api/products/${f.editProductId}/images/${f.imageId}/stock`, {
        stockQuantity: MAX_DB_INT + 1,
      }),
      "Stock is too large.",
    );
    refused(
      await call("customer", "POST", `/api/cart/user/${users.customer.user_id}/items`, {
        productId: f.productId,
        quantity: 10_001,
        size: "Small",
        color: "Red",
      }),
      "Quantity is at most 10000.",
    );
  });
});
