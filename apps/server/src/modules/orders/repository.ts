import type { OverviewSort, SortDirection } from "@florist/contract";
import { REVIEWABLE_STATUSES } from "@florist/contract/rules";
import { type Expression, type ExpressionBuilder, type Insertable, type Selectable, sql } from "kysely";
import type { Dialect } from "../../db/connection.js";
import {
  type Database,
  type Executor,
  type NewOrder,
  type NewOrderItem,
  ORDER_COLUMNS,
  type OrderItemCustomizationsTable,
  type OrdersTable,
  type OrderUpdate,
} from "../../db/database.js";
import { answered, answerOf, type Sent, sendAhead } from "../../db/postgres-dialect.js";
import { prepared, preparedRows } from "../../db/prepared.js";
import { productColumns } from "../cart/repository.js";
import type { NewJob } from "../jobs/repository.js";
import {
  insertMailRows,
  insertSendJobs,
  type MailsToWrite,
  type MailValues,
  mailValues,
  type SendJob,
} from "../mail/repository.js";

/**
 * The first step of every transaction that takes or returns stock or checks a cart against it
 * (docs/stock-and-locking.md): the product rows, locked in product-id order before anything else is
 * locked, so two such transactions can only wait for each other, never deadlock. On PostgreSQL the
 * rows stay locked until the transaction ends; SQLite runs one transaction at a time on its one
 * connection, so a plain read is already as good as a lock there. Answers the rows as they are now,
 * after any transaction that held them has committed.
 */
export async function lockProducts(db: Executor, dialect: Dialect, productIds: Iterable<number>) {
  return lockProductsQuery[dialect].rows(db, productRows(productIds));
}

/**
 * lockProducts, sent ahead (db/postgres-dialect.ts): a statement that needs the locks held but not
 * the rows read can follow it in the same round trip. Resolves once sent; the rows come with `answer`.
 */
export async function sendLockProducts(db: Executor, dialect: Dialect, productIds: Iterable<number>) {
  const rows = productRows(productIds);
  if (rows.length === 0) return answered<LockedProduct[]>([]);
  return answerOf(await sendAhead(db, lockProductsQuery[dialect].compile(db, rows)), (result) => result.rows);
}

/** Each product once, in product-id order: the order every lock of products is taken in. */
const productRows = (productIds: Iterable<number>): [productId: number][] =>
  [...new Set(productIds)].sort((a, b) => a - b).map((id) => [id]);

// Every order locks its products: one statement for each number of products, built once (db/prepared.ts).
const productsById = (db: Executor, rows: [productId: number][]) =>
  db
    .selectFrom("products")
    .select(["products.product_id", ...productColumns])
    .where(
      "product_id",
      "in",
      rows.map(([id]) => id),
    )
    .orderBy("product_id");
const lockProductsQuery = {
  postgres: preparedRows(1, (db, rows: [productId: number][]) => productsById(db, rows).forUpdate()),
  sqlite: preparedRows(1, productsById),
};

export type LockedProduct = Awaited<ReturnType<typeof lockProducts>>[number];

/** `case product_id when 3 then 2 … end`: one statement moves the stock of every product of an order. */
function quantityByProduct(quantities: Iterable<[productId: number, quantity: number]>): Expression<number> {
  const branches = [...quantities].map(
    ([productId, quantity]) => sql`when ${productId} then cast(${quantity} as integer)`,
  );
  return sql<number>`case product_id ${sql.join(branches, sql` `)} end`;
}

// Every order takes stock: one statement for each number of products, built once (db/prepared.ts).
const takeStockQuery = preparedRows(2, (db, rows: [productId: number, quantity: number][], at: string) => {
  const taken = quantityByProduct(rows);
  return db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "-", taken), updated_at: at }))
    .where(
      "product_id",
      "in",
      rows.map(([productId]) => productId),
    )
    .where("stock_quantity", ">=", taken)
    .where("availability_status", "=", "in_stock")
    .where("archived_at", "is", null)
    .returning("product_id");
});

/**
 * Takes the ordered quantities from stock in one guarded statement: a product is only touched while it
 * is on sale and holds enough, so stock never goes below zero however many orders race for it.
 * Answers the ids of the products that were decremented; any missing one means a shortage.
 * Call it after lockProducts: one statement over several rows locks them in whatever order the plan
 * visits them, which deadlocks against another order taking the same products in another order.
 */
