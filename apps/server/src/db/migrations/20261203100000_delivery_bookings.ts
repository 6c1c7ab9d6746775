import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * The statuses that free an order's place, in lower case, as the contract's SLOT_RELEASING_STATUSES
 * were when this migration was written (the bookings test checks they still are).
 */
export const RELEASING_STATUSES = ["denied", "cancelled"];
const RELEASING = sql.join(RELEASING_STATUSES.map((status) => sql.lit(status)));

/** Whether `row` (new or old) holds a place: a day and a slot, in a status that does not free them. */
const holds = (row: "new" | "old") =>
  sql`(${sql.raw(row)}.delivery_day is not null and ${sql.raw(row)}.delivery_slot_id is not null
    and lower(trim(${sql.raw(row)}.order_status)) not in (${RELEASING}))`;
const sameKey = sql`(new.delivery_day = old.delivery_day and new.delivery_slot_id = old.delivery_slot_id)`;

const take = (row: "new") =>
  sql`insert into delivery_bookings (delivery_day, delivery_slot_id, booked)
    values (${sql.raw(row)}.delivery_day, ${sql.raw(row)}.delivery_slot_id, 1)
    on conflict (delivery_day, delivery_slot_id) do update set booked = delivery_bookings.booked + 1`;
const release = (row: "old") =>
  sql`update delivery_bookings set booked = booked - 1
    where delivery_day = ${sql.raw(row)}.delivery_day and delivery_slot_id = ${sql.raw(row)}.delivery_slot_id`;

/**
 * How many orders hold each delivery place (day and slot), kept beside the orders by triggers in the
 * transaction of every insert, update or delete of an order, whoever writes it: a new order, a
 * status that frees its place (Denied, Cancelled, the lapse of an unpaid order), an admin's move,
 * the seed or a script. Every order that names no slot read the whole window's orders to find the
 * earliest free place, and every order that claims one counted its orders under the slot's lock;
 * both now read these rows (docs/decisions/0030). Rows are never deleted: a place whose orders all
 * went keeps a row with 0.
 *
 * An increment for a place happens under that slot's lock (every path that gives an order a place
 * locks its slot first, docs/stock-and-locking.md), so it adds no wait an order did not have. A
 * decrement takes no slot lock, as freeing a place never did. On PostgreSQL a move that touches two
 * places writes their rows in key order, so two moves in opposite directions cannot deadlock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("delivery_bookings")
    .addColumn("delivery_day", "text", (c) => c.notNull())
    .addColumn("delivery_slot_id", "integer", (c) => c.notNull())
    .addColumn("booked", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("delivery_bookings_pkey", ["delivery_day", "delivery_slot_id"])
    .execute();
  await sql`insert into delivery_bookings (delivery_day, delivery_slot_id, booked)
    select delivery_day, delivery_slot_id, count(*) from orders
    where delivery_day is not null and delivery_slot_id is not null
      and lower(trim(order_status)) not in (${RELEASING})
    group by delivery_day, delivery_slot_id`.execute(db);

  const columns = sql`delivery_day, delivery_slot_id, order_status`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function orders_bookings() returns trigger language plpgsql as $$
      declare
        held_before boolean := tg_op <> 'INSERT' and coalesce(${holds("old")}, false);
        held_after boolean := tg_op <> 'DELETE' and coalesce(${holds("new")}, false);
      begin
        if held_before and held_after and ${sameKey} then
          return null;
        end if;
        if held_before and held_after
          and (new.delivery_day, new.delivery_slot_id) < (old.delivery_day, old.delivery_slot_id) then
          ${take("new")};
          ${release("old")};
          return null;
        end if;
        if held_before then
          ${release("old")};
        end if;
        if held_after then
          ${take("new")};
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger orders_bookings after insert or delete or update of ${columns} on orders
      for each row execute function orders_bookings()`.execute(db);
    return;
  }
  await sql`create trigger orders_bookings_insert after insert on orders when ${holds("new")}
    begin ${take("new")}; end`.execute(db);
  await sql`create trigger orders_bookings_release after update of ${columns} on orders
    when ${holds("old")} and not (${holds("new")} and ${sameKey})
    begin ${release("old")}; end`.execute(db);
  await sql`create trigger orders_bookings_take after update of ${columns} on orders
    when ${holds("new")} and not (${holds("old")} and ${sameKey})
    begin ${take("new")}; end`.execute(db);
  await sql`create trigger orders_bookings_delete after delete on orders when ${holds("old")}
    begin ${release("old")}; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger orders_bookings on orders`.execute(db);
    await sql`drop function orders_bookings()`.execute(db);
  } else {
    for (const trigger of ["insert", "release", "take", "delete"]) {
      await sql`drop trigger ${sql.id(`orders_bookings_${trigger}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("delivery_bookings").execute();
}
