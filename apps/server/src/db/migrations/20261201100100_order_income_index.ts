import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * The admin overview's month's income (every overview, searched or not) sums the orders of a month
 * whose status, compared as `lower(trim(order_status))`, is finished. The date index alone made it
 * read every order of the month from the table (10,000 orders: most of the overview's time). This
 * index holds that very expression, then the date and the amount, so the sum reads only the
 * finished orders of the month, from the index alone. Both databases index an expression.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_income on orders (lower(trim(order_status)), order_date, total_price)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index orders_income`.execute(db);
}