export async function takeStock(db: Executor, quantities: Map<number, number>, at: string): Promise<number[]> {
  const rows = await takeStockQuery.rows(db, [...quantities], at);
  return rows.map((r) => r.product_id);
}

/** takeStock sent ahead (db/postgres-dialect.ts), right behind the locks it needs held; the ids come with `answer`. */
export async function sendTakeStock(
  db: Executor,
  quantities: Map<number, number>,
  at: string,
): Promise<Sent<number[]>> {
  const sent = await sendAhead(db, takeStockQuery.compile(db, [...quantities], at));
  return answerOf(sent, (result) => result.rows.map((r) => r.product_id));
}

/** Puts stock back (a denied order); like takeStock, only after lockProducts. */
export async function restoreStock(db: Executor, quantities: Map<number, number>, at: string) {
  if (quantities.size === 0) return;
  await db
    .updateTable("products")
    .set((eb) => ({ stock_quantity: eb("stock_quantity", "+", quantityByProduct(quantities)), updated_at: at }))
    .where("product_id", "in", [...quantities.keys()])
    .execute();
}

/** Answers the order as written, every column, so the answer to a new order needs no read of it. */
export function insertOrder(db: Executor, order: NewOrder) {
  return db.insertInto("orders").values(order).returningAll().executeTakeFirstOrThrow();
}

/** Columns of an order written only once it moves on: a new order leaves them to their defaults. */
const LATER_COLUMNS = [
  "order_id",
  "order_proof",
  "payment_proof",
  "payment_note",
  "reminder_sent_at",
  "reminder_token_hash",
  "payment_reminder_sent_at",
] as const;
type LaterColumn = (typeof LATER_COLUMNS)[number];
const PLACED_ORDER_COLUMNS = ORDER_COLUMNS.filter(
  (column): column is Exclude<(typeof ORDER_COLUMNS)[number], LaterColumn> =>
    !(LATER_COLUMNS as readonly string[]).includes(column),
);

/** A new order's row: every column but those written later, a null where it has no value. */
export type PlacedOrderValues = { [K in (typeof PLACED_ORDER_COLUMNS)[number]]-?: Exclude<NewOrder[K], undefined> };

/** A line of a new order, before the order has an id. */
export type PlacedItem = Omit<NewOrderItem, "order_id" | "order_item_id">;

/** An add-on of a line of a new order, by the line's number. */
export type PlacedAddOn = Omit<
  Insertable<OrderItemCustomizationsTable>,
  "order_item_id" | "order_item_customization_id"
> & {
  line_no: number;
};

type SqlType = "integer" | "text";

/** How PostgreSQL reads each column of a new order's lines and add-ons from their JSON: every one, or it does not compile. */
const ITEM_TYPES = {
  line_no: "integer",
  product_id: "integer",
  product_name: "text",
  unit_price: "integer",
  quantity: "integer",
  line_price: "integer",
  size: "text",
  color: "text",
} as const satisfies { [K in keyof PlacedItem]-?: SqlType };
const ADD_ON_TYPES = {
  line_no: "integer",
  customization_id: "integer",
  name: "text",
  price: "integer",
  quantity: "integer",
} as const satisfies { [K in keyof PlacedAddOn]-?: SqlType };

/** `jsonb_to_recordset(json) as alias (column type, …)`: rows sent as one JSON value, read as a table. */
function jsonRows(json: unknown, alias: string, types: Record<string, SqlType>) {
  const columns = Object.entries(types).map(([column, type]) => sql`${sql.id(column)} ${sql.raw(type)}`);
  return sql`jsonb_to_recordset(${json}::jsonb) as ${sql.id(alias)} (${sql.join(columns)})`;
}

/** `alias.column, …` for each column of `types`. */
const columnsOf = (alias: string, types: Record<string, SqlType>) =>
  sql.join(Object.keys(types).map((column) => sql.ref(`${alias}.${column}`)));

/**
 * PostgreSQL: the id the next order is written with, taken before it is written so that its mails
 * can be rendered and written with it. Sent ahead (db/postgres-dialect.ts), behind the products'
 * lock; an order refused after it leaves a gap in the ids, as one rolled back always has.
 */
