import type { Kysely } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Order mails (contract §7.3). An order remembers whether its shopper asked to be reminded a year
 * later and when that reminder went out (once), with the hash of the token its opt-out link
 * carries, and when the payment reminder went out (once). A mail may carry attachments (the
 * delivery photo of the Finished mail), kept with the mail as JSON so a retry a day later still
 * has them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("remind_next_year", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("reminder_sent_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("reminder_token_hash", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_reminder_sent_at", "text").execute();
  await db.schema
    .createIndex("orders_reminder_due")
    .on("orders")
    .columns(["remind_next_year", "reminder_sent_at"])
    .execute();
  await db.schema.createIndex("orders_reminder_token").on("orders").column("reminder_token_hash").unique().execute();
  await db.schema.alterTable("mails").addColumn("attachments", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mails").dropColumn("attachments").execute();
  await db.schema.dropIndex("orders_reminder_token").execute();
  await db.schema.dropIndex("orders_reminder_due").execute();
  for (const column of ["payment_reminder_sent_at", "reminder_token_hash", "reminder_sent_at", "remind_next_year"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
