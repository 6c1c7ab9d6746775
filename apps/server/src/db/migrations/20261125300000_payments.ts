import { type Kysely, PostgresAdapter } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Paying by bank transfer (contract §7.2). An order carries the deadline it was placed with (fixed
 * then, so a later change of the window moves none), the shopper's transfer receipt (a private
 * file, like the delivery proof) and the admin's note on a rejected or hand-marked payment. The
 * expiry job looks for open orders by status, payment and deadline, hence the index. The shop's
 * bank accounts are a list in the order the admin gave them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("payment_due_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_proof", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_note", "text").execute();
  await db.schema
    .createIndex("orders_payment_expiry")
    .on("orders")
    .columns(["order_status", "payment_status", "payment_due_at"])
    .execute();
  await db.schema.createIndex("orders_payment_proof").on("orders").column("payment_proof").execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("bank_accounts")
    .addColumn("bank_account_id", postgres ? "serial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("bank", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_name", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bank_accounts").execute();
  await db.schema.dropIndex("orders_payment_proof").execute();
  await db.schema.dropIndex("orders_payment_expiry").execute();
  await db.schema.alterTable("orders").dropColumn("payment_note").execute();
  await db.schema.alterTable("orders").dropColumn("payment_proof").execute();
  await db.schema.alterTable("orders").dropColumn("payment_due_at").execute();
}