export async function sendNextOrderId(db: Executor): Promise<Sent<number>> {
  return answerOf(await sendAhead(db, nextOrderIdQuery.compile(db)), ({ rows: [row] }) => {
    if (!row) throw new Error("sendNextOrderId: no id answered");
    return row.order_id;
  });
}

// The sequence of the orders' serial id, named as PostgreSQL names it (orders_order_id_seq).
const nextOrderIdQuery = prepared((db) =>
  db.selectNoFrom(sql<number>`nextval('orders_order_id_seq')::integer`.as("order_id")),
);

/** An order's row, every column. */
export type OrderRow = Selectable<OrdersTable>;

/** A new order's row as insertPlacedOrder writes it, the columns written later at their defaults. */
export function placedOrderRow(orderId: number, order: PlacedOrderValues): OrderRow {
  return {
    ...order,
    order_id: orderId,
    order_proof: null,
    payment_proof: null,
    payment_note: null,
    reminder_sent_at: null,
    reminder_token_hash: null,
    payment_reminder_sent_at: null,
  };
}

/**
 * PostgreSQL: a new order, its lines, their add-ons, its mails with the job that sends each, and the
 * cart lines it empties, in one statement: one round trip instead of six or more while its products
 * stay locked (docs/decisions/0035). One statement is all or nothing, as the statements it stands
 * for were inside the order's transaction. The lines and add-ons travel as JSON, so the statement is
 * the same for every order and kept prepared (one for each number of mails, one with the job that
 * writes the mails later instead, and one with neither). It is sent ahead (db/postgres-dialect.ts):
 * the order's commit goes out behind it without waiting, and its answer, the order as written, comes
 * with the commit's.
 */
export async function insertPlacedOrder(
  db: Executor,
  orderId: number,
  order: PlacedOrderValues,
  items: PlacedItem[],
  addOns: PlacedAddOn[],
  cartItemIds: number[],
  mailing: PlacedOrderMailing,
) {
  const args = [
    JSON.stringify(items),
    // Numbered, so they get their ids in the order given, as one insert of them all gives them.
    JSON.stringify(addOns.map((addOn, position) => ({ ...addOn, position }))),
    JSON.stringify(cartItemIds),
    orderId,
    ...PLACED_ORDER_COLUMNS.map((column) => order[column]),
  ];
  const query =
    "job" in mailing
      ? insertPlacedOrderWithJobQuery.compile(
          db,
          mailing.job.kind,
          mailing.job.payload,
          mailing.job.run_at,
          mailing.job.max_attempts,
          mailing.job.created_at,
          ...args,
        )
      : mailing.mails.mails.length > 0
        ? insertPlacedOrderWithMailsQuery.compile(
            db,
            mailing.mails.mails.map(mailValues),
            mailing.mails.send.kind,
            mailing.mails.send.createdAt,
            mailing.mails.send.maxAttempts,
            ...args,
          )
        : insertPlacedOrderQuery.compile(db, ...args);
  return answerOf(await sendAhead(db, query), ({ rows: [row] }) => {
    if (!row) throw new Error("insertPlacedOrder: the order was not written");
    return row;
  });
}

/** What the statement writing a new order writes of its mails: the mails, or the job that writes them once it has committed. */
export type PlacedOrderMailing = { mails: MailsToWrite } | { job: NewJob };

/** The `with` queries that write a new order, its lines and add-ons and empty its cart lines: `o` answers the order. */
function placedOrderWrites(db: Executor, args: unknown[]) {
  const [items, addOns, cartItemIds, orderId, ...values] = args;
  const order = {
    ...Object.fromEntries(PLACED_ORDER_COLUMNS.map((column, index) => [column, values[index]])),
    order_id: orderId,
  } as NewOrder;
  const itemColumns = Object.keys(ITEM_TYPES) as (keyof typeof ITEM_TYPES)[];
  const addOnColumns = (Object.keys(ADD_ON_TYPES) as (keyof typeof ADD_ON_TYPES)[]).filter((c) => c !== "line_no");
  return db
    .with("o", (qc) => qc.insertInto("orders").values(order).returning(ORDER_COLUMNS))
    .with("i", (qc) =>
      qc
        .insertInto("order_items")
        .columns(["order_id", ...itemColumns])
        .expression(
          sql`select o.order_id, ${columnsOf("l", ITEM_TYPES)} from o cross join ${jsonRows(items, "l", ITEM_TYPES)}
            order by l.line_no`,
        )
        .returning(["order_item_id", "line_no"]),
    )
    .with("c", (qc) =>
      qc
        .insertInto("order_item_customizations")
        .columns(["order_item_id", ...addOnColumns])
        .expression(
          sql`select i.order_item_id, ${sql.join(addOnColumns.map((c) => sql.ref(`a.${c}`)))}
            from i join ${jsonRows(addOns, "a", { ...ADD_ON_TYPES, position: "integer" })} on a.line_no = i.line_no
            order by a.position`,
        ),
    )
    .with("d", (qc) =>
      qc
        .deleteFrom("cart_items")
        .where(
          "cart_item_id",
          "in",
          sql<number>`(select value::integer from jsonb_array_elements_text(${cartItemIds}::jsonb))`,
        ),
    );
}

