import type { AdminOverview, OrderDetail } from "@florist/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, placeOrder, setOrder } from "../../../test/fixtures.js";
import { createTestShop, createUser, login, signedIn, type TestShop } from "../../../test/harness.js";

// A shop of its own: the overview counts every order, so no other test's orders may appear here.
let shop: TestShop;
let adminCookie: string;
/** Order ids, oldest first: seven by SariBunga, then five by BudiSantoso. */
const orderIds: number[] = [];
let sariId: number;

beforeAll(async () => {
  shop = await createTestShop();
  adminCookie = (await signedIn(shop, "admin")).cookie;
  const product = await createProduct(shop, { price: 100000, stock: 100 });
  const sari = await createUser(shop, { username: "SariBunga" });
  const budi = await createUser(shop, { username: "BudiSantoso" });
  sariId = sari.user_id;
  for (const [user, count] of [
    [sari, 7],
    [budi, 5],
  ] as const) {
    const cookie = await login(shop, user.username);
    for (let i = 0; i < count; i += 1) {
      const res = await placeOrder(shop, cookie, [{ product_id: product.product_id }]);
      orderIds.push((res.json() as OrderDetail).orderId);
    }
  }
  // Spread the orders over January 2026, one day apart, so "newest first" is unambiguous.
  for (const [index, orderId] of orderIds.entries()) {
    await setOrder(shop, orderId, { order_date: new Date(Date.UTC(2026, 0, 1 + index, 3)).toISOString() });
  }
});
afterAll(() => shop.close());