const insertPlacedOrderQuery = prepared((db, ...args: unknown[]) =>
  placedOrderWrites(db, args).selectFrom("o").select(ORDER_COLUMNS),
);

const insertPlacedOrderWithJobQuery = prepared((db, ...args: unknown[]) => {
  const [kind, payload, run_at, max_attempts, created_at, ...orderArgs] = args as [
    string,
    string,
    string,
    number,
    string,
    ...unknown[],
  ];
  return placedOrderWrites(db, orderArgs)
    .with("j", (qc) =>
      qc.insertInto("jobs").values({ kind, payload, run_at, max_attempts, created_at, state: "queued", attempts: 0 }),
    )
    .selectFrom("o")
    .select(ORDER_COLUMNS);
});

const insertPlacedOrderWithMailsQuery = preparedRows<MailValues, OrderRow, unknown[]>(7, (db, mails, ...args) => {
  const [sendKind, createdAt, maxAttempts, ...orderArgs] = args;
  const send = { kind: sendKind, createdAt, maxAttempts } as SendJob;
  return placedOrderWrites(db, orderArgs)
    .with("m", (qc) => insertMailRows(qc, mails))
    .with("s", (qc) => insertSendJobs(qc, "m", send))
    .selectFrom("o")
    .select(ORDER_COLUMNS);
});

/** Answers each item's id with its line number: neither database promises RETURNING rows in the order given. */
export function insertOrderItems(db: Executor, items: NewOrderItem[]) {
  return db.insertInto("order_items").values(items).returning(["order_item_id", "line_no"]).execute();
}

export function insertOrderItemCustomizations(db: Executor, rows: Insertable<OrderItemCustomizationsTable>[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto("order_item_customizations").values(rows).execute();
}

/** An order's delivery as answers show it: its slot's label and times, its district's name. */
const deliveryColumns = [
  "delivery_slots.label as slot_label",
  "delivery_slots.start_time as slot_start",
  "delivery_slots.end_time as slot_end",
  "delivery_zones.name as zone_name",
] as const;

/** Orders with their customer and the names of their slot and district. */
function ordersWithUsers(db: Executor) {
  return db
    .selectFrom("orders")
    .innerJoin("users", "users.user_id", "orders.user_id")
    .leftJoin("delivery_slots", "delivery_slots.slot_id", "orders.delivery_slot_id")
    .leftJoin("delivery_zones", "delivery_zones.zone_id", "orders.delivery_zone_id")
    .select(ORDER_COLUMNS.map((column) => `orders.${column}` as const))
    .select(["users.username", "users.email", "users.language", ...deliveryColumns]);
}

// Read for every order page and status change: built once (db/prepared.ts).
const orderById = prepared((db, orderId: number) => ordersWithUsers(db).where("orders.order_id", "=", orderId));

export function findOrder(db: Executor, orderId: number) {
  return orderById.first(db, orderId);
}

/**
 * The orders to deliver on a day that still hold their place (not in a `releasing` status), oldest
 * first; with `final` statuses, also the orders not yet in one of them that have no day at all
 * (placed while no slot was free), which the florist still has to arrange.
 */
export function listDayOrders(
  db: Executor,
  day: string,
  statuses: { releasing: readonly string[]; final: readonly string[] | null },
) {
  const status = sql<string>`lower(trim(orders.order_status))`;
  return ordersWithUsers(db)
    .where((eb) => {
      const onDay = eb.and([eb("orders.delivery_day", "=", day), eb(status, "not in", [...statuses.releasing])]);
      if (!statuses.final) return onDay;
      return eb.or([onDay, eb.and([eb("orders.delivery_day", "is", null), eb(status, "not in", [...statuses.final])])]);
    })
    .orderBy("orders.order_id")
    .execute();
}

export type OrderWithUser = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

// An order with its lines and their add-ons, one row for each add-on (or line without one): what
// its mails and its invoice show, read in one statement, built once (db/prepared.ts).
const orderWithLines = prepared((db, orderId: number) =>
  ordersWithUsers(db)
    .leftJoin("order_items", "order_items.order_id", "orders.order_id")
    .leftJoin("order_item_customizations", "order_item_customizations.order_item_id", "order_items.order_item_id")
    .select([
      "order_items.order_item_id as line_item_id",
      "order_items.product_name as line_product_name",
      "order_items.quantity as line_quantity",
      "order_items.size as line_size",
      "order_items.color as line_color",
      "order_items.line_price as line_line_price",
      "order_item_customizations.name as add_on_name",
      "order_item_customizations.price as add_on_price",
      "order_item_customizations.quantity as add_on_quantity",
    ])
    .where("orders.order_id", "=", orderId)
    .orderBy("order_items.line_no")
    .orderBy("order_item_customizations.order_item_customization_id"),
);

export interface OrderLineWithAddOns {
  product_name: string;
  quantity: number;
  size: string | null;
  color: string | null;
  line_price: number;
  addOns: { name: string; price: number; quantity: number }[];
}

/** An order with its customer, slot and district, and its lines in line order with their add-ons; undefined when it does not exist. */
export async function findOrderWithLines(
  db: Executor,
  orderId: number,
): Promise<{ order: OrderWithUser; lines: OrderLineWithAddOns[] } | undefined> {
  const rows = await orderWithLines.rows(db, orderId);
  const [first] = rows;
  if (!first) return undefined;
  const {
    line_item_id: _item,
    line_product_name: _name,
    line_quantity: _quantity,
    line_size: _size,
    line_color: _color,
    line_line_price: _price,
    add_on_name: _addOn,
    add_on_price: _addOnPrice,
    add_on_quantity: _addOnQuantity,
    ...order
  } = first;
  const lines = new Map<number, OrderLineWithAddOns>();
  for (const row of rows) {
    if (row.line_item_id === null) continue;
    let line = lines.get(row.line_item_id);
    if (!line) {
      line = {
        product_name: row.line_product_name as string,
        quantity: row.line_quantity as number,
        size: row.line_size,
        color: row.line_color,
        line_price: row.line_line_price as number,
        addOns: [],
      };
      lines.set(row.line_item_id, line);
    }
    if (row.add_on_name !== null) {
      line.addOns.push({
        name: row.add_on_name,
        price: row.add_on_price as number,
        quantity: row.add_on_quantity as number,
      });
    }
  }
  return { order, lines: [...lines.values()] };
}

export function findOrderByProof(db: Executor, proofPath: string) {
  return db
    .selectFrom("orders")
    .select(["order_id", "user_id"])
    .where("order_proof", "=", proofPath)
    .executeTakeFirst();
}

const orderItems = (db: Executor) =>
  db
    .selectFrom("order_items")
    .select([
      "order_item_id",
      "order_id",
      "product_id",
      "product_name",
      "unit_price",
      "quantity",
      "line_price",
      "size",
      "color",
    ])
    .orderBy("order_id")
    .orderBy("line_no");
// One order's items and add-ons are read for every order page: built once.
const itemsOfOrder = prepared((db, orderId: number) => orderItems(db).where("order_id", "=", orderId));

/** The items of the given orders, each order's in line order. */
export function listOrderItems(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  if (orderIds.length === 1) return itemsOfOrder.rows(db, orderIds[0] as number);
  return orderItems(db).where("order_id", "in", orderIds).execute();
}

const orderItemCustomizations = (db: Executor) =>
  db
    .selectFrom("order_item_customizations")
    .innerJoin("order_items", "order_items.order_item_id", "order_item_customizations.order_item_id")
    .select([
      "order_item_customizations.order_item_id",
      "order_item_customizations.name",
      "order_item_customizations.price",
      "order_item_customizations.quantity",
    ])
    .orderBy("order_item_customizations.order_item_customization_id");
const customizationsOfOrder = prepared((db, orderId: number) =>
  orderItemCustomizations(db).where("order_items.order_id", "=", orderId),
);

export function listOrderItemCustomizations(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  if (orderIds.length === 1) return customizationsOfOrder.rows(db, orderIds[0] as number);
  return orderItemCustomizations(db).where("order_items.order_id", "in", orderIds).execute();
}

/** Review columns besides order_id, which the order list takes from the order itself. */
const reviewColumns = [
  "reviews.review_id",
  "reviews.user_id",
  "reviews.rating",
  "reviews.comment",
  "reviews.review_date",
  "users.username as customer_name",
] as const;

/** A user's orders, newest first, each with its review and the names of its slot and district, in one query. */
export function listUserOrders(db: Executor, userId: number) {
  return db
    .selectFrom("orders")
    .leftJoin("reviews", "reviews.order_id", "orders.order_id")
    .leftJoin("users", "users.user_id", "reviews.user_id")
    .leftJoin("delivery_slots", "delivery_slots.slot_id", "orders.delivery_slot_id")
    .leftJoin("delivery_zones", "delivery_zones.zone_id", "orders.delivery_zone_id")
    .select([
      "orders.order_id",
      "orders.order_date",
      "orders.order_status",
      "orders.payment_status",
      "orders.total_price",
      "orders.shipping_cost",
      "orders.order_proof",
      "orders.delivery_day",
      "orders.delivery_slot_id",
      "orders.delivery_zone_id",
      "orders.recipient_name",
      "orders.recipient_phone",
      "orders.card_message",
      "orders.sender_anonymous",
      "orders.payment_due_at",
      "orders.payment_proof",
      "orders.payment_note",
      ...deliveryColumns,
      ...reviewColumns,
    ])
    .where("orders.user_id", "=", userId)
    .orderBy("orders.order_date", "desc")
    .orderBy("orders.order_id", "desc")
    .execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The overview's search: an order id with or without "MB-" and leading zeros, looked up by its key
 * alone; or part of a username in any case, matched through the username trigram index of each
 * database (migration 20261128100000_order_search), then the customers' orders by their user id.
 */
function searchFilter(dialect: Dialect, search: string) {
  const id = /^(?:mb-?)?0*(\d{1,9})$/i.exec(search);
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  const customers =
    dialect === "postgres"
      ? sql<number>`(select user_id from users where lower(username) like ${pattern} escape '\\')`
      : sql<number>`(select rowid from users_search where username like ${pattern} escape '\\')`;
  // PostgreSQL answers `key = x or user_id in (subquery)` by scanning every order and testing each;
  // `user_id = any(array(subquery))` lets it combine the two index lookups (a BitmapOr) instead.
  const byCustomer = (eb: ExpressionBuilder<Database, "orders" | "users">) =>
    dialect === "postgres"
      ? sql<boolean>`${sql.ref("orders.user_id")} = any(array${customers})`
      : eb("orders.user_id", "in", customers);
  return (eb: ExpressionBuilder<Database, "orders" | "users">) =>
    // Contract §5: the id or the name. Each side has its own index (the key; the trigram index over names).
    id ? eb.or([eb("orders.order_id", "=", Number(id[1])), byCustomer(eb)]) : byCustomer(eb);
}

function overviewQuery(db: Executor, dialect: Dialect, search: string | undefined) {
  const query = db.selectFrom("orders").innerJoin("users", "users.user_id", "orders.user_id");
  return search ? query.where(searchFilter(dialect, search)) : query;
}

export async function countOrders(db: Executor, dialect: Dialect, search: string | undefined): Promise<number> {
  const row = await overviewQuery(db, dialect, search)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * An order's place in its life for sorting: Order Received, In Delivery, Finished (with its legacy
 * name Completed), Denied, Cancelled, then any other name. Names are compared the way orderStatusOf
 * reads them, case and spaces ignored.
 */
function statusRank() {
  const key = sql`lower(replace(trim(${sql.ref("orders.order_status")}), ' ', ''))`;
  return sql<number>`case ${key}
    when 'orderreceived' then 0 when 'indelivery' then 1 when 'finished' then 2 when 'completed' then 2
    when 'denied' then 3 when 'cancelled' then 4 else 5 end`;
}

function sortKey(sort: OverviewSort): Expression<unknown> {
  switch (sort) {
    case "status":
      return statusRank();
    case "total":
      return sql.ref("orders.total_price");
    case "customer":
      return sql`lower(${sql.ref("users.username")})`;
    default:
      return sql.ref("orders.order_date");
  }
}

/** A page of the overview in the asked order, applied in SQL across all pages; ties go newest order first. */
export function pageOrders(
  db: Executor,
  dialect: Dialect,
  search: string | undefined,
  order: { sort: OverviewSort; dir: SortDirection },
  limit: number,
  offset: number,
) {
  return overviewQuery(db, dialect, search)
    .select([
      "orders.order_id",
      "users.username as customer_name",
      "orders.order_date",
      "orders.total_price",
      "orders.order_status",
      "orders.payment_status",
      "orders.recipient_phone as phone",
    ])
    .orderBy(sortKey(order.sort), order.dir)
    .orderBy("orders.order_id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Income of the orders placed in [start, end) that are finished: the statuses a review may follow ("Completed" is the legacy name of Finished). */
export async function income(db: Executor, start: string, end: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_price"), sql<number>`0`).as("income"))
    .where("order_date", ">=", start)
    .where("order_date", "<", end)
    .where(sql`lower(trim(order_status))`, "in", [...REVIEWABLE_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.income);
}

export function latestReviews(db: Executor, limit: number) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.user_id", "reviews.user_id")
    .select(["reviews.order_id", ...reviewColumns])
    .orderBy("reviews.review_date", "desc")
    .orderBy("reviews.review_id", "desc")
    .limit(limit)
    .execute();
}

/** What an order must still be for a guarded change to apply: its status, and when given its payment and receipt. */
export interface OrderGuard {
  order_status: string;
  payment_status?: string;
  payment_proof?: string | null;
}

/**
 * Changes an order (its status, its payment, or its delivery day and slot) only while it is as it
 * was read, so two admins cannot both apply a change, nor move an order that was just finished,
 * and a payment decision, a cancel and the lapse of an unpaid order cannot all apply.
 */
export async function updateFromStatus(
  db: Executor,
  orderId: number,
  from: string | OrderGuard,
  change: Omit<OrderUpdate, "order_id" | "updated_at">,
  at: string,
): Promise<boolean> {
  const guard: OrderGuard = typeof from === "string" ? { order_status: from } : from;
  let query = db
    .updateTable("orders")
    .set({ ...change, updated_at: at })
    .where("order_id", "=", orderId)
    .where("order_status", "=", guard.order_status);
  if (guard.payment_status !== undefined) query = query.where("payment_status", "=", guard.payment_status);
  if (guard.payment_proof !== undefined) {
    query = query.where("payment_proof", guard.payment_proof === null ? "is" : "=", guard.payment_proof);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the proof only if it is still the one read, so a concurrent upload cannot orphan a file. */
export async function setProof(
  db: Executor,
  orderId: number,
  from: string | null,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ order_proof: to, updated_at: at })
    .where("order_id", "=", orderId)
    .where("order_proof", from === null ? "is" : "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOrderByReceipt(db: Executor, receiptPath: string) {
  return db
    .selectFrom("orders")
    .select(["order_id", "user_id"])
    .where("payment_proof", "=", receiptPath)
    .executeTakeFirst();
}

/** Orders whose payment is in `paymentStatus`, but none in an `excluded` status (lower case), oldest first. */
export function listByPayment(db: Executor, paymentStatus: string, excluded: readonly string[]) {
  return ordersWithUsers(db)
    .where("orders.payment_status", "=", paymentStatus)
    .where(sql<string>`lower(trim(orders.order_status))`, "not in", [...excluded])
    .orderBy("orders.order_date")
    .orderBy("orders.order_id")
    .execute();
}

/**
 * Up to `limit` orders, oldest deadline first, that are still in `status` with their payment still
 * `payment` and whose deadline is at or before `at`: the ones to lapse.
 */
export function listLapsed(db: Executor, state: { status: string; payment: string }, at: string, limit: number) {
  return db
    .selectFrom("orders")
    .select(["order_id", "order_status", "payment_status"])
    .where("order_status", "=", state.status)
    .where("payment_status", "=", state.payment)
    .where("payment_due_at", "<=", at)
    .orderBy("payment_due_at")
    .orderBy("order_id")
    .limit(limit)
    .execute();
}