async function overview(query = "", cookie = adminCookie) {
  const res = await shop.app.inject({ method: "GET", url: `/api/order/admin/overview${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOverview;
}

const newestFirst = () => [...orderIds].reverse();

describe("the admin overview's transactions", () => {
  it("lists all orders newest first, ten to a page by default, with the customer's username", async () => {
    const { transactions, pagination } = await overview();
    expect(pagination).toEqual({ page: 1, limit: 10, total: 12, hasNext: true });
    expect(transactions.map((t) => t.order_id)).toEqual(newestFirst().slice(0, 10));
    expect(transactions[0]).toEqual({
      order_id: orderIds[11],
      customer_name: "BudiSantoso",
      order_date: "2026-01-12T03:00:00.000Z",
      total_price: 150000,
      order_status: "Order Received",
      payment_status: "Pending",
      phone: null,
    });
  });

  it("pages with limit and page", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => overview(`?limit=5&page=${page}`)));
    expect(pages.map((p) => p.transactions.map((t) => t.order_id))).toEqual([
      newestFirst().slice(0, 5),
      newestFirst().slice(5, 10),
      newestFirst().slice(10),
      [],
    ]);
    expect(pages.map((p) => p.pagination.hasNext)).toEqual([true, true, false, false]);
    expect(pages.every((p) => p.pagination.total === 12)).toBe(true);
  });

  it("finds an order by its id with or without the MB- prefix", async () => {
    const id = orderIds[6] as number;
    for (const search of [`MB-${String(id).padStart(3, "0")}`, `mb-${id}`, `${id}`, ` MB-${id} `]) {
      const { transactions, pagination } = await overview(`?search=${encodeURIComponent(search)}`);
      expect(
        transactions.map((t) => t.order_id),
        search,
      ).toEqual([id]);
      expect(pagination.total).toBe(1);
    }
  });

  it("finds a customer's orders by part of the username in any case, and treats wildcards as text", async () => {
    for (const search of ["sari", "SARIBUNGA", "riBun"]) {
      const { transactions, pagination } = await overview(`?search=${search}&limit=5`);
      expect(pagination).toEqual({ page: 1, limit: 5, total: 7, hasNext: true });
      expect(transactions.every((t) => t.customer_name === "SariBunga")).toBe(true);
    }
    for (const search of ["%", "_", "nobody"]) {
      expect((await overview(`?search=${encodeURIComponent(search)}`)).pagination.total).toBe(0);
    }
  });

  it("finds a customer by the name they have now, and a search that is an order id finds that order and names holding it", async () => {
    const rename = (userId: number, username: string) =>
      shop.ctx.db.updateTable("users").set({ username }).where("user_id", "=", userId).execute();
    const budiId = (
      await shop.ctx.db
        .selectFrom("users")
        .select("user_id")
        .where("username", "=", "BudiSantoso")
        .executeTakeFirstOrThrow()
    ).user_id;
    const id = orderIds[6] as number;
    await rename(sariId, "SariMelati");
    await rename(budiId, `Budi${id}`);
    try {
      expect((await overview("?search=melati")).pagination.total).toBe(7);
      expect((await overview("?search=ribun")).pagination.total).toBe(0);
      // Contract §5: the search matches the order id or the customer's name, so Budi's five orders,
      // whose name now holds the id's digits, come with the order of that id.
      const budis = (await overview(`?search=budi${id}&limit=20`)).transactions.map((t) => t.order_id);
      const byId = (await overview(`?search=${id}&limit=20`)).transactions.map((t) => t.order_id);
      expect(new Set(byId)).toEqual(new Set([id, ...budis]));
      const byDisplayId = await overview(`?search=MB-${String(id).padStart(3, "0")}`);
      expect(byDisplayId.transactions.map((t) => t.order_id)).toEqual([id]);
      expect((await overview(`?search=budi${id}`)).pagination.total).toBe(5);
    } finally {
      await rename(sariId, "SariBunga");
      await rename(budiId, "BudiSantoso");
    }
  });
});

describe("the admin overview's monthly income", () => {
  it("sums the Finished and Completed orders placed in the month, counted in Bandung time", async () => {
    const [a, b, c, d, e] = orderIds as [number, number, number, number, number];
    await setOrder(shop, a, { order_status: "Finished", order_date: "2025-03-10T05:00:00.000Z", total_price: 100000 });
    // 1 March 00:30 in Bandung (UTC+7), still February in UTC.
    await setOrder(shop, b, { order_status: "Completed", order_date: "2025-02-28T17:30:00.000Z", total_price: 200000 });
    // 1 April 00:30 in Bandung.
    await setOrder(shop, c, { order_status: "Finished", order_date: "2025-03-31T17:30:00.000Z", total_price: 400000 });
    await setOrder(shop, d, { order_status: "Order Received", order_date: "2025-03-11T05:00:00.000Z" });
    await setOrder(shop, e, { order_status: "Denied", order_date: "2025-03-12T05:00:00.000Z" });

    expect((await overview("?month=3&year=2025")).monthlyIncome).toBe(300000);
    expect((await overview("?month=4&year=2025")).monthlyIncome).toBe(400000);
    expect((await overview("?month=2&year=2025")).monthlyIncome).toBe(0);
    expect((await overview("?month=3&year=2025&search=BudiSantoso")).monthlyIncome).toBe(300000);
  });

  it("defaults to the current month", async () => {
    const f = orderIds[5] as number;
    await setOrder(shop, f, { order_status: "Finished", order_date: new Date().toISOString(), total_price: 123000 });
    expect((await overview()).monthlyIncome).toBe(123000);
  });
});

describe("the admin overview's reviews", () => {
  it("shows the ten latest reviews with the customer's name", async () => {
    expect((await overview()).reviews).toEqual([]);
    await shop.ctx.db
      .insertInto("reviews")
      .values(
        orderIds.slice(0, 7).map((orderId, index) => ({
          order_id: orderId,
          user_id: sariId,
          rating: 1 + (index % 5),
          comment: `Review ${index}`,
          review_date: new Date(Date.UTC(2026, 1, 1 + index)).toISOString(),
        })),
      )
      .execute();
    const budiId = (
      await shop.ctx.db
        .selectFrom("users")
        .select("user_id")
        .where("username", "=", "BudiSantoso")
        .executeTakeFirstOrThrow()
    ).user_id;
    await shop.ctx.db
      .insertInto("reviews")
      .values(
        orderIds.slice(7).map((orderId, index) => ({
          order_id: orderId,
          user_id: budiId,
          rating: 5,
          comment: "",
          review_date: new Date(Date.UTC(2026, 1, 10 + index)).toISOString(),
        })),
      )
      .execute();
    const { reviews } = await overview();
    expect(reviews).toHaveLength(10);
    expect(reviews[0]).toEqual({
      review_id: expect.any(Number),
      order_id: orderIds[11],
      user_id: budiId,
      customer_name: "BudiSantoso",
      rating: 5,
      comment: "",
      review_date: "2026-02-14T00:00:00.000Z",
    });
    expect(reviews.map((r) => r.order_id)).toEqual(newestFirst().slice(0, 10));
    expect(reviews.at(-1)).toMatchObject({ customer_name: "SariBunga", comment: "Review 2" });
  });
});

describe("who may read the overview", () => {
  it("is for admins only: 403 for a customer, 401 anonymously", async () => {
    const customer = await signedIn(shop, "customer");
    const asCustomer = await shop.app.inject({
      method: "GET",
      url: "/api/order/admin/overview",
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await shop.app.inject({ method: "GET", url: "/api/order/admin/overview" })).statusCode).toBe(401);
  });

  it("refuses a page below 1, a limit above 100 and a month outside 1–12 (400)", async () => {
    for (const query of ["?page=0", "?limit=101", "?limit=0", "?month=13", "?month=0", "?page=abc"]) {
      const res = await shop.app.inject({
        method: "GET",
        url: `/api/order/admin/overview${query}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("sorting the admin overview across all pages", () => {
  // Statuses spelled as admins type them; two totals tie, and ties go newest order first.
  const statuses = [
    "Cancelled",
    "Order Received",
    "Denied",
    "In Delivery",
    "Finished",
    "order received",
    "Cancelled",
    "InDelivery",
    "Denied",
    "Finished",
    "Order Received",
    "In Delivery",
  ];
  const totals = [300000, 120000, 450000, 120000, 90000, 700000, 250000, 610000, 80000, 330000, 520000, 150000];
  const lifeOrder = ["orderreceived", "indelivery", "finished", "denied", "cancelled"];

  beforeAll(async () => {
    for (const [index, orderId] of orderIds.entries()) {
      await setOrder(shop, orderId, {
        order_status: statuses[index] as string,
        total_price: totals[index] as number,
        order_date: new Date(Date.UTC(2026, 0, 1 + index, 3)).toISOString(),
      });
    }
  });

  /** Every order id the overview lists, reading all its pages of five in turn. */
  async function allPages(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const { transactions, pagination } = await overview(`?limit=5&page=${page}&${query}`);
      ids.push(...transactions.map((t) => t.order_id));
      if (!pagination.hasNext) return ids;
    }
  }

  const indexes = () => orderIds.map((_, index) => index);
  const idsOf = (order: number[]) => order.map((index) => orderIds[index] as number);
  const statusRank = (index: number) => lifeOrder.indexOf((statuses[index] as string).replace(/\s/g, "").toLowerCase());

  it("sorts by status in the order's life, Cancelled after Denied, newest first within a status", async () => {
    expect(await allPages("sort=status&dir=asc")).toEqual(
      idsOf(indexes().sort((a, b) => statusRank(a) - statusRank(b) || b - a)),
    );
    expect(await allPages("sort=status&dir=desc")).toEqual(
      idsOf(indexes().sort((a, b) => statusRank(b) - statusRank(a) || b - a)),
    );
    const statusesShown = (await overview("?sort=status&dir=asc&limit=100")).transactions.map((t) => t.order_status);
    expect(statusesShown.at(-1)).toBe("Cancelled");
    expect(statusesShown.slice(-4, -2)).toEqual(["Denied", "Denied"]);
  });

  it("sorts by total either way, the newest order first between equal totals", async () => {
    const total = (index: number) => totals[index] as number;
    expect(await allPages("sort=total&dir=asc")).toEqual(idsOf(indexes().sort((a, b) => total(a) - total(b) || b - a)));
    expect(await allPages("sort=total&dir=desc")).toEqual(
      idsOf(indexes().sort((a, b) => total(b) - total(a) || b - a)),
    );
  });

  it("sorts by customer name in any case, and by date, newest first unless asked otherwise", async () => {
    const budiThenSari = [...orderIds.slice(7).reverse(), ...orderIds.slice(0, 7).reverse()];
    expect(await allPages("sort=customer&dir=asc")).toEqual(budiThenSari);
    expect(await allPages("sort=date&dir=asc")).toEqual(orderIds);
    expect(await allPages("")).toEqual(newestFirst());
  });

  it("refuses any other sort or direction (400)", async () => {
    for (const query of ["?sort=price", "?dir=up", "?sort=", "?sort=date&sort=total"]) {
      const res = await shop.app.inject({
        method: "GET",
        url: `/api/order/admin/overview${query}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
